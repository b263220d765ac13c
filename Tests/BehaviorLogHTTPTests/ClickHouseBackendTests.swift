import BehaviorLog
@_spi(Transport) import BehaviorLogHTTP
import Foundation
import LogStore
import Testing

/// What `ClickHouseBackend` asks the server, through the transport seam: the table it reads
/// and inserts into, with and without enforcement (issue 27: `loggen ddl --enforce --table T`
/// makes the ingest table `T_ingest`), and that it is a `BufferedOutput`'s backend like any other.
@Suite struct ClickHouseBackendTests {
    private func ship(_ configuration: ClickHouseConfiguration) async throws -> (queries: [String], output: BufferedOutput) {
        let transport = FakeClickHouse()
        let output = try BufferedOutput(
            directory: URL(fileURLWithPath: TestLogs.temporaryDirectory("clickhouse-\(configuration.table)-\(configuration.enforced)")),
            backend: ClickHouseBackend(configuration: configuration, transport: transport),
            configuration: try BufferedOutputConfiguration(chunkCount: 100, flushInterval: .milliseconds(20)))
        output.write(TestLogs.make(3))
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
        #expect(output.statistics.sentLogs == 3)
        await output.shutdown()
        return (transport.queries, output)
    }

    private static let server = URL(string: "http://127.0.0.1:9/")!

    @Test func insertsIntoTheTableItIsGiven() async throws {
        let configuration = try ClickHouseConfiguration(server: Self.server, table: "logs")
        #expect(!configuration.enforced && configuration.insertTable == "logs")
        let (queries, _) = try await ship(configuration)
        #expect(queries == ["DESCRIBE TABLE logs FORMAT TabSeparated", "INSERT INTO logs FORMAT JSONEachRow"])
    }

    @Test func enforcedInsertsIntoTheIngestTable() async throws {
        let configuration = try ClickHouseConfiguration(server: Self.server, table: "logs", enforced: true)
        #expect(configuration.insertTable == "logs_ingest")
        let (queries, _) = try await ship(configuration)
        // Its columns are the events table's, and an app's credentials may read only it.
        #expect(queries == ["DESCRIBE TABLE logs_ingest FORMAT TabSeparated", "INSERT INTO logs_ingest FORMAT JSONEachRow"])
    }

    @Test func enforcedInADatabaseKeepsTheDatabase() async throws {
        let configuration = try ClickHouseConfiguration(server: Self.server, table: "analytics.logs", enforced: true)
        #expect(configuration.insertTable == "analytics.logs_ingest")
        let (queries, _) = try await ship(configuration)
        #expect(queries.last == "INSERT INTO analytics.logs_ingest FORMAT JSONEachRow")
    }

    /// The requirements of `LogOutput` with a default reach the ClickHouse path's store too.
    @Test func erasingAndDenyingReachTheStore() async throws {
        let directory = TestLogs.temporaryDirectory()
        let output: any LogOutput = try BufferedOutput(
            directory: URL(fileURLWithPath: directory),
            backend: ClickHouseBackend(configuration: try ClickHouseConfiguration(server: Self.server, table: "logs"), transport: FakeClickHouse()),
            configuration: .clickHouse)
        output.suspend()
        output.write(TestLogs.make(5))
        await output.flush()  // durable, and not sent
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 5)
        try await output.eraseAllData()
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 0)
        output.consentChanged(to: .denied)
        output.write(TestLogs.make(2, start: 5))
        #expect((output as? BufferedOutput)?.statistics.deletedForConsent == 2)
        await output.shutdown()
    }

    @Test func theClickHouseBufferingSendsFewLargeChunks() {
        let buffering = BufferedOutputConfiguration.clickHouse
        #expect(buffering.chunkCount == 10_000 && buffering.chunkBytes == 4 << 20 && buffering.flushInterval == .seconds(5))
    }
}
