/// Which records a read returns. Segments whose index shows no match are skipped unread.
/// Read-only for apps (built by its initializer): a setter and two modify accessors per field
/// were in every app (issue 26).
public struct LogRecordFilter: Equatable, Sendable {
    /// Exact tags (`"search.submitted"`); `nil` for any.
    public internal(set) var tags: Set<String>?
    /// Categories: a record matches when its tag starts with `category.`; `nil` for any.
    /// A record matches when it matches `tags` or `categories` (when both are set).
    public internal(set) var categories: Set<String>?
    /// The earliest timestamp, inclusive.
    public internal(set) var from: LogTimestamp?
    /// The latest timestamp, exclusive.
    public internal(set) var until: LogTimestamp?

    /// A filter; with no arguments it matches everything.
    public init(tags: Set<String>? = nil, categories: Set<String>? = nil, from: LogTimestamp? = nil, until: LogTimestamp? = nil) {
        self.tags = tags
        self.categories = categories
        self.from = from
        self.until = until
    }

    /// Matches every record.
    public static let all = LogRecordFilter()

    var matchesEverything: Bool { tags == nil && categories == nil && from == nil && until == nil }

    /// Whether a record with this tag and time matches.
    public func matches(tag: String, timestamp: LogTimestamp) -> Bool {
        if let from, timestamp < from { return false }
        if let until, timestamp >= until { return false }
        return matches(tag: tag)
    }

    func matches(tag: String) -> Bool {
        if tags == nil && categories == nil { return true }
        if let tags, tags.contains(tag) { return true }
        if let categories, let dot = tag.firstIndex(of: "."), categories.contains(String(tag[..<dot])) { return true }
        return false
    }

    /// Whether a segment may hold a match, from its summary alone.
    func mayMatch(_ segment: LogSegmentInfo) -> Bool {
        guard let times = segment.timeRange else { return false }
        if let from, times.upperBound < from { return false }
        if let until, times.lowerBound >= until { return false }
        if tags == nil && categories == nil { return true }
        return segment.tagCounts.keys.contains { matches(tag: $0) }
    }
}
