/// One step of the logger's filter chain: it may change a log, drop it, or pass it on.
///
/// Filters run in the order configured, on the posting thread, before `post` returns:
/// they see the app's state at post time (the common payload) and a dropped log costs
/// nothing further. Keep them cheap — encoding and I/O happen on the logger's writer.
public protocol LogFilter: Sendable {
    /// Changes the log in place, or drops it.
    /// - Returns: `.pass` to hand the log to the next filter (then the outputs), `.drop`
    ///   to stop it here.
    func apply(to envelope: inout LogEnvelope) -> LogFilterDecision

    /// The filter as it applies to one tag, resolved once per tag by the logger (which then
    /// calls `apply` on the result for every log with that tag): a filter with per-tag
    /// settings (rates, field lists) looks them up here instead of on every post. Returns
    /// `self` by default.
    func specialized(forTag tag: String) -> any LogFilter

    /// Deletes what the filter keeps on disk and starts afresh (`BehaviorLogger.eraseAllData()`): the
    /// personal-data filter makes a new salt. Nothing by default.
    func eraseAllData() throws
}

extension LogFilter {
    public func specialized(forTag tag: String) -> any LogFilter { self }
    public func eraseAllData() throws {}
}

/// What a filter decided about a log: `.pass` or `.drop`.
///
/// A struct with static properties, not an enum: the enum's synthesised `Hashable` and value
/// witnesses were linked into every app.
public struct LogFilterDecision: Sendable, Equatable {
    /// Whether the log stops here.
    let drops: Bool
    @usableFromInline init(drops: Bool) { self.drops = drops }

    /// Hand the log on.
    @_alwaysEmitIntoClient public static var pass: LogFilterDecision { LogFilterDecision(drops: false) }
    /// Stop the log here; it reaches no output.
    @_alwaysEmitIntoClient public static var drop: LogFilterDecision { LogFilterDecision(drops: true) }
}

/// A filter bound to the tags it applies to.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class FilterSetting: Sendable {
    public let filter: any LogFilter
    public let tagPattern: TagPattern

    /// - Parameters:
    ///   - filter: The filter.
    ///   - tagPattern: The tags the filter applies to; every tag by default.
    public init(_ filter: any LogFilter, tagPattern: TagPattern = .all) {
        self.filter = filter
        self.tagPattern = tagPattern
    }

    /// - Throws: `TagPatternError` when the pattern is invalid.
    public convenience init(_ filter: any LogFilter, tagPattern: String) throws(TagPatternError) {
        self.init(filter, tagPattern: try TagPattern(tagPattern))
    }
}

/// A filter that passes every log unchanged, as ``LogFilter/specialized(forTag:)`` may return
/// for a tag it does not apply to: the logger leaves it out of that tag's chain.
protocol PassThroughFilter: LogFilter {}

extension PassThroughFilter {
    func apply(to envelope: inout LogEnvelope) -> LogFilterDecision { .pass }
}
