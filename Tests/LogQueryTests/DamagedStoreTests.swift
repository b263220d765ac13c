import Foundation
import LogStore
import Testing
import TestSupport
@testable import LogQuery

/// Damaged stores (truncated, garbage, missing or broken indexes): queries return what is
/// intact, agree with a plain read of it, and never crash.
@Suite struct DamagedStoreTests {
    let filters: [QueryOptions] = [
        QueryOptions(), QueryOptions(tags: ["recipe_search.*"]), QueryOptions(since: "2026-11-30T00:05:00Z"),
        QueryOptions(conditions: ["keyword=egg"]), QueryOptions(limit: 7), QueryOptions(limit: 7, reverse: true),
    ]

    /// A store of 600 logs over several segments, damaged by `damage`.
    func damaged(_ damage: (TestStore) throws -> Void) throws -> TestStore {
        let store = try TestStore().fill(count: 600, seed: 3)
        try damage(store)
        return store
    }

    /// Checks every filter against a brute-force pass over what a plain read returns.
    func expectConsistent(_ store: TestStore, keepsAtLeast minimum: Int) throws {
        let query = try store.query()
        let intact = try query.logs(LogQuery())
        #expect(intact.count >= minimum)
        // Every record returned is one that was written, byte for byte.
        let written = Dictionary(uniqueKeysWithValues: store.written.map { ($0.sequence, $0) })
        for log in intact { #expect(written[log.sequence] == log) }
        for options in filters {
            let logQuery = try options.query(clock: fixedClock)
            var expected = intact.filter { log in log.withStoredLog { logQuery.matches($0) } }.map(\.sequence)
            if let limit = options.limit { expected = Array(expected.suffix(limit)) }
            if options.reverse { expected.reverse() }
            #expect(try query.logs(logQuery).map(\.sequence) == expected, "\(options)")
            _ = try query.statistics(logQuery)
        }
        _ = try query.verify()
    }

    @Test func truncatedSegment() throws {
        let store = try damaged { store in
            let files = try store.segmentFiles()
            let handle = try #require(FileHandle(forUpdatingAtPath: files[files.count / 2]))
            let size = try handle.seekToEnd()
            try handle.truncate(atOffset: size / 2)
            try handle.close()
        }
        try expectConsistent(store, keepsAtLeast: 450)
    }

    @Test func garbageInTheMiddleAndAtTheEnd() throws {
        let store = try damaged { store in
            let files = try store.segmentFiles()
            let middle = try #require(FileHandle(forUpdatingAtPath: files[1]))
            try middle.seek(toOffset: 3000)
            try middle.write(contentsOf: Data(repeating: 0xA5, count: 40))
            try middle.close()
            let last = try #require(FileHandle(forUpdatingAtPath: files[files.count - 1]))
            try last.seekToEnd()
            try last.write(contentsOf: Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
            try last.close()
        }
        try expectConsistent(store, keepsAtLeast: 500)
        #expect(try !store.query().verify().isIntact)
    }

    @Test func missingAndBrokenIndexes() throws {
        let store = try damaged { store in
            let indexes = try store.indexFiles()
            #expect(indexes.count > 2)
            try FileManager.default.removeItem(atPath: indexes[0])
            try Data("not an index".utf8).write(to: URL(fileURLWithPath: indexes[1]))
            let handle = try #require(FileHandle(forUpdatingAtPath: indexes[2]))
            try handle.truncate(atOffset: 10)
            try handle.close()
        }
        try expectConsistent(store, keepsAtLeast: 600)
        #expect(try store.query().logs(LogQuery()).count == 600)
    }

    @Test func aBodyThatIsNotJSONIsListedAndChecked() throws {
        let store = TestStore()
        let writer = try store.writer()
        try store.append(writer, tag: "recipe_search.search", microseconds: TestStore.start, body: "garbage")
        try store.append(writer, tag: "recipe_search.search", microseconds: TestStore.start + 1, body: #"{"payload":{"keyword":"egg"}}"#)
        try writer.close()
        let query = try store.query()
        #expect(try query.logs(LogQuery()).count == 2)
        #expect(try query.logs(QueryOptions(conditions: ["keyword=egg"]).query(clock: fixedClock)).map(\.sequence) == [2])
    }

    @Test func noStoreIsAClearError() {
        #expect {
            _ = try StoreLocation(option: "/nonexistent/store", environment: [:]).open()
        } throws: { error in
            "\(error)"
                == "no log store at '/nonexistent/store' (from --store); pass --store DIR or set BEHAVIORLOG_STORE to the directory the app's LocalStoreOutput writes (recipe-demo prints it)"
        }
        let temporary = TemporaryDirectory("logview-not-a-store")
        defer { temporary.remove() }
        let empty = temporary.path
        #expect {
            _ = try StoreLocation(option: nil, environment: ["BEHAVIORLOG_STORE": empty]).open()
        } throws: { error in
            "\(error)".hasPrefix("'\(empty)' (from BEHAVIORLOG_STORE) holds no log store (no segment files); pass --store DIR")
        }
        #expect(StoreLocation(option: nil, environment: ["BEHAVIORLOG_STORE": "/x"]).path == "/x")
        #expect(StoreLocation(option: nil, environment: ["BEHAVIORLOG_STORE": "/x"]).source == "BEHAVIORLOG_STORE")
        #expect(StoreLocation(option: nil, environment: [:]).path == StoreLocation.defaultPath)
    }
}
