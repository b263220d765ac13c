import BehaviorLog
import BehaviorLogHTTP
import Foundation
import Testing
import TestSupport

/// The credentials an app carries (docs/Warehouse.md, "Credentials an app may carry"), on a
/// real 18.16: a user who may only reach the `ingest` database, whose Null table a
/// materialized view empties into the events table; no DDL; a query quota.
@Suite(.enabled(if: ClickHouseSandbox.isAvailable, "clickhouse-server is not installed: `make test` installs it (apt-get install clickhouse-server)"))
struct AppCredentialsTests {
    static let app = (name: "app", password: "app-secret")

    /// The users.d file of docs/Warehouse.md, with a quota small enough to reach in a test.
    static let users = """
        <?xml version="1.0"?>
        <yandex>
            <profiles><app><allow_ddl>0</allow_ddl></app></profiles>
            <users>
                <app>
                    <password>app-secret</password>
                    <networks><ip>127.0.0.1</ip></networks>
                    <profile>app</profile>
                    <quota>app</quota>
                    <allow_databases><database>ingest</database></allow_databases>
                </app>
            </users>
            <quotas><app><interval><duration>3600</duration><queries>40</queries></interval></app></quotas>
        </yandex>
        """

    /// The ClickHouse error a query as the app gets, or `nil` when the server ran it.
    private func refusal(_ server: ClickHouseSandbox, _ sql: String) async -> String? {
        do {
            _ = try await server.query(sql, user: Self.app)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theAppsCredentialsInsertThroughTheIngestTableAndNothingElse() async throws {
        let server = try ClickHouseSandbox(users: Self.users)
        defer { server.stop() }
        let ddl = try runTool("loggen", ["ddl", definitionsDirectory, "--dialect", "clickhouse", "--table", "logs"])
        try #require(ddl.status == 0, "\(ddl.errors)")
        try await server.query(ddl.output)
        try await server.query("CREATE DATABASE ingest")
        try await server.query("CREATE TABLE ingest.logs AS default.logs ENGINE = Null")
        try await server.query("CREATE MATERIALIZED VIEW ingest.logs_to_events TO default.logs AS SELECT * FROM ingest.logs")

        // A ClickHouseBackend with the app's credentials, writing to the ingest table.
        let directory = TemporaryDirectory("warehouse-credentials-outbox").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try BufferedOutput(
            directory: URL(fileURLWithPath: directory),
            backend: ClickHouseBackend(
                configuration: ClickHouseConfiguration(server: server.url, table: "ingest.logs", credentials: (Self.app.name, Self.app.password))),
            configuration: try BufferedOutputConfiguration(chunkCount: 250, flushInterval: .milliseconds(50)))
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], schemaVersion: "credentials"))
        for index in 0..<1_000 {
            var payload = LogPayload()
            payload.append("keyword", .string("egg \(index)"))
            payload.append("order", .string("latest"))
            payload.append("page", .integer(Int64(index % 100 + 1)))
            logger.post(tag: "recipe_search.search", payload: payload)
        }
        try await deliverAll(logger, through: output, within: .seconds(30))
        #expect(output.statistics.rejectedLogs == 0)
        #expect(try await server.query("SELECT count(), uniqExact(uuid) FROM default.logs FORMAT TSV") == "1000\t1000\n")

        // What the same credentials cannot do.
        #expect(await refusal(server, "SELECT count() FROM default.logs")?.contains("Access denied to database default") == true)
        #expect(await refusal(server, "DROP TABLE ingest.logs")?.contains("DDL queries are prohibited") == true)
        #expect(await refusal(server, "DROP TABLE default.logs")?.contains("DDL queries are prohibited") == true)
        #expect(await refusal(server, "ALTER TABLE ingest.logs DELETE WHERE 1")?.contains("DDL queries are prohibited") == true)
        #expect(await refusal(server, "CREATE TABLE ingest.mine (a UInt8) ENGINE = Memory")?.contains("DDL queries are prohibited") == true)
        // The events table is not even named to them.
        #expect(try await server.query("SELECT count() FROM system.tables WHERE database = 'default' FORMAT TSV", user: Self.app) == "0\n")
        #expect(try await server.query("SELECT count() FROM system.columns WHERE database = 'default' FORMAT TSV", user: Self.app) == "0\n")
        // What they still can (docs/Warehouse.md says so): read the ingest table (always empty)
        // and the rest of the system database, such as the running queries.
        #expect(try await server.query("SELECT count() FROM ingest.logs FORMAT TSV", user: Self.app) == "0\n")
        #expect(try await server.query("SELECT count() > 0 FROM system.processes FORMAT TSV", user: Self.app) == "1\n")
        // The quota ends it: 40 queries an hour, the output's included.
        var answered = 0
        var quotaError: String?
        for _ in 0..<50 {
            if let error = await refusal(server, "SELECT 1") {
                quotaError = error
                break
            }
            answered += 1
        }
        #expect(quotaError?.contains("Quota for user 'app' for 1 hour has been exceeded") == true, "\(quotaError ?? "never refused")")
        #expect(answered < 40)
        // The events table kept every row.
        #expect(try await server.query("SELECT count() FROM default.logs FORMAT TSV") == "1000\n")
    }
}
