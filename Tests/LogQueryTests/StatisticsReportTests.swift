import Foundation
import LogStore
import Testing
@testable import LogQuery

@Suite struct StatisticsReportTests {
    let utc = TimeZone(identifier: "UTC")!

    func statistics(bucket: TimeBucket? = nil) -> LogStatistics {
        var statistics = LogStatistics()
        var bucketer = bucket.map { TimeBucketer(bucket: $0, timeZone: utc) }
        let base = microseconds("2026-11-30T10:00:00Z")
        let logs: [(String, Int64)] = [
            ("recipe_search.search", 0), ("recipe_search.search", 30), ("recipe_search.search", 200),
            ("recipe_detail.show", 65), ("home_banner.show_banner", 190), ("recipe_search.tap_search_result", 250),
        ]
        for (tag, seconds) in logs {
            let time = base + seconds * 1_000_000
            statistics.add(tag: tag, microseconds: time, bucketStart: bucketer?.start(of: time))
        }
        return statistics
    }

    @Test func byTagGolden() {
        let report = StatisticsReport(statistics: statistics(), grouping: .tag, store: nil, directory: nil, timeZone: utc)
        #expect(
            report.text(style: .plain) == """
                TAG                              COUNT       %
                recipe_search.search                 3   50.0%  ██████████████████████████████
                home_banner.show_banner              1   16.7%  ██████████
                recipe_detail.show                   1   16.7%  ██████████
                recipe_search.tap_search_result      1   16.7%  ██████████
                total                                6

                time span  2026-11-30 10:00:00.000 → 2026-11-30 10:04:10.000  (4m 10s)

                """)
    }

    @Test func byMinuteGoldenFillsEmptyBuckets() {
        let store = LogStoreStats(segments: [], cursors: [LogCursorState(name: "backend", acknowledgedSequence: 4, pendingRecords: 2)], droppedByCaps: 7)
        let outputs = [BufferedOutputState(name: "http", pending: 120, rejected: 10, droppedByCaps: 0)]
        let report = StatisticsReport(
            statistics: statistics(bucket: .minute), grouping: .time(.minute), store: store, directory: "/tmp/s", outputs: outputs, timeZone: utc)
        #expect(
            report.text(style: .plain) == """
                MINUTE            COUNT       %
                2026-11-30 10:00      2   33.3%  ██████████████████████████████
                2026-11-30 10:01      1   16.7%  ███████████████
                2026-11-30 10:02      0    0.0%  
                2026-11-30 10:03      2   33.3%  ██████████████████████████████
                2026-11-30 10:04      1   16.7%  ███████████████
                total                 6

                █▄ █▄

                time span  2026-11-30 10:00:00.000 → 2026-11-30 10:04:10.000  (4m 10s)
                store      /tmp/s: 0 segments, 0 B, 0 logs
                pending    http: 120 (10 rejected for good), cursor backend: 2
                dropped    7 by caps

                """)
    }

    @Test func byCategoryAsJSON() {
        let report = StatisticsReport(statistics: statistics(), grouping: .category, store: nil, directory: nil, timeZone: utc)
        #expect(
            report.json()
                == #"{"total":6,"categories":[{"name":"recipe_search","count":4},{"name":"home_banner","count":1},{"name":"recipe_detail","count":1}],"first":"2026-11-30T10:00:00.000Z","last":"2026-11-30T10:04:10.000Z"}"#
                + "\n")
    }

    @Test func groupingsParse() {
        #expect(StatisticsReport.Grouping("hour") == .time(.hour))
        #expect(StatisticsReport.Grouping("category") == .category)
        #expect(StatisticsReport.Grouping("week") == nil)
    }

    @Test func dayBucketsStartAtLocalMidnight() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        var bucketer = TimeBucketer(bucket: .day, timeZone: tokyo)
        let start = bucketer.start(of: microseconds("2026-11-30T16:00:00Z"))  // 01:00 on Dec 1 in Tokyo
        #expect(start == microseconds("2026-11-30T15:00:00Z"))
        #expect(bucketer.label(of: start) == "2026-12-01")
        #expect(bucketer.next(after: start) == microseconds("2026-12-01T15:00:00Z"))
    }
}
