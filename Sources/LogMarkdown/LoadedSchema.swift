import LogSchema

/// A schema with the problems found loading it.
public struct LoadedSchema: Sendable {
    /// The schema; usable for display even with errors, but only trusted without them.
    public var schema: Schema
    /// Every problem, sorted by file, line and column (problems of no file first).
    public var diagnostics: [Diagnostic]
    /// The digest of each document's bytes as read, by path (documents read from a folder
    /// only): what `loggen generate --cache` recognises unchanged documents by.
    package var documentDigests: [String: ContentDigest] = [:]

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
