import BehaviorLog
import BehaviorLogHTTP
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

/// A copy of LogDefinitions/ as it was before: no `rating` field, no `cooking_time` order.
func olderDefinitions() throws -> String {
    let old = TemporaryDirectory("warehouse-old-definitions").path
    for file in try FileManager.default.contentsOfDirectory(atPath: definitionsDirectory) {
        var text = try String(contentsOfFile: definitionsDirectory + "/" + file, encoding: .utf8)
        text = text.replacingOccurrences(of: "- rating: !double? 0..5\n    - The recipe's average rating, when it has one\n", with: "")
        text = text.replacingOccurrences(of: "- cooking_time\n    - Quickest recipes first\n", with: "")
        try text.write(toFile: old + "/" + file, atomically: true, encoding: .utf8)
    }
    return old
}

/// Flushes the logger until the output has sent (or set aside) every log, or `limit` passes,
/// then shuts the logger down.
func deliverAll(_ logger: BehaviorLogger, through output: BufferedOutput, within limit: Duration = .seconds(60)) async throws {
    let deadline = ContinuousClock.now.advanced(by: limit)
    repeat {
        await logger.flush()
        try await Task.sleep(for: .milliseconds(50))
    } while output.statistics.unsentLogs > 0 && ContinuousClock.now < deadline
    await logger.shutdown()
}
