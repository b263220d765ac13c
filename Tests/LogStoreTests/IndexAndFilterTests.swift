import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LogStore

@Suite struct IndexAndFilterTests {
    /// 6 segments, each with one hour of records and its own tag.
    static func makeStore(_ store: TemporaryStore) throws -> [LogRecord] {
        for hour in 0..<6 {
            // Every open starts a new segment: one segment per hour.
            let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20))
            for index in 0..<25 {
                let time = 1_700_000_000_000_000 + Int64(hour) * 3_600_000_000 + Int64(index) * 1_000_000
                try writer.append(sampleEntry(hour * 25 + index, tag: "hour\(hour).tick", payloadBytes: 100, time: time))
            }
            try writer.close()
        }
        return try readAll(store.path)
    }

    @Test func missingDamagedAndStaleIndexesAreRebuilt() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        _ = try Self.makeStore(store)
        let layout = StoreLayout(directory: store.path)
        let reader = try LogStoreReader(directory: store.path)
        let truth = try reader.segments()
        let numbers = truth.map(\.number)
        unlink(layout.indexPath(numbers[0]))
        _ = FileManager.default.createFile(atPath: layout.indexPath(numbers[1]), contents: Data("garbage".utf8))
        // Stale: the segment grew after its index was written.
        let handle = try #require(FileHandle(forWritingAtPath: layout.segmentPath(numbers[2])))
        handle.seekToEndOfFile()
        handle.write(Data(repeating: 0, count: 10))
        handle.closeFile()
        let verification = try LogStoreReader(directory: store.path).verify()
        #expect(verification.indexesMissingOrStale == 3)
        var expected = truth
        expected[2].fileBytes += 10
        expected[2].tornTailBytes = 10
        #expect(try LogStoreReader(directory: store.path).segments() == expected)
        // The writer rebuilds them (and cuts the zero tail of the stale one, counting what it cut).
        try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20)).close()
        #expect(try LogStoreReader(directory: store.path).verify().indexesMissingOrStale == 0)
        #expect(try LogStoreReader(directory: store.path).verify().tornTailBytes == 0)
        var rebuilt = truth
        rebuilt[2].tornTailBytes = 10
        #expect(try LogStoreReader(directory: store.path).segments().prefix(3) == rebuilt.prefix(3))
    }

    @Test func indexesHoldRangesTagCountsAndSparseOffsets() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let records = try Self.makeStore(store)
        let segments = try LogStoreReader(directory: store.path).segments()
        #expect(segments.reduce(0) { $0 + $1.recordCount } == records.count)
        for segment in segments {
            let inSegment = records.filter { segment.sequenceRange?.contains($0.sequence) ?? false }
            #expect(segment.recordCount == inSegment.count)
            #expect(segment.timeRange == inSegment.map(\.timestamp).min()!...inSegment.map(\.timestamp).max()!)
            #expect(segment.tagCounts == Dictionary(grouping: inSegment, by: \.tag).mapValues(\.count))
            #expect(segment.sparseOffsets.first == SegmentHeader.byteCount)
        }
    }

    @Test func filtersByTagCategoryAndTimeRange() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let records = try Self.makeStore(store)
        let reader = try LogStoreReader(directory: store.path)
        func all(_ filter: LogRecordFilter) throws -> [LogRecord] {
            var result: [LogRecord] = []
            var after: UInt64 = 0
            while true {
                let chunk = try reader.read(after: after, limit: 7, matching: filter)
                guard let last = chunk.last else { return result }
                result += chunk
                after = last.sequence
            }
        }
        #expect(try all(LogRecordFilter(tags: ["hour3.tick"])) == records.filter { $0.tag == "hour3.tick" })
        #expect(try all(LogRecordFilter(categories: ["hour1", "hour4"])) == records.filter { $0.tag.hasPrefix("hour1.") || $0.tag.hasPrefix("hour4.") })
        let from = LogTimestamp(microsecondsSince1970: 1_700_000_000_000_000 + 2 * 3_600_000_000 + 10_000_000)
        let until = LogTimestamp(microsecondsSince1970: 1_700_000_000_000_000 + 4 * 3_600_000_000 + 5_000_000)
        #expect(try all(LogRecordFilter(from: from, until: until)) == records.filter { $0.timestamp >= from && $0.timestamp < until })
        #expect(try all(LogRecordFilter(tags: ["nothing.here"])).isEmpty)
        // A summary with no matching tag or time lets the reader skip the segment unread.
        let segments = try reader.segments()
        #expect(segments.filter { LogRecordFilter(tags: ["hour3.tick"]).mayMatch($0) }.count == 1)
    }

    @Test func seeksStartNearTheRequestedSequence() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20))
        try writer.append(contentsOf: (1...3000).map { sampleEntry($0) })
        try writer.close()
        let segment = try #require(try LogStoreReader(directory: store.path).segments().first)
        #expect(segment.sparseOffsets.count > 3)
        let reader = try LogStoreReader(directory: store.path)
        for after: UInt64 in [0, 1, 777, 2999, 3000, 5000] {
            #expect(try reader.read(after: after, limit: 3).map(\.sequence) == ((after + 1)...(after + 3)).filter { $0 <= 3000 })
        }
    }
}
