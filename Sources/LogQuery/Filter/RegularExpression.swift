import LogCore

/// A compiled regular expression in Swift's `Regex` syntax, the dialect the definitions'
/// `pattern` constraint uses (LogCore's `RegexDialect`), shareable across threads: it is never
/// changed after it is built.
public struct RegularExpression: @unchecked Sendable {
    /// The pattern as written.
    public let pattern: String
    // `Regex` is not declared `Sendable`, but a compiled regex is immutable and its lazily
    // built program is published atomically, so sharing one between threads is safe.
    private let expression: Regex<AnyRegexOutput>

    /// - Throws: an error whose description says, on one line, why the pattern is malformed.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        expression = try RegexDialect.compile(pattern)
    }

    /// Whether the pattern matches anywhere in `text`.
    public func firstMatch(in text: String) -> Bool {
        (try? expression.firstMatch(in: text)) != nil
    }

    /// Whether the pattern matches the whole of `text`.
    public func matchesWhole(_ text: String) -> Bool {
        (try? expression.wholeMatch(in: text)) != nil
    }
}
