import Foundation

/// A regular expression from a definition (``!string 16 `^[A-Z0-9]+$` ``), compiled once.
///
/// Generated code keeps each pattern in a `static let`, so it is compiled on first use
/// and shared afterwards. The whole string must match, as the definitions say.
public struct LogPattern: Sendable {
    /// The expression as written in the definition.
    public let source: String
    private let expression: NSRegularExpression?

    /// Compiles the expression. The definitions' validator has already rejected invalid
    /// expressions; should one slip through, debug builds stop and release builds let
    /// every string pass.
    public init(_ source: String) {
        self.source = source
        do {
            expression = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z")
        } catch {
            assertionFailure("invalid log pattern \(source): \(error)")
            expression = nil
        }
    }

    /// Whether the whole string matches.
    public func matches(_ string: String) -> Bool {
        guard let expression else { return true }
        let range = NSRange(string.startIndex..<string.endIndex, in: string)
        return expression.firstMatch(in: string, options: [], range: range) != nil
    }
}
