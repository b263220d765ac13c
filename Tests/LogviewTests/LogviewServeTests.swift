import Foundation
import LogQuery
import TestSupport
import Testing

/// A `logview serve` process on a free loopback port, stopped (SIGTERM, then waited for) at the end.
final class ServeProcess: Sendable {
    let process: RunningProcess
    let port: UInt16
    let firstLine: String

    init(_ arguments: [String]) throws {
        process = try ProcessRunner.start(
            try ProcessRunner.builtExecutable("logview"), ["serve", "--listen", "127.0.0.1:0"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"])
        process.waitForOutput(containing: "\n")
        firstLine = String(process.output.prefix { $0 != "\n" }) + "\n"
        guard let range = firstLine.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
            let port = UInt16(firstLine[range].dropFirst(10).dropLast())
        else {
            process.terminate()
            throw HTTPTestConnection.Failure(description: "logview serve printed no URL: \(firstLine)\(process.errorOutput)")
        }
        self.port = port
    }

    /// Stops the server; its exit status.
    func stop() -> Int32 {
        process.terminate()
        return process.wait().status
    }

    func get(_ path: String) async throws -> HTTPTestResponse {
        let port = port
        return try await onOwnThread { try HTTPTestConnection.request(port: port, path) }
    }
}

@Suite(.serialized) struct LogviewServeTests {
    var demo: DemoStore { DemoStore.shared }

    /// `/api/logs` with the API's parameters, beside `logview list` with the same filters.
    @Test(arguments: [
        ("", [String]()),
        ("limit=25", ["-n", "25"]),
        ("tag=recipe_search.*&tag=home_banner.show_banner", ["--tag", "recipe_search.*", "--tag", "home_banner.show_banner"]),
        ("where=page%3E%3D2&where=keyword~%5Eeg", ["--where", "page>=2", "--where", "keyword~^eg"]),
        (
            "tag=recipe_detail.*&limit=7&since=2000-01-01&until=2100-01-01",
            ["--tag", "recipe_detail.*", "-n", "7", "--since", "2000-01-01", "--until", "2100-01-01"]
        ),
    ])
    func logsAreTheLinesOfListJSONL(_ query: String, _ arguments: [String]) async throws {
        let server = try ServeProcess(["--store", demo.directory])
        defer { _ = server.stop() }
        let response = try await server.get("/api/logs?" + query)
        let expected = try await run("logview", ["list", "--store", demo.directory, "-o", "jsonl"] + arguments)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/x-ndjson")
        #expect(!expected.output.isEmpty)
        #expect(response.text == expected.output)
    }

    @Test func csvExportIsListCSV() async throws {
        let server = try ServeProcess(["--store", demo.directory])
        defer { _ = server.stop() }
        let response = try await server.get("/api/logs?tag=recipe_search.search&format=csv")
        let expected = try await run("logview", ["list", "--store", demo.directory, "--tag", "recipe_search.search", "-o", "csv"])
        #expect(response.text == expected.output)
    }

    @Test(arguments: [
        ("", [String]()),
        ("by=category&tag=recipe_search.*", ["--by", "category", "--tag", "recipe_search.*"]),
        ("by=minute&where=page%3E1", ["--by", "minute", "--where", "page>1"]),
    ])
    func statsIsStatsJSON(_ query: String, _ arguments: [String]) async throws {
        let server = try ServeProcess(["--store", demo.directory])
        defer { _ = server.stop() }
        let response = try await server.get("/api/stats?" + query)
        let expected = try await run("logview", ["stats", "--store", demo.directory, "-o", "json"] + arguments)
        #expect(response.status == 200)
        #expect(response.text == expected.output)
    }

    /// A malformed filter is a 400 with the line the command prints.
    @Test(arguments: [
        ("where=keyword", ["--where", "keyword"]),
        ("since=soon", ["--since", "soon"]),
        ("tag=a..b", ["--tag", "a..b"]),
    ])
    func malformedFiltersAre400WithTheCommandsMessage(_ query: String, _ arguments: [String]) async throws {
        let server = try ServeProcess(["--store", demo.directory])
        defer { _ = server.stop() }
        let response = try await server.get("/api/logs?" + query)
        let command = try await run("logview", ["list", "--store", demo.directory] + arguments)
        #expect(response.status == 400)
        #expect(command.status == 64)
        #expect(response.text == String(command.errors.split(separator: "\n")[0]) + "\n")
    }

    @Test func definitionsAreTheSchemaOfLoggen() async throws {
        let server = try ServeProcess(["--store", demo.directory, "--definitions", demo.definitions])
        defer { _ = server.stop() }
        let response = try await server.get("/api/definitions")
        let expected = try await run("loggen", ["schema", demo.definitions])
        #expect(response.status == 200)
        #expect(response.text == expected.output)
        let without = try ServeProcess(["--store", demo.directory])
        defer { _ = without.stop() }
        #expect(try await without.get("/api/definitions").status == 404)
    }

    @Test func findingsAreTheFindingsOfCheck() async throws {
        let server = try ServeProcess(["--store", demo.directory, "--definitions", demo.definitions])
        defer { _ = server.stop() }
        let response = try await server.get("/api/findings")
        let check = try await run("logview", ["check", "--store", demo.directory, "--definitions", demo.definitions])
        let lines = response.text.split(separator: "\n").map { JSONValue.parse(String($0))! }
        var fromServer: [String] = []
        for line in lines {
            guard case .array(let findings)? = line["findings"] else { continue }
            for finding in findings { if case .string(let message)? = finding["message"] { fromServer.append(message) } }
        }
        let fromCommand = check.output.split(separator: "\n").filter { $0.contains(": error: seq ") }
        #expect(!fromServer.isEmpty)
        #expect(fromServer.count == fromCommand.count)
        #expect(zip(fromServer, fromCommand).allSatisfy { $1.hasSuffix(": " + $0) })
        // `after` reads only what follows: the same lines as filtering the whole answer.
        let middle = lines.count / 2
        guard case .integer(let pivot)? = lines[middle]["seq"] else { Issue.record("no seq"); return }
        let after = try await server.get("/api/findings?after=\(pivot)")
        let allLines: [String] = response.text.split(separator: "\n").map(String.init)
        let afterLines: [String] = after.text.split(separator: "\n").map(String.init)
        #expect(afterLines == Array(allLines[(middle + 1)...]))
    }

    @Test func theCollectorFedByRecipeDemoHoldsTheDemosLogs() async throws {
        let temporary = TemporaryDirectory("logview-serve")
        defer { temporary.remove() }
        let directory = temporary.path
        let server = try ServeProcess(["--store", directory + "/collected", "--collect"])
        #expect(server.firstLine.contains("collecting at http://127.0.0.1:\(server.port)/v1/logs"))
        let sent = try await run(
            "recipe-demo",
            [
                "--events", "1200", "--seed", "5", "--store", directory + "/demo",
                "--collector", "http://127.0.0.1:\(server.port)/v1/logs",
            ])
        #expect(sent.status == 0, "\(sent.errors)")
        #expect(sent.output.contains("sent 1200 logs"))
        func uuids(_ store: String) async throws -> Set<String> {
            let listed = try await run("logview", ["list", "--store", store, "-o", "jsonl"])
            return Set(
                listed.output.split(separator: "\n").compactMap { line -> String? in
                    if case .string(let uuid)? = JSONValue.parse(String(line))?["uuid"] { return uuid }
                    return nil
                })
        }
        let served = try await server.get("/api/logs")
        #expect(served.text.split(separator: "\n").count == 1200)
        #expect(server.stop() == 0)
        let collected = try await uuids(directory + "/collected")
        #expect(collected.count == 1200)
        #expect(collected == (try await uuids(directory + "/demo")))
    }

    @Test func listeningOffLoopbackWithoutATokenIsAUsageError() async throws {
        let result = try await run("logview", ["serve", "--store", demo.directory, "--listen", "0.0.0.0:0"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("logview: error: listening on 0.0.0.0 lets other machines read the logs; pass --token TOKEN too"))
        let badAddress = try await run("logview", ["serve", "--store", demo.directory, "--listen", "nowhere"])
        #expect(badAddress.status == 64)
    }

    @Test func withoutCollectNothingIsWrittenAndPostsAre404() async throws {
        let server = try ServeProcess(["--store", demo.directory])
        defer { _ = server.stop() }
        let before = try await run("logview", ["stats", "--store", demo.directory, "-o", "json"])
        let port = server.port
        let response = try await onOwnThread {
            try HTTPTestConnection.request(port: port, method: "POST", "/v1/logs", body: Array("{}\n".utf8))
        }
        #expect(response.status == 404)
        #expect(response.text.contains("--collect"))
        #expect(try await run("logview", ["stats", "--store", demo.directory, "-o", "json"]).output == before.output)
    }
}
