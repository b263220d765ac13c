import Foundation
import Testing
import TestSupport

/// The built `logstore-stress` (found by `ProcessRunner.builtExecutable`). The test target
/// depends on the executable, so `swift build --build-tests` builds it; if it is missing anyway,
/// the tests fail with the command that builds it.
struct StressTool {
    let path: String

    init() throws {
        path = try ProcessRunner.builtExecutable("logstore-stress")
    }

    /// Starts the tool; `fileSizeLimitBlocks` runs it under `ulimit -f`.
    func start(_ arguments: [String], fileSizeLimitBlocks: Int? = nil) throws -> RunningProcess {
        if let blocks = fileSizeLimitBlocks {
            return try ProcessRunner.start("/bin/sh", ["-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", path] + arguments)
        }
        return try ProcessRunner.start(path, arguments)
    }

    func run(_ arguments: [String], fileSizeLimitBlocks: Int? = nil) throws -> ProcessResult {
        try start(arguments, fileSizeLimitBlocks: fileSizeLimitBlocks).wait()
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

    func verify(_ store: String) throws -> (Report, ProcessResult) {
        let output = try run(["verify", "--store", store])
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
        let fields = try #require(object as? [String: Any], "not a JSON object: \(output.standardOutput)")
        for key in ["records", "firstSeq", "lastSeq", "corruptSkipped", "tornTailBytes", "payloadMismatches"] {
            #expect(fields.keys.contains(key), "verify output lacks \(key): \(output.standardOutput)")
        }
        return (Report(fields: fields), output)
    }
}
