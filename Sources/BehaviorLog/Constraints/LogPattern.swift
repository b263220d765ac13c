/// A regular expression from a definition (``!string 16 `^[A-Z0-9]+$` ``), compiled once.
///
/// Generated code keeps each pattern in a `static let`, so it is compiled on first use
/// and shared afterwards. The whole string must match, as the definitions say. The
/// engine is Swift's `Regex`, the one `loggen lint` validates patterns with.
public struct LogPattern: Sendable {
    /// The expression as written in the definition.
    public let source: String
    private let compiled: CompiledRegex?

    /// Compiles the expression. The definitions' validator has already rejected invalid
    /// expressions; should one slip through, debug builds stop and release builds let
    /// every string pass.
    public init(_ source: String) {
        self.source = source
        do {
            compiled = CompiledRegex(regex: try Regex(source))
        } catch {
            assertionFailure("invalid log pattern \(source): \(error)")
            compiled = nil
        }
    }

    /// Whether the whole string matches.
    public func matches(_ string: String) -> Bool {
        guard let compiled else { return true }
        return (try? compiled.regex.wholeMatch(in: string)) != nil
    }
}

/// `Regex` is not declared `Sendable`, but a compiled regex is immutable and its lazily
/// built program is published atomically, so sharing one between threads is safe.
private struct CompiledRegex: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>
}
