import Foundation

/// A compiled regular expression (ICU syntax, as `NSRegularExpression` reads it), shareable
/// across threads: it is never changed after it is built.
public struct RegularExpression: @unchecked Sendable {
    /// The pattern as written.
    public let pattern: String
    private let expression: NSRegularExpression

    /// - Throws: the error of `NSRegularExpression` when the pattern is malformed.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        expression = try NSRegularExpression(pattern: pattern)
    }

    /// Whether the pattern matches anywhere in `text`.
    public func firstMatch(in text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the pattern matches the whole of `text`.
    public func matchesWhole(_ text: String) -> Bool {
        guard let match = expression.firstMatch(in: text, options: [.anchored], range: NSRange(text.startIndex..., in: text)) else { return false }
        return match.range.length == (text as NSString).length
    }
}
