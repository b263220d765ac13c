@testable import BehaviorLog
import Foundation
import LogStore
import Testing

/// The outbox's in-memory tail, which the sender reads instead of the store.
@Suite struct RecentLogsTests {
    private func entries(_ range: ClosedRange<Int>, bytes: Int = 10) -> [LogEntry] {
        range.map {
            LogEntry(tag: "a.b", timestamp: LogTimestamp(microsecondsSince1970: Int64($0)), payload: [UInt8](repeating: UInt8($0 % 256), count: bytes))
        }
    }

    private func sequences(_ records: [LogRecord]?) -> [UInt64]? { records?.map(\.sequence) }

    @Test func readsOnlyDurableLogsWithinTheCountAndByteLimits() {
        let recent = RecentLogs(maximumCount: 100, maximumBytes: 1 << 20)
        recent.add(entries(1...10), sequences: 1...10, acknowledged: 0)
        #expect(sequences(recent.read(after: 0, durable: 6, maxCount: 100, maxBytes: 1 << 20)) == [1, 2, 3, 4, 5, 6])
        #expect(sequences(recent.read(after: 2, durable: 10, maxCount: 3, maxBytes: 1 << 20)) == [3, 4, 5])
        #expect(sequences(recent.read(after: 0, durable: 10, maxCount: 100, maxBytes: 25)) == [1, 2])
        #expect(sequences(recent.read(after: 0, durable: 10, maxCount: 100, maxBytes: 1)) == [1], "at least one log")
        #expect(sequences(recent.read(after: 0, durable: 0, maxCount: 100, maxBytes: 1 << 20)) == [])
        let record = recent.read(after: 4, durable: 10, maxCount: 1, maxBytes: 1 << 20)![0]
        #expect(
            record
                == LogRecord(
                    sequence: 5, tag: "a.b", timestamp: LogTimestamp(microsecondsSince1970: 5), uuid: record.uuid, payload: [UInt8](repeating: 5, count: 10)))
    }

    @Test func aReadOutsideTheHeldLogsGoesToTheStore() {
        let recent = RecentLogs(maximumCount: 100, maximumBytes: 1 << 20)
        #expect(recent.read(after: 0, durable: 10, maxCount: 10, maxBytes: 100) == nil)
        recent.add(entries(11...20), sequences: 11...20, acknowledged: 0)
        #expect(recent.read(after: 5, durable: 20, maxCount: 10, maxBytes: 100) == nil, "a backlog before the held logs")
        #expect(recent.read(after: 20, durable: 20, maxCount: 10, maxBytes: 100) == nil, "nothing after the held logs")
        #expect(sequences(recent.read(after: 10, durable: 20, maxCount: 2, maxBytes: 100)) == [11, 12])
    }

    @Test func boundedByCountAndBytesTheOldestBatchesGoFirst() {
        let recent = RecentLogs(maximumCount: 5, maximumBytes: 1 << 20)
        for first in stride(from: 1, through: 7, by: 2) {
            recent.add(entries(first...first + 1), sequences: UInt64(first)...UInt64(first + 1), acknowledged: 0)
        }
        #expect(recent.read(after: 3, durable: 8, maxCount: 10, maxBytes: 1 << 20) == nil)
        #expect(sequences(recent.read(after: 4, durable: 8, maxCount: 10, maxBytes: 1 << 20)) == [5, 6, 7, 8])
        #expect(sequences(recent.read(after: 5, durable: 8, maxCount: 10, maxBytes: 1 << 20)) == [6, 7, 8], "from inside a batch")
        let small = RecentLogs(maximumCount: 100, maximumBytes: 35)
        for first in stride(from: 1, through: 7, by: 2) {
            small.add(entries(first...first + 1), sequences: UInt64(first)...UInt64(first + 1), acknowledged: 0)
        }
        #expect(small.read(after: 5, durable: 8, maxCount: 10, maxBytes: 1 << 20) == nil)
        #expect(sequences(small.read(after: 6, durable: 8, maxCount: 10, maxBytes: 1 << 20)) == [7, 8])
        // The newest batch is kept even when it alone is over the limits.
        let tiny = RecentLogs(maximumCount: 2, maximumBytes: 1)
        tiny.add(entries(1...4), sequences: 1...4, acknowledged: 0)
        #expect(sequences(tiny.read(after: 0, durable: 4, maxCount: 10, maxBytes: 1 << 20)) == [1, 2, 3, 4])
    }

    @Test func aReadSpansBatches() {
        let recent = RecentLogs(maximumCount: 100, maximumBytes: 1 << 20)
        recent.add(entries(1...3), sequences: 1...3, acknowledged: 0)
        recent.add(entries(4...4), sequences: 4...4, acknowledged: 0)
        recent.add(entries(5...9), sequences: 5...9, acknowledged: 0)
        #expect(sequences(recent.read(after: 2, durable: 9, maxCount: 5, maxBytes: 1 << 20)) == [3, 4, 5, 6, 7])
        #expect(sequences(recent.read(after: 2, durable: 6, maxCount: 50, maxBytes: 1 << 20)) == [3, 4, 5, 6])
    }

    @Test func aGapOrAMismatchStartsOver() {
        let recent = RecentLogs(maximumCount: 100, maximumBytes: 1 << 20)
        recent.add(entries(1...3), sequences: 1...3, acknowledged: 0)
        recent.add(entries(5...6), sequences: 5...6, acknowledged: 0)  // 4 was lost by a failed write
        #expect(recent.read(after: 0, durable: 6, maxCount: 10, maxBytes: 1 << 20) == nil)
        #expect(sequences(recent.read(after: 4, durable: 6, maxCount: 10, maxBytes: 1 << 20)) == [5, 6])
        recent.add(entries(7...8), sequences: 7...9, acknowledged: 0)  // counts disagree: keep nothing
        #expect(recent.read(after: 4, durable: 9, maxCount: 10, maxBytes: 1 << 20) == nil)
    }

    @Test func acknowledgedLogsAreForgottenAtTheNextAppend() {
        let recent = RecentLogs(maximumCount: 100, maximumBytes: 1 << 20)
        for batch in 0..<3_000 {
            let first = batch * 10 + 1
            recent.add(entries(first...first + 9), sequences: UInt64(first)...UInt64(first + 9), acknowledged: UInt64(max(0, first - 6)))
        }
        // The last append forgot the batches wholly acknowledged (up to 29,985): 29,981 on is kept.
        #expect(recent.read(after: 29_979, durable: 30_000, maxCount: 100, maxBytes: 1 << 20) == nil, "acknowledged, so forgotten")
        #expect(sequences(recent.read(after: 29_980, durable: 30_000, maxCount: 100, maxBytes: 1 << 20))?.first == 29_981)
        #expect(sequences(recent.read(after: 29_985, durable: 30_000, maxCount: 100, maxBytes: 1 << 20)) == Array(29_986...30_000))
    }
}
