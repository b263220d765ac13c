import Foundation
import LogCodegen
import LogMarkdown
import Testing
import TestSupport

/// Each fixture folder `Resources/<fixture>/definitions` generates, byte for byte, the
/// checked-in Swift in `Resources/<fixture>/expected`. A mismatch prints the
/// `git diff --no-index` of the two folders. To accept a change, run the tests once with
/// `RECORD_GOLDENS=1` (`Golden`): the expected files are rewritten and the test fails, so
/// recording is never left on; then review the diff with `git diff`.
@Suite struct ReferenceTests {
    static let fixtures = ["hostile", "minimal"]

    @Test(arguments: fixtures)
    func generatesTheReferenceOutput(fixture: String) throws {
        let folder = TestPaths.resources.appending(path: fixture)
        let loaded = SchemaLoader().load(directory: folder.appending(path: "definitions").path)
        #expect(!loaded.hasErrors, "\(DiagnosticPrinter.render(loaded.diagnostics))")
        // The hostile fixture also embeds its schema (its descriptions hold quotes, `#` and
        // backslashes), so GeneratedCodeTests compiles that literal too.
        let files = try CodeGenerator(embeddedSchemaFolderName: fixture == "hostile" ? "definitions" : nil).generate(loaded.schema)
        let expected = folder.appending(path: "expected")

        if Golden.isRecording {
            try GeneratedFilesWriter(directory: expected.path).write(files)
            Golden.recorded(expected.path)
            return
        }
        let changes = try GeneratedFilesWriter(directory: expected.path).changes(for: files)
        guard !changes.isEmpty else { return }

        let temporary = TemporaryDirectory("loggen-reference-\(fixture)")
        defer { temporary.remove() }
        let actual = temporary.url.appending(path: "actual")
        try GeneratedFilesWriter(directory: actual.path).write(files)
        let diff = try ProcessRunner.run(ProcessRunner.which("git"), ["diff", "--no-index", "--", expected.path, actual.path])
        Issue.record(
            """
            generated code differs from \(expected.path):
            \(changes.map(\.description).joined(separator: "\n"))
            \(diff.standardOutput)\(diff.standardError)
            To accept the change, \(Golden.howToRecord).
            """)
    }
}
