/// Counts of logs: in total, per tag, and per time bucket, with the time span they cover.
///
/// Counts come from scanning logs (``add(tag:microseconds:bucketStart:)``) or, for whole segments that a
/// query takes entirely, straight from the store's index (``add(tagCounts:timeRange:)``).
public struct LogStatistics: Hashable, Sendable {
    /// The number of logs counted.
    public private(set) var total = 0
    /// Logs per tag.
    public private(set) var tagCounts: [String: Int] = [:]
    /// The earliest and latest log time (microseconds since 1970 UTC).
    public private(set) var timeRange: ClosedRange<Int64>?
    /// Logs per bucket start, when counting by time.
    public private(set) var bucketCounts: [Int64: Int] = [:]

    public init() {}

    /// Counts one log.
    public mutating func add(tag: String, microseconds: Int64, bucketStart: Int64? = nil) {
        total += 1
        tagCounts[tag, default: 0] += 1
        extend(microseconds...microseconds)
        if let bucketStart { bucketCounts[bucketStart, default: 0] += 1 }
    }

    /// Counts a whole segment from its index, without reading it.
    public mutating func add(tagCounts counts: [String: Int], timeRange range: ClosedRange<Int64>?) {
        for (tag, count) in counts where count > 0 {
            tagCounts[tag, default: 0] += count
            total += count
        }
        if let range { extend(range) }
    }

    private mutating func extend(_ range: ClosedRange<Int64>) {
        if let current = timeRange {
            timeRange = min(current.lowerBound, range.lowerBound)...max(current.upperBound, range.upperBound)
        } else {
            timeRange = range
        }
    }

    /// Logs per category (the tag up to its first dot).
    public var categoryCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for (tag, count) in tagCounts {
            let category = tag.firstIndex(of: ".").map { String(tag[..<$0]) } ?? tag
            counts[category, default: 0] += count
        }
        return counts
    }
}
