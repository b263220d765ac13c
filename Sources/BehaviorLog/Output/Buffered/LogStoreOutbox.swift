import Foundation
import LogStore
import Synchronization

/// A `BufferedOutput`'s store on `LogStore`: the logs in `directory` (a LogStore whose
/// cursor `sent` marks what the backend acknowledged), the rejected chunks in
/// `directory/rejected` (a second LogStore, kept for inspection, never resent).
///
/// The position of the last acknowledged log is kept in memory and written to the cursor
/// (an `fsync`ed file) at most every `cursorInterval` seconds or `cursorLogs` logs, and on
/// close: one `fsync` per chunk would cost more than the sending. A crash in between
/// resends at most those logs — delivery is at-least-once anyway, and they carry the same
/// UUIDs.
final class LogStoreOutbox: OutboxStorage {
    static let cursor = "sent"

    private struct CursorState {
        var inMemory: UInt64
        var persisted: UInt64
        var persistedAt: ContinuousClock.Instant
    }

    private let writer: LogStoreWriter
    private let groupCommit: GroupCommitThread
    /// The logs appended last, which the sender reads without reading the store back.
    private let recent = Locked(RecentLogs(maximumCount: 8_192, maximumBytes: 4 << 20))
    private let durabilityHandler = Locked<(@Sendable ((any Error)?) -> Void)?>(nil)
    private let rejectedDirectory: String
    private let rejected = Locked<LogStoreWriter?>(nil)
    private let cursorState: Locked<CursorState>
    private let acknowledged: Atomic<UInt64>
    private let cursorInterval: Duration
    private let cursorLogs: UInt64

    init(directory: String, configuration: LogStoreConfiguration, cursorInterval: Double = 0.5, cursorLogs: Int = 10_000) throws(LogStoreError) {
        // The group commit runs on its own thread (`GroupCommitThread`), with the store's rules;
        // the store itself then never syncs inside `append`.
        var storeConfiguration = configuration
        storeConfiguration.syncEveryRecords = Int.max
        storeConfiguration.syncIntervalMilliseconds = Int(Int32.max)
        writer = try LogStoreWriter(directory: directory, configuration: storeConfiguration)
        let handler = durabilityHandler
        groupCommit = GroupCommitThread(
            writer: writer, everyRecords: configuration.syncEveryRecords, intervalMilliseconds: configuration.syncIntervalMilliseconds,
            name: "bl-sync.\((directory as NSString).lastPathComponent)"
        ) { error in handler.withLock { $0 }?(error) }
        rejectedDirectory = (directory as NSString).appendingPathComponent("rejected")
        let start = try writer.acknowledgedSequence(cursor: Self.cursor)
        acknowledged = Atomic(start)
        cursorState = Locked(CursorState(inMemory: start, persisted: start, persistedAt: .now))
        self.cursorInterval = .seconds(cursorInterval)
        self.cursorLogs = UInt64(max(1, cursorLogs))
    }

    func append(_ logs: [EncodedLog]) throws {
        let entries = logs.map(LogStoreOutbox.storeEntry)
        do {
            if let sequences = try writer.append(contentsOf: entries) {
                let acknowledged = acknowledged.load(ordering: .relaxed)
                recent.withLock { $0.add(entries, sequences: sequences, acknowledged: acknowledged) }
            }
        } catch {
            recent.withLock { $0.removeAll() }
            throw error
        }
        groupCommit.appended(logs.count)
    }

    var reportsGroupCommits: Bool { true }

    func onGroupCommit(_ handler: @escaping @Sendable ((any Error)?) -> Void) {
        durabilityHandler.withLock { $0 = handler }
    }

    static func storeEntry(_ log: EncodedLog) -> LogStore.LogEntry {
        LogStore.LogEntry(
            tag: log.envelope.tag,
            timestamp: LogTimestamp(microsecondsSince1970: LogClock.microseconds(log.envelope.time)),
            uuid: log.envelope.uuid, payload: log.body)
    }

    /// The group commit thread syncs (and wakes the sender) in a moment; the caller — the
    /// logger's writer, out of logs — does not wait for the disk.
    func makeDurableSoon() {
        groupCommit.requestSync()
    }

    func makeDurable() throws {
        _ = try writer.sync()
    }

    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [LogRecord] {
        let durable = writer.durableSequence
        let after = acknowledged.load(ordering: .relaxed)
        if let held = recent.withLock({ $0.read(after: after, durable: durable, maxCount: maxCount, maxBytes: maxBytes) }) {
            return held
        }
        let records = try writer.read(after: after, limit: maxCount)
        var bytes = 0
        var count = 0
        for record in records {
            guard record.sequence <= durable else { break }
            if count > 0 && bytes + record.payload.count > maxBytes { break }
            bytes += record.payload.count
            count += 1
        }
        return count == records.count ? records : Array(records.prefix(count))
    }

    func acknowledge(through sequence: UInt64) throws {
        acknowledged.store(sequence, ordering: .relaxed)
        let persist: Bool = cursorState.withLock { state in
            state.inMemory = max(state.inMemory, sequence)
            return state.inMemory - state.persisted >= cursorLogs || ContinuousClock.now - state.persistedAt >= cursorInterval
        }
        if persist { try persistCursor() }
    }

    /// Writes the in-memory position to the cursor file (which lets the store delete segments).
    private func persistCursor() throws {
        let (target, persisted) = cursorState.withLock { ($0.inMemory, $0.persisted) }
        guard target > persisted else { return }
        try writer.acknowledge(cursor: Self.cursor, through: target)
        cursorState.withLock { state in
            state.persisted = max(state.persisted, target)
            state.persistedAt = .now
        }
    }

    func setAside(_ logs: [LogRecord], reason: String) throws {
        try rejected.withLock { (store: inout LogStoreWriter?) throws in
            if store == nil { store = try LogStoreWriter(directory: rejectedDirectory, configuration: .standard) }
            _ = try store!.append(contentsOf: logs.map(\.entry))
            _ = try store!.sync()
        }
    }

    var isDrained: Bool {
        // In this order: a log appended after `last` was read is not counted, but neither is
        // its size yet (the output counts it after the append); the durable and acknowledged
        // sequences only grow.
        let last = writer.lastSequence
        let durable = writer.durableSequence
        return last <= durable && durable <= acknowledged.load(ordering: .relaxed)
    }

    var unsentCount: Int {
        let durable = writer.durableSequence
        let acknowledged = acknowledged.load(ordering: .relaxed)
        guard durable > acknowledged else { return 0 }
        // Sequence numbers can have gaps (a failed write); the store's count from segment
        // summaries is exact but counts from the persisted cursor.
        let persisted = cursorState.withLock { $0.persisted }
        let pending = (try? writer.pendingCount(cursor: Self.cursor)).map { $0 - Int(acknowledged - persisted) } ?? Int(durable - acknowledged)
        return max(0, min(pending, Int(durable - acknowledged)))
    }

    var setAsideCount: Int {
        if let store = rejected.withLock({ $0 }) { return store.stats().recordCount }
        guard let reader = try? LogStoreReader(directory: rejectedDirectory), let stats = try? reader.stats() else { return 0 }
        return stats.recordCount
    }

    // MARK: Erasure (issue 17)

    func eraseAll() throws -> Int {
        let unsent = Int(writer.lastSequence - min(writer.lastSequence, acknowledged.load(ordering: .relaxed)))
        recent.withLock { $0.removeAll() }
        try writer.eraseAll()
        // Sequence numbers go on after the erased ones: what was read before is never read again,
        // and the cursor (rewritten at the last number) keeps them going on after a restart.
        let last = writer.lastSequence
        acknowledged.store(last, ordering: .relaxed)
        cursorState.withLock { $0 = CursorState(inMemory: last, persisted: last, persistedAt: .now) }
        if last > 0 { try writer.acknowledge(cursor: Self.cursor, through: last) }
        try rejected.withLock { (store: inout LogStoreWriter?) throws in
            if let open = store {
                try open.close()
                store = nil
            }
            try LogStoreWriter.removeStore(directory: rejectedDirectory)
        }
        return unsent
    }

    func close() throws {
        groupCommit.stop()
        try persistCursor()
        try writer.close()
        try rejected.withLock { store in try store?.close() }
    }
}
