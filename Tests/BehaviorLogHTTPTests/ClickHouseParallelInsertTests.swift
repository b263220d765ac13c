import BehaviorLog
@_spi(Transport) import BehaviorLogHTTP
import Foundation
import LogCore
import Testing

/// A large chunk goes to ClickHouse as parallel inserts; the chunk is acknowledged only when
/// every insert is, and a failed part sends the whole chunk again (no log lost).
@Suite struct ClickHouseParallelInsertTests {
    /// Answers `DESCRIBE` with a table, and each `INSERT` with the next scripted status (200 when the script is empty).
    final class FakeClickHouse: HTTPTransport {
        struct Insert { var status: Int; var uuids: [String] }
        private let state: Locked<(script: [Int], inserts: [Insert])>

        init(script: [Int] = []) {
            state = Locked((script, []))
        }

        var inserts: [Insert] { state.withLock { $0.inserts } }

        func post(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard request.url.query?.contains("INSERT") == true else {
                return HTTPResponse(status: 200, headers: [:], body: Array("uuid\tUUID\t\t\t\ntime\tDateTime('UTC')\t\t\t\n".utf8))
            }
            let uuids = String(decoding: request.body, as: UTF8.self).split(separator: "\n").map { line in
                String(line.dropFirst(#"{"uuid":""#.count).prefix(36))
            }
            try await Task.sleep(for: .milliseconds(20))  // both inserts are in flight together
            let status = state.withLock { state in
                let status = state.script.isEmpty ? 200 : state.script.removeFirst()
                state.inserts.append(Insert(status: status, uuids: uuids))
                return status
            }
            return HTTPResponse(
                status: status, headers: [:], body: status == 200 ? [] : Array("Code: 252, e.displayText() = DB::Exception: Too many parts".utf8))
        }
    }

    private func output(_ transport: FakeClickHouse) throws -> ClickHouseOutput {
        try ClickHouseOutput(
            directory: URL(fileURLWithPath: TestLogs.temporaryDirectory()),
            configuration: ClickHouseConfiguration(server: URL(string: "http://127.0.0.1:9/")!, table: "logs"),
            buffering: try BufferedOutputConfiguration(
                chunkCount: 10_000, chunkBytes: 64 << 20, flushInterval: .seconds(60), retryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(100)),
            transport: transport)
    }

    @Test func aLargeChunkIsSplitIntoParallelInsertsThatHoldEveryLogOnce() async throws {
        let transport = FakeClickHouse()
        let output = try output(transport)
        let logs = TestLogs.make(5_000)
        output.write(logs)
        await HTTPOutputTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
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
        await HTTPOutputTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs }, within: 90)
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
        await HTTPOutputTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
        #expect(transport.inserts.map(\.uuids.count) == [3_000])
        await output.shutdown()
    }
}
