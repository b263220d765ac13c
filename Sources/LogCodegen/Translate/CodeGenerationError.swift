import LogSchema

/// Definitions that are valid but cannot become Swift (an event whose Swift name is taken
/// by a member that generated code needs): every problem, each at its location.
public struct CodeGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics, one per line, as printed on stderr.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
