import Foundation
import Testing
import TestSupport

/// Today's ClickHouse (chdb 26.9, embedded in Python) behind a thin HTTP front on loopback
/// (`Tests/Support/chdb-sandbox`), queried like any server: `server` is a `ClickHouseSandbox`
/// on the front's port. Stopped with the suite, or with the test process at the latest.
final class ChdbSandbox: Sendable {
    /// The front of the suite running now (see `.chdbServer`).
    @TaskLocal static var current: ChdbSandbox?

    static let script = URL(fileURLWithPath: ClickHouseSandbox.script).deletingLastPathComponent()
        .appendingPathComponent("chdb-sandbox").path

    /// Whether chdb is installed (`make chdb-deps`), or the run requires it
    /// (`BEHAVIORLOG_REQUIRE_CLICKHOUSE=1`) and must fail without it.
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["BEHAVIORLOG_REQUIRE_CLICKHOUSE"] == "1" { return true }
        let python =
            ProcessInfo.processInfo.environment["CHDB_PYTHON"]
            ?? URL(fileURLWithPath: script).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/chdb-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? ProcessRunner.run(python, ["-c", "import chdb"]).status) == 0
    }()

    let server: ClickHouseSandbox

    init() throws {
        let directory = TemporaryDirectory("chdb-sandbox").path
        let output = try ClickHouseSandbox.runScript(
            ["start", directory, String(ProcessInfo.processInfo.processIdentifier)], script: Self.script)
        guard let port = output.split(separator: " ").first.flatMap({ Int($0) }) else {
            throw SandboxError("chdb-sandbox printed no port: \(output)")
        }
        server = ClickHouseSandbox(directory: directory, httpPort: port, tcpPort: 0)
    }

    func stop() { _ = try? ClickHouseSandbox.runScript(["stop", server.directory], script: Self.script) }
}

/// Runs a suite with one chdb front for all its tests (`ChdbSandbox.current`).
struct ChdbServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let chdb = try ChdbSandbox()
        defer { chdb.stop() }
        try await ChdbSandbox.$current.withValue(chdb) { try await function() }
    }
}

extension Trait where Self == ChdbServerTrait {
    /// One throwaway chdb front for the suite.
    static var chdbServer: Self { Self() }
}
