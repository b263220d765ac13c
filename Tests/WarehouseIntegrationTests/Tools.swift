import Foundation
import TestSupport

/// The built executables, next to the test bundle.
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    .replacingOccurrences(of: "/BehaviorLogPackageTests.xctest/Contents/MacOS", with: "")

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
        binDirectory + "/" + tool, arguments, environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1"])
    return ToolRun(status: result.status, output: result.standardOutput, errors: result.standardError)
}

func temporaryDirectory(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "warehouse-\(name)-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
