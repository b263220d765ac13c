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
            let message = String(describing: error)
            throw RegexSyntaxError(message: message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message)
        }
    }
}

/// Why a pattern is not a regular expression, in one line (`expected ')'`).
public struct RegexSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}
