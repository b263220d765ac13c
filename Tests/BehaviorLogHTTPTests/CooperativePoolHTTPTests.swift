import BehaviorLog
@_spi(Transport) @testable import BehaviorLogHTTP
import Foundation
import LogCore
import Testing

/// The HTTP backends' `async` paths never block Swift's cooperative pool (issue 25): a send
/// (URLSession, and on Linux the socket transport, whose blocking calls run on a thread of its
/// own) and a `BufferedOutput` over an `HTTPBackend`: its flush, erasure and shutdown, each inside `BlockingCalls.watch`
/// (BehaviorLogTests' `CooperativePoolTests` has the logger's and the outputs' side).
@Suite(.enabled(if: BlockingCalls.isRecording, "BlockingCalls records in debug builds only"))
struct CooperativePoolHTTPTests {
    let server: MisbehavingServer

    init() throws {
        server = try MisbehavingServer()
    }

    private func expectNone(_ calls: [BlockingCalls.Call], in api: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(calls.isEmpty, "\(api) blocked Swift's cooperative pool: \(calls)", sourceLocation: sourceLocation)
    }

    @Test func sendsMakeNoBlockingCallOnThePool() async throws {
        let configuration = try HTTPBackendConfiguration(url: server.url(script: "204"), timeout: .seconds(5))
        var transports: [(String, (any HTTPTransport)?)] = [("URLSession", nil)]
        #if canImport(Glibc)
        transports.append(("SocketTransport", SocketTransport()))
        #endif
        for (name, transport) in transports {
            let poster = HTTPPoster(configuration: configuration, transport: transport)
            var outcome: HTTPDeliveryOutcome?
            expectNone(await BlockingCalls.watch { outcome = await poster.post(Array("{}\n".utf8)) }, in: "HTTPPoster.post over \(name)")
            #expect(outcome == .accepted, "\(name)")
        }
    }

    @Test func aBufferedHTTPBackendsAsyncAPIMakesNoBlockingCallOnThePool() async throws {
        let directory = TestLogs.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try BufferedOutput(
            directory: URL(fileURLWithPath: directory),
            backend: HTTPBackend(configuration: try HTTPBackendConfiguration(url: server.url(script: "204"), timeout: .seconds(5))))
        output.write(TestLogs.make(20))
        expectNone(await BlockingCalls.watch { await output.flush() }, in: "BufferedOutput(HTTPBackend).flush()")
        #expect(try await server.received().count >= 1)
        output.write(TestLogs.make(5, start: 20))
        expectNone(try await BlockingCalls.watch { try await output.eraseAllData() }, in: "BufferedOutput(HTTPBackend).eraseAllData()")
        output.write(TestLogs.make(5, start: 25))
        expectNone(await BlockingCalls.watch { await output.shutdown() }, in: "BufferedOutput(HTTPBackend).shutdown()")
    }
}
