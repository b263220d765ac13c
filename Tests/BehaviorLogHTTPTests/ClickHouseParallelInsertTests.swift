import BehaviorLog
@_spi(Transport) import BehaviorLogHTTP
import Foundation
import LogCore
import Testing

/// A large chunk goes to ClickHouse as parallel inserts; the chunk is acknowledged only when
/// every insert is, and a failed part sends the whole chunk again (no log lost).
@Suite struct ClickHouseParallelInsertTests {
    private func output(_ transport: FakeClickHouse) throws -> BufferedOutput {
        try BufferedOutput(
            directory: URL(fileURLWithPath: TestLogs.temporaryDirectory()),
            backend: ClickHouseBackend(
                configuration: ClickHouseConfiguration(server: URL(string: "http://127.0.0.1:9/")!, table: "logs"), transport: transport),
            configuration: try BufferedOutputConfiguration(
                chunkCount: 10_000, chunkBytes: 64 << 20, flushInterval: .seconds(60), retryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(100)))
    }

    @Test func aLargeChunkIsSplitIntoParallelInsertsThatHoldEveryLogOnce() async throws {
        let transport = FakeClickHouse()
        let output = try output(transport)
        let logs = TestLogs.make(5_000)
        output.write(logs)
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
        let inserts = transport.inserts
        #expect(inserts.count == 2)
        #expect(inserts.map(\.uuids.count).sorted() == [2_500, 2_500])
        let eachLogOnce = inserts.flatMap(\.uuids).sorted() == logs.map { $0.envelope.uuid.uuidString.lowercased() }.sorted()
        #expect(eachLogOnce)
        #expect(output.statistics.sentChunks == 1 && output.statistics.sentLogs == 5_000)
        await output.shutdown()
    }

    @Test func aFailedPartSendsTheWholeChunkAgain() async throws {
        let transport = FakeClickHouse(script: [500])
        let output = try output(transport)
        let logs = TestLogs.make(5_000)
        output.write(logs)
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs }, within: 90)
        let inserts = transport.inserts
        #expect(inserts.count == 4)
        #expect(output.statistics.retryableFailures == 1)
        #expect(output.statistics.sentLogs == 5_000 && output.statistics.unsentLogs == 0)
        // Every log reached the table; the part that got in the first time is there twice, with the same UUIDs.
        let accepted = inserts.filter { $0.status == 200 }.flatMap(\.uuids)
        let everyLogIn = Set(accepted) == Set(logs.map { $0.envelope.uuid.uuidString.lowercased() })
        #expect(everyLogIn, "some logs never reached the table")
        #expect(accepted.count == 7_500)
        await output.shutdown()
    }

    @Test func aSmallChunkIsOneInsert() async throws {
        let transport = FakeClickHouse()
        let output = try output(transport)
        output.write(TestLogs.make(3_000))
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
        #expect(transport.inserts.map(\.uuids.count) == [3_000])
        await output.shutdown()
    }
}
