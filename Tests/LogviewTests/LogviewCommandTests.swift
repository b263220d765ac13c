import Foundation
import LogQuery
import TestSupport
import Testing

struct Run {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs a built executable (off the cooperative pool) and collects what it printed.
func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
    try await onOwnThread { try runBlocking(tool, arguments, environment: environment) }
}

/// Runs a built executable with `arguments` and a clean environment (no colour, no store variable).
func runBlocking(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    let result = try ProcessRunner.run(
        try ProcessRunner.builtExecutable(tool), arguments,
        environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"].merging(environment) { $1 })
    return Run(status: result.status, output: result.standardOutput, errors: result.standardError)
}

/// A store written by recipe-demo, shared by the tests (written once).
final class DemoStore: Sendable {
    static let shared = DemoStore()
    let directory = TemporaryDirectory("logview-cli").appending("store")
    let definitions =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/LogDefinitions"

    init() {
        let result = try! runBlocking("recipe-demo", ["--events", "1500", "--seed", "3", "--store", directory])
        precondition(result.status == 0, result.errors)
    }

    /// Every stored log, from `logview list -o jsonl`, parsed.
    var all: [JSONValue] {
        get async throws {
            let result = try await run("logview", ["list", "--store", directory, "-o", "jsonl"])
            return result.output.split(separator: "\n").map { JSONValue.parse(String($0))! }
        }
    }
}

@Suite(.serialized) struct LogviewCommandTests {
    var demo: DemoStore { DemoStore.shared }

    @Test(arguments: ["list", "tail", "stats", "check", "coverage", "verify", "serve"])
    func everyCommandHasHelpWithExamples(_ command: String) async throws {
        let result = try await run("logview", [command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("EXAMPLES:\n  logview \(command)"))
        #expect(result.output.contains("--store <dir>"))
    }

    @Test func aMissingStoreIsOneLineWithTheFix() async throws {
        let result = try await run("logview", ["list"], environment: ["BEHAVIORLOG_STORE": "/nonexistent"])
        #expect(result.status == 1)
        #expect(
            result.errors
                == "logview: error: no log store at '/nonexistent' (from BEHAVIORLOG_STORE); pass --store DIR or set BEHAVIORLOG_STORE to the directory the app's LocalStoreOutput writes (recipe-demo prints it)\n"
        )
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [["--where", "keyword"], ["--since", "soon"], ["--tag", "a*"], ["-o", "yaml"], ["-n", "x"]])
    func badFiltersAreUsageErrors(_ arguments: [String]) async throws {
        let result = try await run("logview", ["list", "--store", demo.directory] + arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("logview: error: "))
        #expect(result.errors.split(separator: "\n").first!.count > 20)
    }

    /// A malformed --where is a usage error in every command that takes it: one line saying
    /// what is wrong and what to write, then the usage; never an empty answer.
    @Test(arguments: ["list", "tail", "stats", "check"])
    func malformedWhereIsAUsageError(_ command: String) async throws {
        let expected = [
            "price>":
                "logview: error: invalid --where 'price>': nothing follows '>'; write a value, as in price>5 (price>\"\" for empty text, price? for present)",
            "price>>5":
                "logview: error: invalid --where 'price>>5': '>>' is not an operator; write field=value, field!=value, field<value, field<=value, field>value, field>=value, field~regex, field!~regex or field? (quote a value that starts with '>': price>\">5\")",
            "price>5 and":
                "logview: error: invalid --where 'price>5 and': '5 and' is not a number; compare with a number (price>5), give each condition its own --where (all must hold), or quote text: price>\"5 and\"",
        ]
        for (expression, line) in expected {
            let result = try await run(
                "logview",
                [command, "--store", demo.directory, "--definitions", demo.definitions, "--where", expression]
                    .filter { command == "check" || ($0 != "--definitions" && $0 != demo.definitions) })
            #expect(result.status == 64, "\(command) --where '\(expression)'")
            #expect(result.output == "")
            #expect(result.errors.split(separator: "\n").first.map(String.init) == line)
            #expect(result.errors.contains("Usage: logview \(command)"))
        }
    }

    /// A filter that cannot match for a reason the store or the definitions show gets one
    /// warning line; the (empty) result is as before, exit 0 (check: 0 logs, no findings).
    @Test func whereThatCannotMatchSaysWhy() async throws {
        let unknown =
            "logview: warning: --where 'nosuchfield=3' cannot match: none of the 1500 logs the other filters select has a field 'nosuchfield'; a bare name is a payload field (keyword=egg), a common one is common.NAME\n"
        let list = try await run("logview", ["list", "--store", demo.directory, "-o", "jsonl", "--where", "nosuchfield=3"])
        #expect(list.status == 0)
        #expect(list.output == "")
        #expect(list.errors == unknown)
        let stats = try await run("logview", ["stats", "--store", demo.directory, "-o", "json", "--where", "nosuchfield=3"])
        #expect(stats.status == 0)
        #expect(stats.errors == unknown)
        #expect(JSONValue.parse(stats.output)?["total"] == .integer(0))

        let searches = try await run("logview", ["list", "--store", demo.directory, "-o", "jsonl", "--tag", "recipe_search.search", "--where", "page=abc"])
        #expect(searches.output == "")
        #expect(
            searches.errors
                == "logview: warning: --where 'page=abc' cannot match: 'page' holds numbers in every log that has it, and 'abc' is not a number; compare with a number, such as page=10\n"
        )

        let check = try await run("logview", ["check", "--store", demo.directory, "--definitions", demo.definitions, "--where", "nosuchfield=3"])
        #expect(check.status == 0)
        #expect(check.output == "checked 0 logs: no findings\n")
        #expect(
            check.errors
                == "logview: warning: --where 'nosuchfield=3' cannot match: none of the 1500 logs the other filters select has a field 'nosuchfield' and no definition declares one; a bare name is a payload field (keyword=egg), a common one is common.NAME\n"
        )
        // No stored log to look at: the definitions still say that 'page' is a number.
        let declared = try await run(
            "logview", ["check", "--store", demo.directory, "--definitions", demo.definitions, "--tag", "nosuch.*", "--where", "page>abc"])
        #expect(
            declared.errors
                == "logview: warning: --where 'page>abc' cannot match: the definitions declare 'page' a number, and 'abc' is not a number; compare with a number, such as page>10\n"
        )

        // Filters that simply match nothing say nothing.
        for expression in ["keyword=no-such-keyword", "page>100000", "nosuchfield!=3"] {
            let quiet = try await run(
                "logview", ["list", "--store", demo.directory, "-o", "jsonl", "--tag", "recipe_search.search", "--where", expression, "--where", "page>100000"])
            #expect(quiet.status == 0)
            #expect(quiet.errors == "", "\(expression)")
        }
    }

    @Test func filtersAgreeWithTheExport() async throws {
        let all = try await demo.all
        #expect(all.count == 1500)
        func sequences(_ arguments: [String]) async throws -> [JSONValue] {
            let result = try await run("logview", ["list", "--store", demo.directory, "-o", "jsonl"] + arguments)
            #expect(result.status == 0, "\(result.errors)")
            return result.output.split(separator: "\n").map { JSONValue.parse(String($0))!["seq"]! }
        }
        func tag(_ log: JSONValue) -> String { if case .string(let t)? = log["tag"] { t } else { "" } }
        #expect(try await sequences(["--tag", "recipe_search.*"]) == all.filter { tag($0).hasPrefix("recipe_search.") }.map { $0["seq"]! })
        #expect(try await sequences(["--where", "keyword=egg"]) == all.filter { $0["payload"]?["keyword"] == .string("egg") }.map { $0["seq"]! })
        #expect(
            try await sequences(["--tag", "recipe_search.search", "--where", "page>=3", "--where", "order=latest"])
                == all.filter {
                    tag($0) == "recipe_search.search" && ($0["payload"]?["page"]?.number ?? 0) >= 3 && $0["payload"]?["order"] == .string("latest")
                }.map { $0["seq"]! })
        #expect(try await sequences(["-n", "5", "--reverse"]) == all.suffix(5).reversed().map { $0["seq"]! })
        #expect(try await sequences(["-n", "3", "--head"]) == all.prefix(3).map { $0["seq"]! })
        let middle = all[750]["time"]!
        guard case .string(let since) = middle else { return }
        #expect(try await sequences(["--since", since]) == all.filter { ($0["time"]!.jsonText) >= middle.jsonText }.map { $0["seq"]! })
    }

    @Test func tableCSVAndJSONOutputs() async throws {
        let table = try await run("logview", ["list", "--store", demo.directory, "-n", "3", "-o", "table"], environment: ["NO_COLOR": "1"])
        #expect(table.output.hasPrefix(" SEQ  TIME"))
        #expect(table.output.split(separator: "\n").count == 4)
        #expect(!table.output.contains("\u{1B}["))
        let csv = try await run("logview", ["list", "--store", demo.directory, "--tag", "recipe_search.search", "-n", "2", "-o", "csv"])
        #expect(csv.output.hasPrefix("seq,time,tag,uuid,keyword,order,filters,page"))
        #expect(csv.output.split(separator: "\r\n").count == 3)
        let json = try await run("logview", ["list", "--store", demo.directory, "-n", "4", "-o", "json"])
        guard case .array(let elements)? = JSONValue.parse(json.output) else { Issue.record("not JSON: \(json.output)"); return }
        #expect(elements.count == 4)
    }

    @Test func statsCountEverything() async throws {
        let result = try await run("logview", ["stats", "--store", demo.directory, "-o", "json"])
        #expect(result.status == 0)
        let stats = try #require(JSONValue.parse(result.output))
        #expect(stats["total"] == .integer(1500))
        #expect(stats["store"]?["logs"] == .integer(1500))
        // recipe-demo's stand-in backend acknowledged everything it was sent.
        #expect(stats["store"]?["outputs"]?["backend"]?["pending"] == .integer(0))
        let text = try await run("logview", ["stats", "--store", demo.directory, "--by", "minute"])
        #expect(text.output.contains("MINUTE"))
        #expect(text.output.contains("total"))
        #expect(text.output.contains("time span"))
        #expect(text.output.contains("dropped    0 by caps"))
        let bad = try await run("logview", ["stats", "--store", demo.directory, "--by", "week"])
        #expect(bad.status == 64)
    }

    @Test func checkCoverageAndVerify() async throws {
        let check = try await run("logview", ["check", "--store", demo.directory, "--definitions", demo.definitions])
        let summary = try #require(check.output.split(separator: "\n").last)
        #expect(summary.hasPrefix("checked 1,500 logs: "), "\(check.output)")
        #expect(check.status == (summary.contains("no findings") ? 0 : 1))
        // --first-rule: one verdict per log, `ok` or the rule's name, and the same summary.
        let verdicts = try await run("logview", ["check", "--store", demo.directory, "--definitions", demo.definitions, "--first-rule"])
        let lines = verdicts.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("seq ") }.count == 1500)
        let kinds: Set<Substring> = ["type", "required", "count", "range", "length", "pattern", "enum"]
        for line in lines where line.hasPrefix("seq ") {
            let verdict = line.split(separator: " ").last!
            #expect(verdict == "ok" || verdict == "tag" || kinds.contains(verdict.split(separator: ":").last!), "\(line)")
        }
        #expect(lines.last == summary)
        #expect(verdicts.status == check.status)
        let coverage = try await run("logview", ["coverage", "--store", demo.directory, "--definitions", demo.definitions])
        #expect(coverage.output.hasPrefix("coverage: "))
        #expect(coverage.status == (coverage.output.contains("never seen") || coverage.output.contains("not defined") ? 1 : 0))
        let verify = try await run("logview", ["verify", "--store", demo.directory, "-o", "json"])
        #expect(verify.status == 0)
        #expect(JSONValue.parse(verify.output)?["records"] == .integer(1500))
        let noDefinitions = try await run("logview", ["check", "--store", demo.directory, "--definitions", "/nonexistent"])
        #expect(noDefinitions.status == 1)
        #expect(noDefinitions.errors.contains("no such folder '/nonexistent'"))
    }

    @Test func tailFollowsTheWriterAndEndsCleanlyOnControlC() async throws {
        let temporary = TemporaryDirectory("logview-tail")
        defer { temporary.remove() }
        let store = temporary.appending("store")
        #expect(try await run("recipe-demo", ["--events", "20", "--store", store]).status == 0)
        let (tail, writer) = try await onOwnThread { () -> (ProcessResult, Int32) in
            let tail = try ProcessRunner.start(
                try ProcessRunner.builtExecutable("logview"), ["tail", "--store", store, "-n", "5", "-o", "jsonl"])
            Thread.sleep(forTimeInterval: 0.5)
            // A second run of the writer: a restart, so a new segment.
            let writer = try runBlocking("recipe-demo", ["--events", "30", "--seed", "2", "--store", store]).status
            Thread.sleep(forTimeInterval: 1.0)
            tail.interrupt()
            return (tail.wait(), writer)
        }
        #expect(writer == 0)
        #expect(tail.status == 0, "\(tail.standardError)")
        let lines = tail.standardOutput.split(separator: "\n").map { JSONValue.parse(String($0))!["seq"]! }
        #expect(lines == (16...50).map { JSONValue.integer(Int64($0)) })
    }

    @Test func noCommandChangesTheStore() async throws {
        func snapshot() throws -> [String] {
            let manager = FileManager.default
            return try manager.subpathsOfDirectory(atPath: demo.directory).sorted().map { path in
                let attributes = try manager.attributesOfItem(atPath: demo.directory + "/" + path)
                return "\(path) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0) \(attributes[.posixPermissions] ?? 0)"
            }
        }
        let before = try snapshot()
        for arguments in [
            ["list"], ["list", "--where", "keyword=egg", "-o", "csv"], ["stats", "--by", "hour"],
            ["check", "--definitions", demo.definitions], ["coverage", "--definitions", demo.definitions], ["verify"],
        ] {
            _ = try await run("logview", [arguments[0], "--store", demo.directory] + arguments.dropFirst())
        }
        #expect(try snapshot() == before)
    }
}
