/// The one regular-expression dialect users write: Swift's `Regex` syntax, for a definition's
/// `pattern` constraint (checked by `loggen`, matched by the runtime) and for
/// `logview --where field~pattern`.
public enum RegexDialect {
    /// Compiles `pattern`.
    /// - Throws: ``RegexSyntaxError`` with the engine's message on one line.
    public static func compile(_ pattern: String) throws(RegexSyntaxError) -> Regex<AnyRegexOutput> {
        do {
            return try Regex(pattern)
        } catch {
            // The first line that is not empty (the whole text when there is none), found by
            // hand: `split(whereSeparator:)` was 1 KB of specialised code in every app (issue 26).
            let message = String(describing: error)
            var start = message.startIndex
            while start < message.endIndex, message[start].isNewline { start = message.index(after: start) }
            var end = start
            while end < message.endIndex, !message[end].isNewline { end = message.index(after: end) }
            throw RegexSyntaxError(message: start == end ? message : String(message[start..<end]))
        }
    }
}

/// Why a pattern is not a regular expression, in one line (`expected ')'`).
public struct RegexSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}
