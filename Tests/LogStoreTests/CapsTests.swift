import Foundation
import Testing
@testable import LogStore

@Suite struct CapsTests {
    @Test func sizeCapDropsOldestSegmentsAndCountsTheirRecords() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(
            directory: store.path,
            configuration: TemporaryStore.configuration(
                segmentBytes: 4096, maximumTotalBytes: 16384))
        for index in 1...600 { try writer.append(sampleEntry(index)) }
        let stats = writer.stats()
        #expect(stats.totalBytes <= 16384 + 4096)
        #expect(stats.droppedByCaps > 0)
        #expect(Int(stats.droppedByCaps) + stats.recordCount == 600)
        // The newest records are the ones kept, in order.
        let kept = try writer.read(after: 0, limit: 1000).map(\.sequence)
        #expect(kept == Array((600 - UInt64(kept.count) + 1)...600))
        try writer.close()
        #expect(try LogStoreReader(directory: store.path).stats().droppedByCaps == stats.droppedByCaps)
    }

    @Test func droppedCountsOnlyUnacknowledgedRecords() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(
            directory: store.path,
            configuration: TemporaryStore.configuration(
                segmentBytes: 4096, maximumTotalBytes: 16384))
        for index in 1...100 { try writer.append(sampleEntry(index)) }
        try writer.acknowledge(cursor: "slow", through: 0)
        try writer.acknowledge(cursor: "http", through: 100)
        for index in 101...600 { try writer.append(sampleEntry(index)) }
        let stats = writer.stats()
        // Records 1...100 were acknowledged by "http" but not by "slow": they count as dropped too.
        #expect(Int(stats.droppedByCaps) + stats.recordCount == 600)
        try writer.acknowledge(cursor: "slow", through: 600)
        try writer.acknowledge(cursor: "http", through: 600)
        for index in 601...1200 { try writer.append(sampleEntry(index)) }
        // Now every cursor had passed the dropped records: only unacknowledged ones count.
        let after = writer.stats()
        #expect(Int(after.droppedByCaps - stats.droppedByCaps) + after.recordCount == 600)
    }

    @Test func aStoreThatKeepsAcknowledgedRecordsDropsByItsCapsAloneAndCountsTheUnacknowledged() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        var configuration = TemporaryStore.configuration(segmentBytes: 4096, maximumTotalBytes: 16384)
        configuration.keepsAcknowledgedRecords = true
        let writer = try LogStoreWriter(directory: store.path, configuration: configuration)
        for index in 1...100 { try writer.append(sampleEntry(index)) }
        try writer.acknowledge(cursor: "sent", through: 100)
        // Acknowledged, and still there: a cursor deletes nothing in such a store.
        #expect(try writer.read(after: 0, limit: 1000).map(\.sequence) == Array(1...100))
        for index in 101...600 { try writer.append(sampleEntry(index)) }
        let stats = writer.stats()
        #expect(stats.droppedByCaps > 0)
        // Only the records the cap dropped past the cursor count: the first 100 were acknowledged.
        let kept = try writer.read(after: 0, limit: 1000).map(\.sequence)
        #expect(Int(stats.droppedByCaps) == Int(kept.first! - 1) - 100)
        #expect(kept == Array(kept.first!...600))
    }

    @Test func ageCapDropsSegmentsWhoseNewestRecordIsTooOld() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let now = LogTimestamp.now().microsecondsSince1970
        let writer = try LogStoreWriter(
            directory: store.path,
            configuration: TemporaryStore.configuration(
                segmentBytes: 4096, maximumAge: .seconds(3600)))
        // Two hours old, then fresh: the old segments go at the next rotation.
        for index in 1...100 { try writer.append(sampleEntry(index, time: now - 7_200_000_000)) }
        for index in 101...200 { try writer.append(sampleEntry(index, time: now)) }
        let stats = writer.stats()
        #expect(stats.droppedByCaps >= 50 && Int(stats.droppedByCaps) + stats.recordCount == 200, "\(stats.droppedByCaps)")
        // What is left of the old records shares a segment with fresh ones.
        let closed = stats.segments.dropLast()
        #expect(closed.allSatisfy { $0.timeRange!.upperBound.microsecondsSince1970 > now - 3_600_000_000 })
    }
}
