import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// A throwaway ClickHouse server on loopback (`Tests/Support/clickhouse-sandbox`), with its
/// data in a temporary directory, stopped with the test process at the latest.
final class ClickHouseSandbox: Sendable {
    /// The server of the suite running now (see `.clickHouseServer`).
    @TaskLocal static var current: ClickHouseSandbox?

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/clickhouse-sandbox").path

    /// Whether the tests that need a server can run: it is installed, or the run requires it
    /// (`BEHAVIORLOG_REQUIRE_CLICKHOUSE=1`, which `make test` sets in CI) and must fail without it.
    static let isAvailable: Bool =
        ["/usr/sbin", "/usr/bin", "/usr/local/bin"].contains {
            FileManager.default.isExecutableFile(atPath: $0 + "/clickhouse-server")
        } || ProcessInfo.processInfo.environment["BEHAVIORLOG_REQUIRE_CLICKHOUSE"] == "1"

    let directory: String
    let httpPort: Int
    let tcpPort: Int
    var url: URL { URL(string: "http://127.0.0.1:\(httpPort)/")! }

    /// Starts a server in a new temporary directory.
    /// - Parameter users: A `users.d` file (`<yandex><users>…`) that adds users, profiles and
    ///   quotas to the sandbox's `default` user.
    init(users: String? = nil) throws {
        directory = TemporaryDirectory("clickhouse-sandbox").path
        if let users {
            try Self.runScript(["prepare", directory])
            try FileManager.default.createDirectory(atPath: directory + "/users.d", withIntermediateDirectories: true)
            try users.write(toFile: directory + "/users.d/users.xml", atomically: true, encoding: .utf8)
        }
        (httpPort, tcpPort) = try Self.start(directory)
    }

    /// A server started by someone else (one of a ``ClickHouseClusterSandbox``'s).
    init(directory: String, httpPort: Int, tcpPort: Int) {
        self.directory = directory
        self.httpPort = httpPort
        self.tcpPort = tcpPort
    }

    private static func start(_ directory: String) throws -> (Int, Int) {
        let output = try runScript(["start", directory, String(ProcessInfo.processInfo.processIdentifier)])
        let ports = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard ports.count == 2 else { throw SandboxError("clickhouse-sandbox printed no ports: \(output)") }
        return (ports[0], ports[1])
    }

    /// SIGKILLs the server (its data stays), for fault injection.
    func kill() throws { _ = try Self.runScript(["kill", directory]) }

    /// Starts the server again on the same ports and data.
    func restart() throws { _ = try Self.start(directory) }

    /// Stops the server and removes its directory.
    func stop() { _ = try? Self.runScript(["stop", directory]) }

    @discardableResult
    static func runScript(_ arguments: [String], script: String = script) throws -> String {
        // Files, not pipes: a pipe's end held by the server would keep a read from ending.
        let result = try ProcessRunner.run("/bin/bash", [script] + arguments, outputThroughFiles: true)
        guard result.status == 0 else {
            throw SandboxError("\((script as NSString).lastPathComponent) \(arguments[0]) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Runs each statement of a script (`loggen ddl`'s output: statements ending `;` at the
    /// end of a line), one request each: the HTTP interface takes one statement per query.
    func execute(script: String) async throws {
        for statement in script.components(separatedBy: ";\n") {
            let lines = statement.split(separator: "\n").filter { !$0.hasPrefix("--") }
            guard !lines.isEmpty else { continue }
            do {
                try await query(lines.joined(separator: "\n"))
            } catch {
                throw SandboxError("\(lines[0]) …: \(error)")
            }
        }
    }

    /// Runs a query over HTTP and returns the body; throws with ClickHouse's message on an error.
    /// - Parameter user: Another user than `default`, with its password.
    @discardableResult
    func query(_ sql: String, settings: [String: String] = [:], user: (name: String, password: String)? = nil) async throws -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.queryItems = settings.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var request = URLRequest(url: components.url!, timeoutInterval: 60)
        request.httpMethod = "POST"
        if let user {
            request.setValue(user.name, forHTTPHeaderField: "X-ClickHouse-User")
            request.setValue(user.password, forHTTPHeaderField: "X-ClickHouse-Key")
        }
        let (data, response) = try await URLSession.shared.upload(for: request, from: Data(sql.utf8))
        let body = String(decoding: data, as: UTF8.self)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw SandboxError("ClickHouse: \(body)") }
        return body
    }

    /// The rows of a `SELECT … FORMAT JSONEachRow`, with 64-bit integers as JSON numbers.
    func rows(_ sql: String) async throws -> [[String: Any]] {
        let body = try await query(sql + " FORMAT JSONEachRow", settings: ["output_format_json_quote_64bit_integers": "0"])
        return try body.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// The columns of a table, in order, with their types.
    func columns(of table: String) async throws -> [(name: String, type: String)] {
        try await query("DESCRIBE TABLE \(table) FORMAT TabSeparated").split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(parts[0]), String(parts[1]).replacingOccurrences(of: "\\'", with: "'"))
        }
    }
}

struct SandboxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a suite with one ClickHouse server for all its tests (`ClickHouseSandbox.current`).
struct ClickHouseServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let server = try ClickHouseSandbox()
        defer { server.stop() }
        try await ClickHouseSandbox.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == ClickHouseServerTrait {
    /// One throwaway ClickHouse server for the suite.
    static var clickHouseServer: Self { Self() }
}
