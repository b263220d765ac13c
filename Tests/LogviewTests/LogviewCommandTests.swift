import Foundation
import LogQuery
import Testing

/// The built executables, next to the test bundle.
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    .replacingOccurrences(of: "/BehaviorLogPackageTests.xctest/Contents/MacOS", with: "")

struct Run {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs a built executable with `arguments` and a clean environment (no colour, no store variable).
func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binDirectory + "/" + tool)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC"].merging(environment) { $1 }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self), errors: String(decoding: errData, as: UTF8.self))
}

/// A store written by recipe-demo, shared by the tests (written once).
final class DemoStore: Sendable {
    static let shared = DemoStore()
    let directory = NSTemporaryDirectory() + "logview-cli-\(ProcessInfo.processInfo.processIdentifier)"
    let definitions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/LogDefinitions"

    init() {
        try? FileManager.default.removeItem(atPath: directory)
        let result = try! run("recipe-demo", ["--events", "1500", "--seed", "3", "--store", directory])
        precondition(result.status == 0, result.errors)
    }

    /// Every stored log, from `logview list -o jsonl`, parsed.
    var all: [JSONValue] {
        get throws {
            let result = try run("logview", ["list", "--store", directory, "-o", "jsonl"])
            return result.output.split(separator: "\n").map { JSONValue.parse(String($0))! }
        }
    }
}

@Suite(.serialized) struct LogviewCommandTests {
    let demo = DemoStore.shared

    @Test(arguments: ["list", "tail", "stats", "check", "coverage", "verify"])
    func everyCommandHasHelpWithExamples(_ command: String) throws {
        let result = try run("logview", [command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("EXAMPLES:\n  logview \(command)"))
        #expect(result.output.contains("--store <dir>"))
    }

    @Test func aMissingStoreIsOneLineWithTheFix() throws {
        let result = try run("logview", ["list"], environment: ["BEHAVIORLOG_STORE": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.errors == "logview: error: no log store at '/nonexistent' (from BEHAVIORLOG_STORE); pass --store DIR or set BEHAVIORLOG_STORE to the directory the app's LocalStoreOutput writes (recipe-demo prints it)\n")
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [["--where", "keyword"], ["--since", "soon"], ["--tag", "a*"], ["-o", "yaml"], ["-n", "x"]])
    func badFiltersAreUsageErrors(_ arguments: [String]) throws {
        let result = try run("logview", ["list", "--store", demo.directory] + arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("logview: error: "))
        #expect(result.errors.split(separator: "\n").first!.count > 20)
    }

    @Test func filtersAgreeWithTheExport() throws {
        let all = try demo.all
        #expect(all.count == 1500)
        func sequences(_ arguments: [String]) throws -> [JSONValue] {
            let result = try run("logview", ["list", "--store", demo.directory, "-o", "jsonl"] + arguments)
            #expect(result.status == 0, "\(result.errors)")
            return result.output.split(separator: "\n").map { JSONValue.parse(String($0))!["seq"]! }
        }
        func tag(_ log: JSONValue) -> String { if case .string(let t)? = log["tag"] { t } else { "" } }
        #expect(try sequences(["--tag", "recipe_search.*"]) == all.filter { tag($0).hasPrefix("recipe_search.") }.map { $0["seq"]! })
        #expect(try sequences(["--where", "keyword=egg"]) == all.filter { $0["payload"]?["keyword"] == .string("egg") }.map { $0["seq"]! })
        #expect(try sequences(["--tag", "recipe_search.search", "--where", "page>=3", "--where", "order=latest"])
            == all.filter { tag($0) == "recipe_search.search" && ($0["payload"]?["page"]?.number ?? 0) >= 3 && $0["payload"]?["order"] == .string("latest") }.map { $0["seq"]! })
        #expect(try sequences(["-n", "5", "--reverse"]) == all.suffix(5).reversed().map { $0["seq"]! })
        #expect(try sequences(["-n", "3", "--head"]) == all.prefix(3).map { $0["seq"]! })
        let middle = all[750]["time"]!
        guard case .string(let since) = middle else { return }
        #expect(try sequences(["--since", since]) == all.filter { ($0["time"]!.jsonText) >= middle.jsonText }.map { $0["seq"]! })
    }

    @Test func tableCSVAndJSONOutputs() throws {
        let table = try run("logview", ["list", "--store", demo.directory, "-n", "3", "-o", "table"], environment: ["NO_COLOR": "1"])
        #expect(table.output.hasPrefix(" SEQ  TIME"))
        #expect(table.output.split(separator: "\n").count == 4)
        #expect(!table.output.contains("\u{1B}["))
        let csv = try run("logview", ["list", "--store", demo.directory, "--tag", "recipe_search.search", "-n", "2", "-o", "csv"])
        #expect(csv.output.hasPrefix("seq,time,tag,uuid,keyword,order,filters,page"))
        #expect(csv.output.split(separator: "\r\n").count == 3)
        let json = try run("logview", ["list", "--store", demo.directory, "-n", "4", "-o", "json"])
        guard case .array(let elements)? = JSONValue.parse(json.output) else { Issue.record("not JSON: \(json.output)"); return }
        #expect(elements.count == 4)
    }

    @Test func statsCountEverything() throws {
        let result = try run("logview", ["stats", "--store", demo.directory, "-o", "json"])
        #expect(result.status == 0)
        let stats = try #require(JSONValue.parse(result.output))
        #expect(stats["total"] == .integer(1500))
        #expect(stats["store"]?["logs"] == .integer(1500))
        let text = try run("logview", ["stats", "--store", demo.directory, "--by", "minute"])
        #expect(text.output.contains("MINUTE"))
        #expect(text.output.contains("total"))
        #expect(text.output.contains("time span"))
        #expect(text.output.contains("dropped    0 by caps"))
        let bad = try run("logview", ["stats", "--store", demo.directory, "--by", "week"])
        #expect(bad.status == 64)
    }

    @Test func checkCoverageAndVerify() throws {
        let check = try run("logview", ["check", "--store", demo.directory, "--definitions", demo.definitions])
        let summary = try #require(check.output.split(separator: "\n").last)
        #expect(summary.hasPrefix("checked 1,500 logs: "), "\(check.output)")
        #expect(check.status == (summary.contains("no findings") ? 0 : 1))
        let coverage = try run("logview", ["coverage", "--store", demo.directory, "--definitions", demo.definitions])
        #expect(coverage.output.hasPrefix("coverage: "))
        #expect(coverage.status == (coverage.output.contains("never seen") || coverage.output.contains("not defined") ? 1 : 0))
        let verify = try run("logview", ["verify", "--store", demo.directory, "-o", "json"])
        #expect(verify.status == 0)
        #expect(JSONValue.parse(verify.output)?["records"] == .integer(1500))
        let noDefinitions = try run("logview", ["check", "--store", demo.directory, "--definitions", "/nonexistent"])
        #expect(noDefinitions.status == 1)
        #expect(noDefinitions.errors.contains("no such folder '/nonexistent'"))
    }

    @Test func tailFollowsTheWriterAndEndsCleanlyOnControlC() throws {
        let store = NSTemporaryDirectory() + "logview-tail-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(try run("recipe-demo", ["--events", "20", "--store", store]).status == 0)
        let tail = Process()
        tail.executableURL = URL(fileURLWithPath: binDirectory + "/logview")
        tail.arguments = ["tail", "--store", store, "-n", "5", "-o", "jsonl"]
        let output = Pipe()
        tail.standardOutput = output
        try tail.run()
        Thread.sleep(forTimeInterval: 0.5)
        // A second run of the writer: a restart, so a new segment.
        #expect(try run("recipe-demo", ["--events", "30", "--seed", "2", "--store", store]).status == 0)
        Thread.sleep(forTimeInterval: 1.0)
        tail.interrupt()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        tail.waitUntilExit()
        #expect(tail.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { JSONValue.parse(String($0))!["seq"]! }
        #expect(lines == (16...50).map { JSONValue.integer(Int64($0)) })
    }
}
