import LogSchema

/// A schema with the problems found loading it.
public struct LoadedSchema: Sendable {
    /// The schema; usable for display even with errors, but only trusted without them.
    public var schema: Schema
    /// Every problem, sorted by file, line and column (problems of no file first).
    public var diagnostics: [Diagnostic]

    public init(schema: Schema, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.diagnostics = diagnostics
    }

    init(error message: String) {
        self.init(schema: Schema(), diagnostics: [.error(message, at: nil)])
    }

    /// Whether any problem is an error (and the schema must not be used to generate code).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
