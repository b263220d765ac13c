import Foundation
import Testing

/// The built `logstore-stress`, found beside the test bundle (the build's bin directory).
/// The test target depends on the executable, so `swift build --build-tests` builds it; if it
/// is missing anyway, the tests fail with the command that builds it.
struct StressTool {
    let path: String

    init() throws {
        let candidates = [CommandLine.arguments[0], (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
        for candidate in candidates where !candidate.isEmpty {
            var directory = URL(fileURLWithPath: candidate).deletingLastPathComponent()
            // Inside an .xctest bundle directory (Darwin), go up to the bin directory.
            if directory.pathExtension == "xctest" || directory.path.contains(".xctest/") {
                while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
            }
            let tool = directory.appendingPathComponent("logstore-stress").path
            if FileManager.default.isExecutableFile(atPath: tool) {
                path = tool
                return
            }
        }
        throw MissingTool(searched: candidates)
    }

    struct MissingTool: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "logstore-stress not found beside \(searched.joined(separator: " or ")); build it with `swift build --build-tests`"
        }
    }

    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Starts the tool; `fileSizeLimitBlocks` runs it under `ulimit -f`.
    func start(_ arguments: [String], fileSizeLimitBlocks: Int? = nil) throws -> Running {
        let process = Process()
        if let blocks = fileSizeLimitBlocks {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return Running(process: process, output: output, error: error)
    }

    func run(_ arguments: [String], fileSizeLimitBlocks: Int? = nil) throws -> Output {
        try start(arguments, fileSizeLimitBlocks: fileSizeLimitBlocks).finish()
    }

    struct Running {
        let process: Process
        let output: Pipe
        let error: Pipe

        func kill() {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        }

        func finish() -> Output {
            let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
            let standardError = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Output(status: process.terminationStatus,
                          standardOutput: String(decoding: standardOutput, as: UTF8.self),
                          standardError: String(decoding: standardError, as: UTF8.self))
        }
    }

    /// The highest `durable <seq>` line printed, 0 if none.
    static func lastDurable(_ output: String) -> UInt64 {
        output.split(separator: "\n").compactMap { line in
            line.hasPrefix("durable ") ? UInt64(line.dropFirst(8)) : nil
        }.max() ?? 0
    }

    /// The JSON line of `logstore-stress verify`, read by key (the test checks the printed form).
    struct Report {
        let fields: [String: Any]
        func number(_ key: String) -> Int { (fields[key] as? NSNumber)?.intValue ?? -1 }
        var records: Int { number("records") }
        var lastSeq: UInt64? { fields["lastSeq"] is NSNumber ? UInt64(number("lastSeq")) : nil }
        var corruptSkipped: Int { number("corruptSkipped") }
        var tornTailBytes: Int { number("tornTailBytes") }
        var payloadMismatches: Int { number("payloadMismatches") }
    }

    func verify(_ store: String) throws -> (Report, Output) {
        let output = try run(["verify", "--store", store])
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
        let fields = try #require(object as? [String: Any], "not a JSON object: \(output.standardOutput)")
        for key in ["records", "firstSeq", "lastSeq", "corruptSkipped", "tornTailBytes", "payloadMismatches"] {
            #expect(fields.keys.contains(key), "verify output lacks \(key): \(output.standardOutput)")
        }
        return (Report(fields: fields), output)
    }
}
