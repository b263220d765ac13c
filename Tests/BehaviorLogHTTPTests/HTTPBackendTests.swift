import BehaviorLog
import BehaviorLogHTTP
import Foundation
import LogStore
import Testing

/// A `BufferedOutput` with an `HTTPBackend` against the scripted endpoint: each bad answer
/// handled as specified, no log lost, none sent twice except by retrying a chunk.
@Suite struct HTTPBackendTests {
    let server: MisbehavingServer

    init() throws {
        server = try MisbehavingServer()
    }

    private func output(
        script: String, format: HTTPBodyFormat = .jsonEachRow, gzip: Bool = false, timeout: Duration = .seconds(5),
        directory: String = TestLogs.temporaryDirectory()
    ) throws -> BufferedOutput {
        try BufferedOutput(
            directory: URL(fileURLWithPath: directory),
            backend: HTTPBackend(
                configuration: HTTPBackendConfiguration(url: server.url(script: script), format: format, gzip: gzip, timeout: timeout)),
            configuration: try BufferedOutputConfiguration(
                chunkCount: 100, flushInterval: .milliseconds(50), retryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(200)))
    }

    private func send(_ logs: [EncodedLog], through output: BufferedOutput) async {
        output.write(logs)
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
    }

    /// The UUIDs in a JSON-lines body.
    private func uuids(inLines body: String) throws -> [String] {
        try body.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return object["uuid"] as! String
        }
    }

    @Test func retriesServerErrorsAndHonoursRetryAfter() async throws {
        let output = try output(script: "500,429-1,200")
        let logs = TestLogs.make(5)
        await send(logs, through: output)
        let received = try await server.received()
        try #require(received.count == 3)
        #expect(output.statistics.sentLogs == 5)
        #expect(output.statistics.retryableFailures == 2)
        // The same chunk each time, every log once in it.
        let expected = logs.map { $0.envelope.uuid.uuidString.lowercased() }
        for request in received { #expect(try uuids(inLines: request.body) == expected) }
        // The retry after the 429 waited for Retry-After (1 s), not the 0.05 s backoff.
        #expect(received[2].time - received[1].time >= 0.95)
        await output.shutdown()
    }

    /// Issue 25: the HTTP path's output is the `BufferedOutput` itself, so every `LogOutput`
    /// requirement, those with a default included, is the buffered output's own. A wrapper (the
    /// `HTTPOutput` class this replaced) had to forward each one; a requirement added later and
    /// not forwarded would silently do nothing. Each is called here as the logger calls it,
    /// through `any LogOutput`, and must reach the output's store.
    @Test func everyLogOutputRequirementReachesTheBufferedStore() async throws {
        let directory = TestLogs.temporaryDirectory()
        let output: any LogOutput = try output(script: "200", directory: directory)
        let buffered = try #require(output as? BufferedOutput, "the HTTP path's output must be the BufferedOutput itself, not a wrapper")
        #expect(output.requiresConsentByDefault)

        output.suspend()  // written logs are kept, not sent
        output.write(TestLogs.make(4))
        output.writerIsIdle()
        await output.flush()
        try await Task.sleep(for: .milliseconds(200))  // four flush intervals
        #expect(try await server.received().isEmpty)
        #expect(buffered.statistics.unsentLogs == 4)

        output.resume()  // now they go
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { buffered.statistics.unsentLogs })
        #expect(try await server.received().count == 1)
        #expect(buffered.statistics.sentLogs == 4)

        output.suspend()
        output.write(TestLogs.make(2, start: 4))
        await output.flush()
        #expect(try LogStoreReader(directory: directory).stats().recordCount > 0)
        try await output.eraseAllData()  // the store goes, sent and unsent logs alike
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 0)

        output.consentChanged(to: .denied)  // what is written now is deleted, and counted
        output.write(TestLogs.make(3, start: 6))
        #expect(buffered.statistics.deletedForConsent == 3)
        await output.shutdown()
        #expect(try await server.received().count == 1)
    }

    /// The output gives a send the backend's request timeout and 5 seconds more, so that the
    /// request's own timeout (which ends it and says why) comes first; a longer send timeout stays.
    @Test func theSendTimeoutLeavesRoomForTheRequestTimeout() throws {
        let slow = try output(script: "200", timeout: .seconds(60))
        #expect(slow.configuration.sendTimeout == .seconds(65))
        let quick = try output(script: "200", timeout: .seconds(1))
        #expect(quick.configuration.sendTimeout == .seconds(30))
        let own = try BufferedOutput(
            directory: URL(fileURLWithPath: TestLogs.temporaryDirectory("own")), backend: AcceptingBackend(),
            configuration: try BufferedOutputConfiguration(sendTimeout: .seconds(2)))
        #expect(own.configuration.sendTimeout == .seconds(2))  // a backend without a request timeout
    }

    /// Issue 17: an HTTP output needs consent by default, and does what its buffered output does.
    @Test func followsTheUsersConsent() async throws {
        let directory = TestLogs.temporaryDirectory()
        let output = try output(script: "200", directory: directory)
        #expect(OutputSetting(output).requiresConsent)
        output.consentChanged(to: .pending)  // as a logger tells it
        output.write(TestLogs.make(5))
        await output.flush()
        try await Task.sleep(for: .milliseconds(200))  // four flush intervals
        #expect(try await server.received().isEmpty)
        #expect(output.statistics.unsentLogs == 5)

        output.consentChanged(to: .granted)
        await HTTPBackendTestsSupport.drain({ await output.flush() }, unsent: { output.statistics.unsentLogs })
        #expect(try await server.received().count == 1)
        #expect(output.statistics.sentLogs == 5)

        output.consentChanged(to: .denied)
        output.write(TestLogs.make(3, start: 5))
        #expect(output.statistics.deletedForConsent == 3)
        try await output.eraseAllData()
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 0)
        await output.shutdown()
        #expect(try await server.received().count == 1)
    }

    @Test func setsAsideWhatTheServerRejectsAndCountsIt() async throws {
        let output = try output(script: "400")
        await send(TestLogs.make(5), through: output)
        #expect(try await server.received().count == 1)
        #expect(output.statistics.rejectedChunks == 1)
        #expect(output.statistics.rejectedLogs == 5)
        #expect(output.statistics.sentLogs == 0)
        #expect(output.statistics.unsentLogs == 0)
        await output.shutdown()
    }

    @Test func retriesAServerThatHangs() async throws {
        let output = try output(script: "hang-3,200", timeout: .seconds(1))
        let logs = TestLogs.make(3)
        await send(logs, through: output)
        let received = try await server.received()
        try #require(received.count == 2)
        #expect(try uuids(inLines: received[0].body) == uuids(inLines: received[1].body))
        #expect(output.statistics.sentLogs == 3)
        #expect(output.statistics.retryableFailures == 1)
        await output.shutdown()
    }

    @Test func sendsAGzippedJSONArrayOfEnvelopes() async throws {
        let output = try output(script: "200", format: .jsonArray, gzip: true)
        let logs = TestLogs.make(4)
        await send(logs, through: output)
        let request = try #require(try await server.received().first)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["content-encoding"] == "gzip")
        let array = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as! [[String: Any]]
        #expect(array.map { $0["uuid"] as! String } == logs.map { $0.envelope.uuid.uuidString.lowercased() })
        #expect(array.allSatisfy { $0["tag"] as? String == "recipe_search.search" && $0["schema"] as? String == "test-schema" })
        await output.shutdown()
    }

    @Test func keepsUnsentLogsAcrossARestart() async throws {
        let directory = TestLogs.temporaryDirectory()
        let first = try output(script: "500", directory: directory)
        first.write(TestLogs.make(6))
        await first.flush()
        await first.shutdown()
        #expect(first.statistics.sentLogs == 0)
        let second = try output(script: "200", directory: directory)
        await HTTPBackendTestsSupport.drain({ await second.flush() }, unsent: { second.statistics.unsentLogs })
        #expect(second.statistics.sentLogs == 6)
        let delivered = try await server.received().filter { $0.path.hasSuffix("/200") }
        #expect(try delivered.flatMap { try uuids(inLines: $0.body) }.count == 6)
        await second.shutdown()
    }
}

/// A backend that takes every chunk and has no request timeout of its own.
private struct AcceptingBackend: LogBackend {
    func send(_ chunk: LogChunk) async -> LogDeliveryResult { .accepted }
}
