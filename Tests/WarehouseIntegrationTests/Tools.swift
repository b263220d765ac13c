import Foundation
import TestSupport

/// The project's own definitions.
let definitionsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("LogDefinitions").path

struct ToolRun {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs a built executable and collects what it printed.
func runTool(_ tool: String, _ arguments: [String]) throws -> ToolRun {
    let result = try ProcessRunner.run(
        try ProcessRunner.builtExecutable(tool), arguments, environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1"])
    return ToolRun(status: result.status, output: result.standardOutput, errors: result.standardError)
}
