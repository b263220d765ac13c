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
            // hand over the UTF-8 (`\n` and `\r`, what the engine writes): `split` and
            // `Character.isNewline` were 1.5 KB of specialised code in every app (issue 26).
            let message = String(describing: error)
            let bytes = message.utf8
            func isNewline(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
            var start = bytes.startIndex
            while start < bytes.endIndex, isNewline(bytes[start]) { bytes.formIndex(after: &start) }
            var end = start
            while end < bytes.endIndex, !isNewline(bytes[end]) { bytes.formIndex(after: &end) }
            throw RegexSyntaxError(message: start == end ? message : String(message[start..<end]))
        }
    }
}

/// Why a pattern is not a regular expression, in one line (`expected ')'`).
public struct RegexSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}
