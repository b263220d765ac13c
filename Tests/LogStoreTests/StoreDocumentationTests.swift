import Foundation
import LogCore
import Testing
import LogStore

/// The example at the top of docs/Store.md, with a temporary directory for the store.
@Suite struct StoreDocumentationTests {
    @Test func usingItExampleRuns() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let reported = Locked<UInt64>(0)

        let writer = try LogStoreWriter(
            directory: store.path,
            configuration: try LogStoreConfiguration(
                syncEveryRecords: 500, syncInterval: .milliseconds(200), maximumTotalBytes: 64 << 20,
                onDurable: { sequence in reported.withLock { $0 = sequence } }))
        try writer.acknowledge(cursor: "http", through: 0)
        try writer.append(contentsOf: [
            LogEntry(tag: "search.submitted", timestamp: .now(), payload: Array(#"{"query":"shoes"}"#.utf8))
        ])
        let durable = try writer.sync()
        #expect(durable == 1 && reported.withLock { $0 } == 1)

        let chunk = try writer.read(cursor: "http", limit: 500)
        #expect(chunk.map(\.tag) == ["search.submitted"])
        #expect(try writer.pendingCount(cursor: "http") == 1)
        if let last = chunk.last { try writer.acknowledge(cursor: "http", through: last.sequence) }
        #expect(try writer.pendingCount(cursor: "http") == 0)

        let reader = try LogStoreReader(directory: store.path)
        let searches = try reader.read(after: 0, limit: 100, matching: LogRecordFilter(categories: ["search"]))
        #expect(searches.map(\.payload) == [Array(#"{"query":"shoes"}"#.utf8)])
        var bytes = 0
        try reader.scan(matching: LogRecordFilter(tags: ["search.submitted"])) { record in
            bytes += record.payload.count
            return .continue
        }
        #expect(bytes == #"{"query":"shoes"}"#.utf8.count)
        let stats = try reader.stats()
        #expect(stats.cursors.map(\.pendingRecords) == [0] && stats.droppedByCaps == 0)
        let check = try reader.verify()
        #expect(check.records == 1 && check.isIntact)
    }
}
