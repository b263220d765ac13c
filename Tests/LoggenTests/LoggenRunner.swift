import Foundation
import Testing
import TestSupport

/// What a run of the built `loggen` printed and returned.
struct LoggenRun: Equatable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// The project's root folder.
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// This target's fixtures.
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

/// The `loggen` built beside the test runner (SwiftPM puts both in the same folder).
let loggenExecutable: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loggen")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return projectRoot.appendingPathComponent(".build/debug/loggen")
}()

/// Runs `loggen` with the arguments in a working directory, and waits for it.
func runLoggen(_ arguments: [String], in directory: URL = projectRoot) throws -> LoggenRun {
    let result = try ProcessRunner.run(loggenExecutable.path, arguments, in: directory)
    return LoggenRun(status: result.status, standardOutput: result.standardOutput, standardError: result.standardError)
}

/// Compares `actual` with the golden file at `url`, byte for byte. With `RECORD_GOLDENS=1`
/// the golden is rewritten and the test fails, so that recording is never left on.
func expectGolden(_ actual: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded \(url.lastPathComponent); run again without RECORD_GOLDENS", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(url.path) differs; re-record with RECORD_GOLDENS=1 and review the diff", sourceLocation: sourceLocation)
}
