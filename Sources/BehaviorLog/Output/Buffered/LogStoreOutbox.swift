import Foundation
import LogStore
import Synchronization

/// A `BufferedOutput`'s store on `LogStore`: the logs in `directory` (a LogStore whose
/// cursor `sent` marks what the backend acknowledged), the rejected chunks in
/// `directory/rejected` (a second LogStore, kept for inspection, never resent).
final class LogStoreOutbox: OutboxStorage {
    static let cursor = "sent"

    private let writer: LogStoreWriter
    private let rejectedDirectory: String
    private let rejected = Mutex<LogStoreWriter?>(nil)
    private let acknowledged: Atomic<UInt64>

    init(directory: String, configuration: LogStoreConfiguration) throws(LogStoreError) {
        writer = try LogStoreWriter(directory: directory, configuration: configuration)
        rejectedDirectory = (directory as NSString).appendingPathComponent("rejected")
        acknowledged = Atomic(try writer.acknowledgedSequence(cursor: Self.cursor))
    }

    func append(_ logs: [EncodedLog]) throws {
        _ = try writer.append(contentsOf: logs.map(LogStoreOutbox.storeEntry))
    }

    static func storeEntry(_ log: EncodedLog) -> LogStore.LogEntry {
        LogStore.LogEntry(
            tag: log.envelope.tag,
            timestamp: LogTimestamp(microsecondsSince1970: LogClock.microseconds(log.envelope.time)),
            uuid: log.envelope.uuid, payload: log.body)
    }

    func makeDurable() throws {
        _ = try writer.sync()
    }

    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [StoredLog] {
        let durable = writer.durableSequence
        let records = try writer.read(cursor: Self.cursor, limit: maxCount)
        var logs: [StoredLog] = []
        logs.reserveCapacity(records.count)
        var bytes = 0
        for record in records {
            guard record.sequence <= durable else { break }
            if !logs.isEmpty && bytes + record.payload.count > maxBytes { break }
            bytes += record.payload.count
            logs.append(StoredLog(
                sequence: record.sequence, uuid: record.uuid, time: record.timestamp.date, tag: record.tag, body: record.payload))
        }
        return logs
    }

    func acknowledge(through sequence: UInt64) throws {
        try writer.acknowledge(cursor: Self.cursor, through: sequence)
        acknowledged.store(sequence, ordering: .relaxed)
    }

    func setAside(_ logs: [StoredLog], reason: String) throws {
        try rejected.withLock { (store: inout LogStoreWriter?) throws in
            if store == nil { store = try LogStoreWriter(directory: rejectedDirectory, configuration: .standard) }
            _ = try store!.append(contentsOf: logs.map {
                LogStore.LogEntry(tag: $0.tag, timestamp: LogTimestamp(microsecondsSince1970: LogClock.microseconds($0.time)), uuid: $0.uuid, payload: $0.body)
            })
            _ = try store!.sync()
        }
    }

    var unsentCount: Int {
        let durable = writer.durableSequence
        let acknowledged = acknowledged.load(ordering: .relaxed)
        guard durable > acknowledged else { return 0 }
        let pending = (try? writer.pendingCount(cursor: Self.cursor)) ?? Int(durable - acknowledged)
        return min(pending, Int(durable - acknowledged))
    }

    var setAsideCount: Int {
        if let store = rejected.withLock({ $0 }) { return store.stats().recordCount }
        guard let reader = try? LogStoreReader(directory: rejectedDirectory), let stats = try? reader.stats() else { return 0 }
        return stats.recordCount
    }

    func close() throws {
        try writer.close()
        try rejected.withLock { store in try store?.close() }
    }
}
