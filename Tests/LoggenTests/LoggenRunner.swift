import Foundation
import Testing
import TestSupport

/// The project's root folder.
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// This target's fixtures.
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

/// Runs `loggen` with the arguments in a working directory, and waits for it.
func runLoggen(_ arguments: [String], in directory: URL = projectRoot) throws -> ProcessResult {
    try ProcessRunner.run(try ProcessRunner.builtExecutable("loggen"), arguments, in: directory)
}

/// Compares `actual` with the golden file at `url`, byte for byte; `RECORD_GOLDENS=1`
/// re-records it (`Golden.expect`).
func expectGolden(_ actual: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    try Golden.expect(actual, matches: url, sourceLocation: sourceLocation)
}
