import Foundation
import LogCodegen
import LogMarkdown
import Testing
import TestSupport

/// Each fixture folder `Resources/<fixture>/definitions` generates, byte for byte, the
/// checked-in Swift in `Resources/<fixture>/expected`. A mismatch prints the
/// `git diff --no-index` of the two folders. To accept a change, run the tests once with
/// `LOGGEN_RECORD_REFERENCE=1`: the expected files are rewritten and the test fails, so
/// recording is never left on; then review the diff with `git diff`.
@Suite struct ReferenceTests {
    static let fixtures = ["hostile", "minimal"]
    static let recordVariable = "LOGGEN_RECORD_REFERENCE"

    @Test(arguments: fixtures)
    func generatesTheReferenceOutput(fixture: String) throws {
        let folder = TestPaths.resources.appending(path: fixture)
        let loaded = SchemaLoader().load(directory: folder.appending(path: "definitions").path)
        #expect(!loaded.hasErrors, "\(DiagnosticPrinter.render(loaded.diagnostics))")
        let files = try CodeGenerator().generate(loaded.schema)
        let expected = folder.appending(path: "expected")

        if ProcessInfo.processInfo.environment[Self.recordVariable] != nil {
            try GeneratedFilesWriter(directory: expected.path).write(files)
            Issue.record("re-recorded \(expected.path); unset \(Self.recordVariable) and review the change with git diff")
            return
        }
        let changes = try GeneratedFilesWriter(directory: expected.path).changes(for: files)
        guard !changes.isEmpty else { return }

        let actual = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "loggen-reference-\(fixture)-\(getpid())")
        try? FileManager.default.removeItem(at: actual)
        try GeneratedFilesWriter(directory: actual.path).write(files)
        let diff = try ProcessRunner.run(ProcessRunner.which("git"), ["diff", "--no-index", "--", expected.path, actual.path])
        Issue.record("""
            generated code differs from \(expected.path):
            \(changes.map(\.description).joined(separator: "\n"))
            \(diff.standardOutput)\(diff.standardError)
            Run the tests with \(Self.recordVariable)=1 to accept the change.
            """)
    }
}
