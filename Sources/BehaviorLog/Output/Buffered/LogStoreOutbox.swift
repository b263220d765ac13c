import Foundation
import LogCore
import LogStore

/// A `BufferedOutput`'s store on `LogStore`: the logs in `directory` (a LogStore whose
/// cursor `sent` marks what the backend acknowledged), the rejected chunks in
/// `directory/rejected` (a second LogStore, kept for inspection, never resent).
///
/// Syncs: before a chunk is sent (``makeDurable()``: only durable logs are sent, so that is the
/// one sync a chunk needs), otherwise at most once per `syncInterval` while logs are appended
/// (a ``SyncScheduler``), and on close.
///
/// The position of the last acknowledged log is kept in memory and written to the cursor file
/// at most every `cursorInterval` seconds or `cursorLogs` logs, and on close, without a sync
/// of its own (it reaches the disk with the next sync of the store's directory, or the file
/// system's own writeback): a power loss can only take the cursor back, and then resends
/// logs the backend had — delivery is at-least-once anyway, and they carry the same UUIDs.
/// Segments are deleted only behind the cursor, so no unsent log is ever deleted.
///
/// Made without touching the file system: ``open()`` (the sender's thread, first thing) opens
/// the store and reads the cursor; an append before that opens it on the appending thread.
///
/// Or the store of a history (``init(history:)``, `BufferedOutput(history:…)`): the output
/// appends its logs to the history's store, which syncs them on its own schedule, and sends
/// through the cursor `sent` in it. Each log is then written and synced once, in one store; the
/// history keeps what was sent (its caps alone drop segments, counting the unsent records they
/// take in the store's `droppedByCaps`), and a denial of consent moves the cursor past the
/// unsent logs (``dropUnsent()``) instead of erasing the store.
final class LogStoreOutbox: OutboxStorage {
    static let cursor = "sent"

    private let writer: LogStoreWriter
    private let scheduler: SyncScheduler
    /// The history whose store this is, or nil for a store of the output's own.
    private let history: LocalStoreOutput?
    /// The logs appended last, which the sender reads without reading the store back.
    private let recent = Locked(RecentLogs(maximumCount: 8_192, maximumBytes: 4 << 20))
    private let failureHandler: Locked<(@Sendable (any Error) -> Void)?>
    private let rejectedDirectory: String
    private let rejected = Locked<LogStoreWriter?>(nil)
    /// The cursor `sent` in memory, as last persisted, and when. A tuple, not a struct of its
    /// own: `Locked` is generic and in another module, so a struct's metadata and value
    /// witnesses would be linked into every app.
    private let cursorState: Locked<(inMemory: UInt64, persisted: UInt64, persistedAt: ContinuousClock.Instant)>
    private let acknowledged: AtomicCounter
    /// A history that no output sent from yet: the position its cursor `sent` is made at, with
    /// the first append (``makeCursorBeforeFirstAppend()``); nil once the cursor is there.
    private let cursorToMake = Locked<UInt64?>(nil)
    /// 1 once the store is open and the cursor read (``ensureOpen()``).
    private let opened = AtomicCounter(0)
    private let openingLock = Locked(())
    private let cursorInterval: Duration
    private let cursorLogs: UInt64

    convenience init(
        directory: String, configuration: LogStoreConfiguration, syncInterval: Duration = .seconds(5),
        cursorInterval: Double = 0.5, cursorLogs: Int = 10_000
    ) {
        // The scheduler syncs; the store itself never syncs inside `append`.
        var storeConfiguration = configuration
        storeConfiguration.syncEveryRecords = Int.max
        storeConfiguration.syncInterval = .seconds(Int32.max)
        let writer = LogStoreWriter(deferringOpenOf: directory, configuration: storeConfiguration)
        let handler = Locked<(@Sendable (any Error) -> Void)?>(nil)
        let scheduler = SyncScheduler(writer: writer, interval: syncInterval, name: "bl-sync.\((directory as NSString).lastPathComponent)") { error in
            if let error { handler.withLock { $0 }?(error) }
        }
        self.init(
            writer: writer, scheduler: scheduler, failureHandler: handler, history: nil,
            rejectedDirectory: (directory as NSString).appendingPathComponent("rejected"), cursorInterval: cursorInterval, cursorLogs: cursorLogs)
    }

    /// The outbox in `history`'s store: its writer, its sync schedule (the history's
    /// `syncInterval`), its thread's opening; rejected chunks go to `history/rejected`.
    convenience init(history: LocalStoreOutput, cursorInterval: Double = 0.5, cursorLogs: Int = 10_000) {
        self.init(
            writer: history.writer, scheduler: history.scheduler, failureHandler: Locked(nil), history: history,
            rejectedDirectory: history.directory.appending(path: "rejected").path, cursorInterval: cursorInterval, cursorLogs: cursorLogs)
    }

    /// The one designated initializer, so that the stored properties' initial values are
    /// code once, not once in each of the two initializers above.
    private init(
        writer: LogStoreWriter, scheduler: SyncScheduler, failureHandler: Locked<(@Sendable (any Error) -> Void)?>,
        history: LocalStoreOutput?, rejectedDirectory: String, cursorInterval: Double, cursorLogs: Int
    ) {
        self.writer = writer
        self.scheduler = scheduler
        self.failureHandler = failureHandler
        self.history = history
        self.rejectedDirectory = rejectedDirectory
        acknowledged = AtomicCounter(0)
        cursorState = Locked((0, 0, .now))
        self.cursorInterval = .seconds(cursorInterval)
        self.cursorLogs = UInt64(max(1, cursorLogs))
    }

    func open() throws {
        try ensureOpen()
    }

    /// Opens the store and reads the cursor, once; every use of the cursor's position waits
    /// for it (the writer's own lazy opening would not read the cursor).
    private func ensureOpen() throws(LogStoreError) {
        if opened.load() == 1 { return }
        try openingLock.withLock { (_: inout Void) throws(LogStoreError) in
            guard opened.load() == 0 else { return }
            guard try writer.open() else { throw .protectedDataUnavailable(directory: writer.path) }
            var start = try writer.acknowledgedSequence(cursor: Self.cursor)
            if history != nil && !writer.stats().cursors.contains(where: { $0.name == Self.cursor }) {
                // A history that no output sent from yet: what it holds was not this output's
                // to send (an app that moves to the shared set-up must not resend its history).
                start = writer.lastSequence
                cursorToMake.withLock { $0 = start }
            }
            acknowledged.store(start)
            cursorState.withLock { $0 = (start, start, .now) }
            opened.store(1)
        }
    }

    @discardableResult
    func append(_ logs: [EncodedLog]) throws(LogStoreAppendFailure) -> ClosedRange<UInt64>? {
        do {
            try ensureOpen()
        } catch {
            throw LogStoreAppendFailure(kept: 0, lastKeptSequence: nil, error: error)
        }
        do {
            try makeCursorBeforeFirstAppend()
        } catch {
            throw LogStoreAppendFailure(kept: 0, lastKeptSequence: nil, error: error)
        }
        let entries = logs.map(LogStoreOutbox.storeEntry)
        let sequences: ClosedRange<UInt64>?
        do {
            if let history {
                sequences = try history.appendFromOutbox(entries)  // counted and scheduled there
            } else {
                sequences = try writer.appendReportingKept(contentsOf: entries)
            }
        } catch {
            recent.withLock { $0.removeAll() }
            if error.kept > 0 && history == nil { scheduler.appended(error.kept) }
            throw error
        }
        if let sequences {
            let acknowledged = acknowledged.load()
            recent.withLock { $0.add(entries, sequences: sequences, acknowledged: acknowledged) }
        }
        if history == nil { scheduler.appended(logs.count) }
        return sequences
    }

    func onSyncFailure(_ handler: @escaping @Sendable (any Error) -> Void) {
        failureHandler.withLock { $0 = handler }
    }

    /// In a history that no output sent from yet, makes the cursor `sent` (at the history's end
    /// when it opened) before this output's first log goes in — durably, so that a crash never
    /// finds its logs without the cursor and takes them for the history's own — and starts the
    /// count of the unsent records its caps drop over. At the first append, not at opening, so
    /// that a launch that logs nothing makes no sync for it.
    private func makeCursorBeforeFirstAppend() throws(LogStoreError) {
        try cursorToMake.withLock { (start: inout UInt64?) throws(LogStoreError) in
            guard let position = start else { return }
            if writer.stats().droppedByCaps > 0 { try writer.resetDroppedCount() }
            try writer.acknowledge(cursor: Self.cursor, through: position, durably: true)
            start = nil
        }
    }

    static func storeEntry(_ log: EncodedLog) -> LogStore.LogEntry {
        LogStore.LogEntry(
            tag: log.envelope.tag,
            timestamp: LogTimestamp(microsecondsSince1970: UnixTime.microseconds(log.envelope.time)),
            uuid: log.envelope.uuid, payload: log.body)
    }

    func makeDurable() throws {
        try scheduler.syncNow()
    }

    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [LogRecord] {
        try ensureOpen()
        let durable = writer.durableSequence
        let after = acknowledged.load()
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
        try ensureOpen()
        acknowledged.raise(to: sequence)
        let persist: Bool = cursorState.withLock { state in
            state.inMemory = max(state.inMemory, sequence)
            return state.inMemory - state.persisted >= cursorLogs || ContinuousClock.now - state.persistedAt >= cursorInterval
        }
        if persist { try persistCursor() }
    }

    /// Writes the in-memory position to the cursor file (which lets the store delete segments).
    private func persistCursor(durably: Bool = false) throws {
        let (target, persisted) = cursorState.withLock { ($0.inMemory, $0.persisted) }
        guard target > persisted else { return }
        try writer.acknowledge(cursor: Self.cursor, through: target, durably: durably)
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
        return last <= durable && durable <= acknowledged.load()
    }

    var unsentCount: Int {
        // Of the pending logs, those up to the durable sequence.
        let durable = writer.durableSequence
        let acknowledged = acknowledged.load()
        guard durable > acknowledged else { return 0 }
        return min(pendingCount, Int(durable - acknowledged))
    }

    var pendingCount: Int {
        // Written (durable or not) and unsent: the store's count from its segment summaries is
        // exact even where sequence numbers have gaps (a failed write), and counts from the
        // position in memory, which runs ahead of the cursor file (a cap may have dropped the
        // records between the two). Nothing before the store is open (its counts would open it).
        guard opened.load() == 1 else { return 0 }
        let last = writer.lastSequence
        let acknowledged = acknowledged.load()
        guard last > acknowledged else { return 0 }
        return min(writer.pendingCount(after: acknowledged), Int(last - acknowledged))
    }

    var pendingUpperBound: Int {
        let last = writer.lastSequence
        let acknowledged = acknowledged.load()
        return last > acknowledged ? Int(last - acknowledged) : 0
    }

    var droppedByCaps: Int {
        guard opened.load() == 1, cursorToMake.withLock({ $0 == nil }) else { return 0 }
        return Int(writer.stats().droppedByCaps)
    }

    var setAsideCount: Int {
        if let store = rejected.withLock({ $0 }) { return store.stats().recordCount }
        guard let reader = try? LogStoreReader(directory: rejectedDirectory), let stats = try? reader.stats() else { return 0 }
        return stats.recordCount
    }

    // MARK: Erasure (issue 17)

    func eraseAll() throws -> Int {
        try ensureOpen()
        let unsent = Int(writer.lastSequence - min(writer.lastSequence, acknowledged.load()))
        recent.withLock { $0.removeAll() }
        try writer.eraseAll()
        cursorToMake.withLock { $0 = nil }  // made below
        // Sequence numbers go on after the erased ones: what was read before is never read again,
        // and the cursor (rewritten at the last number) keeps them going on after a restart.
        let last = writer.lastSequence
        acknowledged.store(last)
        cursorState.withLock { $0 = (last, last, .now) }
        if let history {
            history.outboxErased()
            // In a history the cursor is there before this output's logs, durably (as
            // ``makeCursorBeforeFirstAppend()`` makes it).
            try writer.acknowledge(cursor: Self.cursor, through: last, durably: true)
        } else if last > 0 {
            try writer.acknowledge(cursor: Self.cursor, through: last)
        }
        try removeRejected()
        return unsent
    }

    /// Consent denied: in a store of its own, everything goes (``eraseAll()``); in a history,
    /// the cursor moves past the unsent logs, durably, and the history keeps them as it keeps
    /// every log it was given; the rejected logs go.
    func dropUnsent() throws -> Int {
        guard history != nil else { return try eraseAll() }
        try ensureOpen()
        let unsent = pendingCount
        let last = writer.lastSequence
        recent.withLock { $0.removeAll() }
        acknowledged.raise(to: last)
        cursorState.withLock { $0.inMemory = max($0.inMemory, last) }
        try persistCursor(durably: true)
        try removeRejected()
        return unsent
    }

    private func removeRejected() throws {
        try rejected.withLock { (store: inout LogStoreWriter?) throws in
            if let open = store {
                try open.close()
                store = nil
            }
            try LogStoreWriter.removeStore(directory: rejectedDirectory)
        }
    }

    func close() throws {
        if let history {
            try persistCursor(durably: true)
            try history.closeFromOutbox()
        } else {
            scheduler.stop()
            try persistCursor(durably: true)
            try writer.close()
        }
        try rejected.withLock { store in try store?.close() }
    }
}
