import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LogStore

/// `LogStoreReader.scan`: records lent without copying, the same records `read` returns.
@Suite struct ScanTests {
    static let tags = ["search.submitted", "search.opened", "checkout.paid", "cart.added"]

    /// 600 records over many small segments (three writer sessions), four tags in three categories.
    static func makeStore(_ store: TemporaryStore) throws -> [LogRecord] {
        var index = 1
        for _ in 0..<3 {
            let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
            for _ in 0..<200 {
                try writer.append(sampleEntry(index, tag: tags[(index / 7) % tags.count]))
                index += 1
            }
            try writer.close()
        }
        return try readAll(store.path)
    }

    /// Every record `scan` lends, copied, in `chunk`-sized scans that continue each other.
    static func scanAll(_ reader: LogStoreReader, filter: LogRecordFilter, chunk: Int = 41) throws -> [LogRecord] {
        var records: [LogRecord] = []
        while true {
            let lent = try reader.scan(after: records.last?.sequence ?? 0, limit: chunk, matching: filter) { record in
                records.append(record.record)
                return .continue
            }
            if lent == 0 { return records }
        }
    }

    @Test func filtersThroughScanMatchReadOnAMultiSegmentStore() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let all = try Self.makeStore(store)
        #expect(all.count == 600)
        #expect(try LogStoreReader(directory: store.path).segments().count > 10)
        let start = all[0].timestamp.microsecondsSince1970
        let filters = [
            LogRecordFilter.all,
            LogRecordFilter(tags: ["checkout.paid"]),
            LogRecordFilter(tags: ["search.opened", "cart.added"]),
            LogRecordFilter(categories: ["search"]),
            LogRecordFilter(tags: ["cart.added"], categories: ["checkout"]),
            LogRecordFilter(tags: ["no.such"]),
            LogRecordFilter(from: LogTimestamp(microsecondsSince1970: start + 150_000)),
            LogRecordFilter(until: LogTimestamp(microsecondsSince1970: start + 20_000)),
            LogRecordFilter(
                categories: ["search"], from: LogTimestamp(microsecondsSince1970: start + 100_000),
                until: LogTimestamp(microsecondsSince1970: start + 450_000)),
        ]
        for filter in filters {
            let expected = all.filter { filter.matches(tag: $0.tag, timestamp: $0.timestamp) }
            var read: [LogRecord] = []
            let reader = try LogStoreReader(directory: store.path)
            while true {
                let chunk = try reader.read(after: read.last?.sequence ?? 0, limit: 37, matching: filter)
                if chunk.isEmpty { break }
                read += chunk
            }
            #expect(read == expected, "read with \(filter)")
            #expect(try Self.scanAll(LogStoreReader(directory: store.path), filter: filter) == expected, "scan with \(filter)")
            var oneScan: [LogRecord] = []
            try LogStoreReader(directory: store.path).scan(matching: filter) {
                oneScan.append($0.record); return .continue
            }
            #expect(oneScan == expected, "one scan with \(filter)")
        }
    }

    @Test func lentFieldsAreTheRecordsFields() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let all = try Self.makeStore(store)
        var index = 0
        try LogStoreReader(directory: store.path).scan { record in
            let expected = all[index]
            #expect(record.sequence == expected.sequence && record.timestamp == expected.timestamp && record.uuid == expected.uuid)
            #expect(record.tag == expected.tag && Array(record.tagBytes) == Array(expected.tag.utf8))
            #expect(Array(record.payload) == expected.payload)
            index += 1
            return .continue
        }
        #expect(index == all.count)
    }

    @Test func aBodyThatStopsEndsTheScanAndTheNextScanContinues() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let all = try Self.makeStore(store)
        let reader = try LogStoreReader(directory: store.path)
        var seen: [UInt64] = []
        let lent = try reader.scan(matching: LogRecordFilter(categories: ["search"])) { record in
            seen.append(record.sequence)
            return seen.count == 5 ? .stop : .continue
        }
        let search = all.filter { $0.tag.hasPrefix("search.") }.map(\.sequence)
        #expect(lent == 5 && seen == Array(search.prefix(5)))
        var rest: [UInt64] = []
        try reader.scan(after: seen.last!, matching: LogRecordFilter(categories: ["search"])) {
            rest.append($0.sequence); return .continue
        }
        #expect(rest == Array(search.dropFirst(5)))

        struct Refused: Error {}
        var calls = 0
        #expect(throws: Refused.self) {
            try reader.scan { _ in
                calls += 1
                if calls == 3 { throw Refused() }
                return .continue
            }
        }
        #expect(calls == 3)
        #expect(try reader.scan(limit: 7) { _ in .continue } == 7)
    }

    @Test func aDamagedFrameIsNeverLent() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let all = try Self.makeStore(store)
        let layout = StoreLayout(directory: store.path)
        let segments = try LogStoreReader(directory: store.path).segments()
        // Flip one payload byte of the second record of a segment in the middle of the store.
        let segment = segments[segments.count / 2]
        let damaged = segment.sequenceRange!.lowerBound + 1
        let path = layout.segmentPath(segment.number)
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        let first = all.first { $0.sequence == segment.sequenceRange!.lowerBound }!
        let frameStart = SegmentHeader.byteCount + RecordFrame.frameBytes(tagBytes: first.tag.utf8.count, payloadBytes: first.payload.count)
        bytes[frameStart + 60] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        var lent: [UInt64] = []
        try LogStoreReader(directory: store.path).scan { record in
            let expected = all.first { $0.sequence == record.sequence }!
            #expect(Array(record.payload) == expected.payload, "seq \(record.sequence) lent with other bytes")
            lent.append(record.sequence)
            return .continue
        }
        #expect(lent == all.map(\.sequence).filter { $0 != damaged })
    }
}
