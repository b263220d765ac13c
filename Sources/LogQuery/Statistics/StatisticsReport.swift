import Foundation
import LogCore
import LogStore

/// What `logview stats` prints: counts per tag, category or time bucket, the totals, the
/// time span, and the store's state.
public struct StatisticsReport {
    /// How the counts are grouped.
    public enum Grouping: Hashable, Sendable {
        case tag
        case category
        case time(TimeBucket)

        /// Reads `--by`'s value: `tag`, `category`, `minute`, `hour` or `day`.
        public init?(_ text: String) {
            switch text {
            case "tag": self = .tag
            case "category": self = .category
            default:
                guard let bucket = TimeBucket(rawValue: text) else { return nil }
                self = .time(bucket)
            }
        }
    }

    public var statistics: LogStatistics
    public var grouping: Grouping
    /// The store's state, when the report is of a whole store.
    public var store: LogStoreStats?
    /// The store's directory, shown with its state.
    public var directory: String?
    /// The app's buffered outputs beside the store, with what waits behind each.
    public var outputs: [BufferedOutputState]
    public var timeZone: TimeZone

    public init(
        statistics: LogStatistics, grouping: Grouping, store: LogStoreStats?, directory: String?,
        outputs: [BufferedOutputState] = [], timeZone: TimeZone = .current
    ) {
        self.statistics = statistics
        self.grouping = grouping
        self.store = store
        self.directory = directory
        self.outputs = outputs
        self.timeZone = timeZone
    }

    /// Rows of the report: a label and a count, in display order.
    public var rows: [(label: String, count: Int)] {
        switch grouping {
        case .tag: return Self.byCount(statistics.tagCounts)
        case .category: return Self.byCount(statistics.categoryCounts)
        case .time(let bucket):
            guard let first = statistics.bucketCounts.keys.min(), let last = statistics.bucketCounts.keys.max() else { return [] }
            var bucketer = TimeBucketer(bucket: bucket, timeZone: timeZone)
            var rows: [(String, Int)] = []
            var start = first
            while start <= last {
                rows.append((bucketer.label(of: start), statistics.bucketCounts[start] ?? 0))
                start = bucketer.next(after: start)
            }
            return rows
        }
    }

    private static func byCount(_ counts: [String: Int]) -> [(label: String, count: Int)] {
        counts.map { (label: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label.utf8.lexicographicallyPrecedes($1.label.utf8) }
    }

    /// The report for people.
    public func text(style: TerminalStyle) -> String {
        var out = ""
        let rows = self.rows
        let heading: String =
            switch grouping {
            case .tag: "TAG"
            case .category: "CATEGORY"
            case .time(let bucket): bucket.rawValue.uppercased()
            }
        let labelWidth = max(heading.count, "total".count, rows.map { $0.label.count }.max() ?? 0)
        let countWidth = max(5, CheckSummary.grouped(statistics.total).count)
        let maximum = rows.map(\.count).max() ?? 0
        out += style.paint(TableFormatter.pad(heading, labelWidth) + "  " + TableFormatter.pad("COUNT", countWidth, right: true) + "       %", .bold) + "\n"
        for row in rows {
            let percent = statistics.total > 0 ? Double(row.count) * 100 / Double(statistics.total) : 0
            var label = TableFormatter.safe(row.label)
            if case .time = grouping {
            } else {
                let category = row.label.split(separator: ".", maxSplits: 1).first ?? ""
                label = style.paint(label, TerminalStyle.color(forCategory: category))
            }
            out +=
                label + String(repeating: " ", count: labelWidth - row.label.count) + "  "
                + TableFormatter.pad(CheckSummary.grouped(row.count), countWidth, right: true) + "  "
                + TableFormatter.pad(String(format: "%.1f%%", percent), 6, right: true) + "  "
                + Chart.bar(row.count, maximum: maximum, width: 30) + "\n"
        }
        out +=
            style.paint(
                TableFormatter.pad("total", labelWidth) + "  " + TableFormatter.pad(CheckSummary.grouped(statistics.total), countWidth, right: true), .bold)
            + "\n"
        if case .time = grouping, rows.count > 1 {
            out += "\n" + Chart.sparkline(rows.map(\.count)) + "\n"
        }
        out += "\n"
        if let range = statistics.timeRange {
            let formatter = TableFormatter(style: .plain, timeZone: timeZone, tagWidth: 0, largestSequence: 0)
            out +=
                "time span  \(formatter.localTime(range.lowerBound)) → \(formatter.localTime(range.upperBound))  (\(Self.duration(range.upperBound - range.lowerBound)))\n"
        } else {
            out += "time span  no logs\n"
        }
        if let store {
            let location = directory.map { "\($0): " } ?? ""
            out +=
                "store      \(location)\(store.segments.count) \(store.segments.count == 1 ? "segment" : "segments"), "
                + "\(Self.bytes(store.totalBytes)), \(CheckSummary.grouped(store.recordCount)) logs\n"
            let pending =
                outputs.map { output in
                    "\(output.name): \(CheckSummary.grouped(output.pending))"
                        + (output.rejected > 0 ? " (\(CheckSummary.grouped(output.rejected)) rejected for good)" : "")
                        + (output.droppedByCaps > 0 ? " (\(CheckSummary.grouped(Int(clamping: output.droppedByCaps))) dropped by caps)" : "")
                } + store.cursors.sorted { $0.name < $1.name }.map { "cursor \($0.name): \(CheckSummary.grouped($0.pendingRecords))" }
            out += "pending    " + (pending.isEmpty ? "no buffered outputs" : pending.joined(separator: ", ")) + "\n"
            out += "dropped    \(CheckSummary.grouped(Int(clamping: store.droppedByCaps))) by caps\n"
        }
        return out
    }

    /// The report as one JSON object (keys in a fixed order).
    public func json() -> String {
        var members: [JSONMember] = [JSONMember("total", .integer(Int64(statistics.total)))]
        let key: String =
            switch grouping {
            case .tag: "tags"
            case .category: "categories"
            case .time(let bucket): bucket.rawValue + "s"
            }
        members.append(
            JSONMember(
                key,
                .array(
                    rows.map {
                        .object([JSONMember("name", .string($0.label)), JSONMember("count", .integer(Int64($0.count)))])
                    })))
        if let range = statistics.timeRange {
            members.append(JSONMember("first", .string(ISO8601.string(microseconds: range.lowerBound))))
            members.append(JSONMember("last", .string(ISO8601.string(microseconds: range.upperBound))))
        }
        if let store {
            members.append(
                JSONMember(
                    "store",
                    .object([
                        JSONMember("segments", .integer(Int64(store.segments.count))),
                        JSONMember("bytes", .integer(Int64(store.totalBytes))),
                        JSONMember("logs", .integer(Int64(store.recordCount))),
                        JSONMember(
                            "cursors",
                            .object(
                                store.cursors.sorted { $0.name < $1.name }.map {
                                    JSONMember($0.name, .integer(Int64($0.pendingRecords)))
                                })),
                        JSONMember("droppedByCaps", .integer(Int64(clamping: store.droppedByCaps))),
                        JSONMember(
                            "outputs",
                            .object(
                                outputs.map {
                                    JSONMember(
                                        $0.name,
                                        .object([
                                            JSONMember("pending", .integer(Int64($0.pending))),
                                            JSONMember("rejected", .integer(Int64($0.rejected))),
                                            JSONMember("droppedByCaps", .integer(Int64(clamping: $0.droppedByCaps))),
                                        ]))
                                })),
                    ])))
        }
        return JSONValue.object(members).jsonText + "\n"
    }

    /// `1h 2m 3s`, `4d 5h`, `250ms`.
    static func duration(_ microseconds: Int64) -> String {
        let seconds = microseconds / 1_000_000
        if seconds == 0 { return "\(microseconds / 1000)ms" }
        let days = seconds / 86_400, hours = seconds / 3600 % 24, minutes = seconds / 60 % 60, rest = seconds % 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(rest)s" }
        return "\(rest)s"
    }

    /// `12.4 MB`, `512 B`.
    static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
