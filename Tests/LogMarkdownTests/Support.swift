import Testing
import LogMarkdown
import LogSchema

/// Loads in-memory documents (`[file name: contents]`) as if from the folder `Defs`.
func load(_ documents: KeyValuePairs<String, String>) -> LoadedSchema {
    SchemaLoader().load(documents: documents.map { ("Defs/\($0.key)", Array($0.value.utf8)) })
}

/// The diagnostics of in-memory documents, printed as `loggen lint` prints them.
func diagnostics(_ documents: KeyValuePairs<String, String>) -> String {
    DiagnosticPrinter.render(load(documents).diagnostics)
}

/// Expects the documents' diagnostics to be exactly `expected` (one line each, no
/// trailing newline in `expected`).
func expectDiagnostics(
    _ documents: KeyValuePairs<String, String>, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(diagnostics(documents) == expected + "\n", sourceLocation: sourceLocation)
}
