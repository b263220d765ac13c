import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LogStore

/// Damages a small closed segment and its index at every offset: opening and reading never
/// crash, no damaged record is returned, and every record outside the damage comes back.
@Suite struct CorruptionSweepTests {
    /// A store with one closed, indexed segment of 12 records; returns the records and the
    /// frame ranges in the segment file.
    static func makeStore(_ store: TemporaryStore) throws -> (records: [LogRecord], frames: [Range<Int>], segment: String, index: String) {
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20))
        try writer.append(contentsOf: (1...12).map { sampleEntry($0, payloadBytes: 20 + $0 * 7) })
        try writer.close()
        let records = try readAll(store.path)
        var frames: [Range<Int>] = []
        var offset = SegmentHeader.byteCount
        for record in records {
            let size = RecordFrame.frameBytes(tagBytes: record.tag.utf8.count, payloadBytes: record.payload.count)
            frames.append(offset..<offset + size)
            offset += size
        }
        let layout = StoreLayout(directory: store.path)
        return (records, frames, layout.segmentPath(1), layout.indexPath(1))
    }

    /// A filter that wants one record in three (``sampleEntry(_:tag:payloadBytes:time:)``'s tags).
    static let searches = LogRecordFilter(tags: ["search.submitted"])

    static func replace(_ path: String, with bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    @Test func flippedSegmentBytesLoseOnlyTheDamagedRecord() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let (records, frames, segment, _) = try Self.makeStore(store)
        let original = [UInt8](FileManager.default.contents(atPath: segment)!)
        #expect(frames.last?.upperBound == original.count)
        for offset in 0..<original.count {
            var damaged = original
            damaged[offset] ^= 0x5A
            Self.replace(segment, with: damaged)
            let expected = records.enumerated().filter { !frames[$0.offset].contains(offset) }.map(\.element)
            let read = try readAll(store.path, chunk: 5)
            #expect(read == expected, "flip at \(offset)")
            // A filtered scan passes over the other tag's frames without their checksums, yet
            // a damaged length among them must not cost it a single record.
            #expect(
                try readAll(store.path, chunk: 2, matching: Self.searches) == expected.filter { $0.tag == "search.submitted" },
                "filtered, flip at \(offset)")
            let verification = try LogStoreReader(directory: store.path).verify()
            let damagedFrame = frames.firstIndex { $0.contains(offset) }
            if let damagedFrame, damagedFrame < frames.count - 1 {
                #expect(verification.corruptSkipped == 1, "flip at \(offset): \(verification)")
            }
            if offset % 11 == 0 {
                // Recovery on open: never a crash, the same records, and appends continue.
                let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
                #expect(try writer.append(sampleEntry(99)) == 13)
                try writer.close()
                #expect(try readAll(store.path).dropLast() == ArraySlice(expected), "recovery after flip at \(offset)")
                // Back to one segment for the next offset.
                let layout = StoreLayout(directory: store.path)
                for number in try layout.list().segments where number != 1 { unlink(layout.segmentPath(number)); unlink(layout.indexPath(number)) }
            }
        }
    }

    @Test func truncationKeepsEveryCompleteRecord() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let (records, frames, segment, index) = try Self.makeStore(store)
        let original = [UInt8](FileManager.default.contents(atPath: segment)!)
        for length in 0...original.count {
            Self.replace(segment, with: Array(original.prefix(length)))
            let expected = records.enumerated().filter { frames[$0.offset].upperBound <= length }.map(\.element)
            #expect(try readAll(store.path, chunk: 4) == expected, "cut at \(length)")
            #expect(
                try readAll(store.path, chunk: 3, matching: Self.searches) == expected.filter { $0.tag == "search.submitted" },
                "filtered, cut at \(length)")
            if length % 13 == 0 {
                let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
                try writer.close()
                let verification = try LogStoreReader(directory: store.path).verify()
                #expect(verification.tornTailBytes == 0 && verification.records == expected.count, "recovered cut at \(length)")
                unlink(StoreLayout(directory: store.path).segmentPath(2))
                Self.replace(index, with: [])
            }
        }
    }

    @Test func garbageAfterTheLastRecordIsATornTail() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let (records, _, segment, _) = try Self.makeStore(store)
        let original = [UInt8](FileManager.default.contents(atPath: segment)!)
        var generator = SystemRandomNumberGenerator()
        for garbageBytes in [1, 7, 8, 42, 300, 5000] {
            let garbage = (0..<garbageBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
            Self.replace(segment, with: original + garbage)
            #expect(try readAll(store.path) == records)
            #expect(try LogStoreReader(directory: store.path).verify().tornTailBytes == garbageBytes)
            Self.replace(segment, with: original + [UInt8](repeating: 0, count: garbageBytes))
            #expect(try readAll(store.path) == records, "zero fill of \(garbageBytes)")
        }
    }

    @Test func damagedIndexIsIgnoredAndRebuilt() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let (records, _, segment, index) = try Self.makeStore(store)
        let opened = try OpenSegment.open(StoreLayout(directory: store.path), number: 1)
        let truth = try LogSegmentInfo.scan(try #require(opened))
        opened?.file.close()
        let original = [UInt8](FileManager.default.contents(atPath: index)!)
        let filter = LogRecordFilter(tags: ["search.submitted"])
        let searches = records.filter { $0.tag == "search.submitted" }
        // A second, active segment so that segment 1 is read as a closed segment.
        try FileManager.default.copyItem(atPath: segment, toPath: StoreLayout(directory: store.path).segmentPath(2))
        defer { unlink(StoreLayout(directory: store.path).segmentPath(2)) }
        for offset in 0..<original.count {
            var damaged = original
            damaged[offset] ^= 0x01
            Self.replace(index, with: damaged)
            let reader = try LogStoreReader(directory: store.path)
            #expect(try reader.segments().first == truth, "index flip at \(offset)")
            #expect(try reader.read(after: 0, limit: 100, matching: filter).prefix(searches.count) == ArraySlice(searches))
        }
        for length in [0, 1, 8, original.count / 2, original.count - 1] {
            Self.replace(index, with: Array(original.prefix(length)))
            #expect(try LogStoreReader(directory: store.path).segments().first == truth, "index cut at \(length)")
        }
        // The next writer writes a good index again.
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        try writer.close()
        #expect(SegmentIndexFile.load(StoreLayout(directory: store.path), number: 1, segmentBytes: truth.fileBytes) == truth)
    }
}
