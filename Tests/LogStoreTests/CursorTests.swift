import Foundation
import Testing
@testable import LogStore

@Suite struct CursorTests {
    @Test func chunksFollowTheCursorAndAcknowledgementDeletesConsumedSegments() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        try writer.append(contentsOf: (1...500).map { sampleEntry($0) })
        #expect(try writer.pendingCount(cursor: "http") == 500)
        let segmentsBefore = writer.stats().segments.count
        var seen: [UInt64] = []
        while true {
            let chunk = try writer.read(cursor: "http", limit: 64)
            guard let last = chunk.last else { break }
            // Reading does not move the cursor.
            #expect(try writer.read(cursor: "http", limit: 64) == chunk)
            seen += chunk.map(\.sequence)
            try writer.acknowledge(cursor: "http", through: last.sequence)
            #expect(try writer.pendingCount(cursor: "http") == 500 - seen.count)
        }
        #expect(seen == Array(1...500))
        #expect(try writer.acknowledgedSequence(cursor: "http") == 500)
        #expect(writer.stats().segments.count == 1)
        #expect(segmentsBefore > 10)
        // The deleted segments are gone from disk too.
        #expect(try LogStoreReader(directory: store.path).segments().count == 1)
    }

    @Test func segmentsStayUntilEveryCursorHasPassed() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        try writer.append(contentsOf: (1...300).map { sampleEntry($0) })
        try writer.acknowledge(cursor: "slow", through: 0)
        try writer.acknowledge(cursor: "fast", through: 300)
        #expect(try writer.read(cursor: "slow", limit: 1000).count == 300)
        try writer.acknowledge(cursor: "slow", through: 150)
        let first = try #require(writer.stats().segments.first?.sequenceRange)
        #expect(first.lowerBound <= 151 && first.upperBound > 150)
        #expect(try writer.read(cursor: "slow", limit: 1000).map(\.sequence) == Array(151...300))
        // A cursor never moves back.
        try writer.acknowledge(cursor: "fast", through: 10)
        #expect(try writer.acknowledgedSequence(cursor: "fast") == 300)
    }

    @Test func cursorsSurviveReopeningAndAreVisibleToReaders() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        do {
            let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
            try writer.append(contentsOf: (1...100).map { sampleEntry($0) })
            try writer.acknowledge(cursor: "http", through: 42)
            try writer.close()
        }
        let reader = try LogStoreReader(directory: store.path)
        #expect(try reader.acknowledgedSequence(cursor: "http") == 42)
        #expect(try reader.read(cursor: "http", limit: 5).map(\.sequence) == [43, 44, 45, 46, 47])
        let stats = try reader.stats()
        #expect(stats.cursors == [LogCursorState(name: "http", acknowledgedSequence: 42, pendingRecords: 58)])
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        #expect(try writer.acknowledgedSequence(cursor: "http") == 42)
        #expect(try writer.pendingCount(cursor: "http") == 58)
    }
}
