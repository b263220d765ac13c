import BehaviorLog
import BehaviorLogHTTP
import Foundation
import Testing
import TestSupport

/// The server killed in the middle of a run: posting goes on, nothing is lost, and the
/// redelivered copies collapse by UUID.
@Suite(.enabled(if: ClickHouseSandbox.isAvailable, "clickhouse-server is not installed: `make test` installs it (apt-get install clickhouse-server)"))
struct ClickHouseFaultTests {
    private func post(_ range: Range<Int>, to logger: BehaviorLogger) async {
        for index in range {
            var payload = LogPayload()
            payload.append("keyword", .string("egg \(index)"))
            payload.append("order", .string("latest"))
            payload.append("filters", .array([.string("vegetarian")]))
            payload.append("page", .integer(Int64(index % 1000 + 1)))
            logger.post(tag: "recipe_search.search", payload: payload)
            if index % 100 == 0 { try? await Task.sleep(for: .milliseconds(5)) }  // a user's pace, roughly
        }
    }

    @Test func aServerKilledMidRunLosesNothing() async throws {
        let server = try ClickHouseSandbox()
        defer { server.stop() }
        let ddl = try runTool("loggen", ["ddl", definitionsDirectory, "--dialect", "clickhouse", "--table", "faults"])
        try #require(ddl.status == 0, "\(ddl.errors)")
        try await server.query(ddl.output)

        let directory = TemporaryDirectory("warehouse-faults-outbox").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try BufferedOutput(
            directory: URL(fileURLWithPath: directory),
            backend: ClickHouseBackend(configuration: ClickHouseConfiguration(server: server.url, table: "faults", timeout: .seconds(2))),
            configuration: try BufferedOutputConfiguration(
                chunkCount: 250, flushInterval: .milliseconds(50), retryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(500)))
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], schemaVersion: "faults"))

        await post(0..<3_000, to: logger)
        await logger.flush()
        try server.kill()
        await post(3_000..<6_000, to: logger)  // posted while the server is down
        await logger.flush()
        try await Task.sleep(for: .milliseconds(500))
        #expect(output.statistics.retryableFailures > 0)
        #expect(output.statistics.unsentLogs > 0)
        try server.restart()
        await post(6_000..<9_000, to: logger)

        try await deliverAll(logger, through: output)

        #expect(output.statistics.unsentLogs == 0)
        #expect(output.statistics.rejectedLogs == 0)
        #expect(try await server.query("SELECT uniqExact(uuid) FROM faults FORMAT TSV") == "9000\n")
        #expect(try await Int(server.query("SELECT count() FROM faults FORMAT TSV").trimmingCharacters(in: .newlines))! >= 9000)
        // Copies redelivered after a lost answer share every key column: merging collapses them.
        try await server.query("OPTIMIZE TABLE faults FINAL")
        #expect(try await server.query("SELECT count() FROM faults FORMAT TSV") == "9000\n")
    }
}
