import Foundation
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
