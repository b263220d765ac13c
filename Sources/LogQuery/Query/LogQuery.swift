import LogStore

/// What to read from a store: the filters (tags, time, `--where`) and which of the
/// matching logs to return (the last N, the first N, newest first).
///
/// Every filter must hold for a log to match. Tag patterns and the time window are pushed
/// down to the store's per-segment index, so segments without a match are never read;
/// `--where` conditions are checked on the stored body, decoding only the fields they name.
public struct LogQuery: Sendable {
    /// A log matches when its tag matches any of these; empty for every tag.
    public var tagPatterns: [TagPattern]
    /// The earliest time, inclusive (microseconds since 1970 UTC).
    public var since: Int64?
    /// The latest time, exclusive.
    public var until: Int64?
    /// Conditions on fields, all of which must hold.
    public var conditions: [WhereExpression]
    /// How many logs to return at most; `nil` for all.
    public var limit: Int?
    /// Whether ``limit`` takes the first logs rather than the last.
    public var fromStart: Bool
    /// Whether to return the newest log first.
    public var newestFirst: Bool

    public init(
        tagPatterns: [TagPattern] = [], since: Int64? = nil, until: Int64? = nil, conditions: [WhereExpression] = [],
        limit: Int? = nil, fromStart: Bool = false, newestFirst: Bool = false
    ) {
        self.tagPatterns = tagPatterns
        self.since = since
        self.until = until
        self.conditions = conditions
        self.limit = limit
        self.fromStart = fromStart
        self.newestFirst = newestFirst
    }

    /// Whether a tag passes the tag patterns.
    public func matches(tag: String) -> Bool {
        tagPatterns.isEmpty || tagPatterns.contains { $0.matches(tag) }
    }

    /// Whether a time is inside the window.
    public func matches(microseconds: Int64) -> Bool {
        if let since, microseconds < since { return false }
        if let until, microseconds >= until { return false }
        return true
    }

    /// Whether a log passes every filter (the brute-force definition the index-based reading
    /// must agree with).
    public func matches(_ log: StoredLog) -> Bool {
        matches(microseconds: log.microseconds) && matches(tag: log.tag) && conditions.allSatisfy { $0.matches(log) }
    }

    /// Whether a segment can hold a match, from its index alone.
    func mayMatch(_ segment: LogSegmentInfo, tagMatches: (String) -> Bool) -> Bool {
        guard segment.sequenceRange != nil, let times = segment.timeRange else { return false }
        if let since, times.upperBound.microsecondsSince1970 < since { return false }
        if let until, times.lowerBound.microsecondsSince1970 >= until { return false }
        return tagPatterns.isEmpty || segment.tagCounts.keys.contains(where: tagMatches)
    }

    /// Whether every log of a segment is inside the time window (so its index counts are exact).
    func coversWholly(_ segment: LogSegmentInfo) -> Bool {
        guard let times = segment.timeRange else { return true }
        if let since, times.lowerBound.microsecondsSince1970 < since { return false }
        if let until, times.upperBound.microsecondsSince1970 >= until { return false }
        return true
    }
}
