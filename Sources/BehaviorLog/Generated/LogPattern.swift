import LogCore

// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// A regular expression from a definition (the pattern of `!string 16` followed by `^[A-Z0-9]+$` in backquotes), compiled once.
///
/// Generated code keeps each pattern in a `static let`, so it is compiled on first use
/// and shared afterwards. The whole string must match, as the definitions say. The
/// dialect is LogCore's `RegexDialect`, the one `loggen lint` validates patterns with and
/// `logview --where` matches with; the simple
/// anchored character-class patterns definitions use (`^[A-Z0-9_]+$`) are answered first by
/// `SimplePatternMatcher`, which gives the same answers without allocating for short
/// printable ASCII strings.
///
/// A class, immutable: a struct holding a `Regex` (of no fixed layout) made every app link
/// about 1.5 KB of value witnesses to copy one; a reference is copied by a retain.
public final class LogPattern: Sendable {
    /// The expression as written in the definition.
    public let source: String
    private let compiled: CompiledRegex?
    private let simple: SimplePatternMatcher?

    /// Compiles the expression. The definitions' validator has already rejected invalid
    /// expressions; should one slip through, debug builds stop and release builds let
    /// every string pass.
    public init(_ source: String) {
        self.source = source
        simple = SimplePatternMatcher(source)
        do {
            compiled = CompiledRegex(regex: try RegexDialect.compile(source))
        } catch {
            assertionFailure("invalid log pattern \(source): \(error)")
            compiled = nil
        }
    }

    /// Whether the whole string matches.
    public func matches(_ string: String) -> Bool {
        guard let compiled else { return true }
        if let answer = simple?.matches(string) { return answer }
        return (try? compiled.regex.wholeMatch(in: string)) != nil
    }
}

/// `Regex` is not declared `Sendable`, but a compiled regex is immutable and its lazily
/// built program is published atomically, so sharing one between threads is safe.
///
/// A class, not a struct: `Regex` has no fixed layout, so a struct (and an optional of it)
/// brought value witnesses and outlined copies into every app.
private final class CompiledRegex: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>

    init(regex: Regex<AnyRegexOutput>) {
        self.regex = regex
    }
}
