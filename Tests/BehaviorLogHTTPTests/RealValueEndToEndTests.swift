@testable import BehaviorLog
@_spi(Transport) import BehaviorLogHTTP
import BehaviorLogTesting
import Foundation
import LogCore
import LogStore
import RecipeLogs
import Testing

/// Issue #30: a `!real` posted from generated code reaches every output as the `Float`'s own
/// shortest text (`0.98`), never as its `Double` widening (`0.9800000190734863`).
///
/// One logger, one generated `home_banner.tap_banner` event, every output this package has
/// (`OSLogOutput` exists only where OSLog does; its line, `UnifiedLogLine`, is built here).
@Suite struct RealValueEndToEndTests {
    /// Records each request's body and answers DESCRIBE with the table's columns.
    final class RecordingTransport: HTTPTransport {
        private let bodies = Locked<[String]>([])

        var received: [String] { bodies.withLock { $0 } }

        func post(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard request.url.query?.contains("INSERT") != false else {
                return HTTPResponse(status: 200, body: Array("uuid\tUUID\t\t\t\ntime\tDateTime('UTC')\t\t\t\nvisible_ratio\tFloat32\t\t\t\n".utf8))
            }
            bodies.withLock { $0.append(String(decoding: request.body, as: UTF8.self)) }
            return HTTPResponse(status: 200)
        }
    }

    static let ratios: [Float] = [0.98, 0.97, 0.45]
    static let texts = ["0.98", "0.97", "0.45"]

    private static func event(_ ratio: Float) -> HomeBanner {
        HomeBanner.tapBanner(
            bannerId: 7, campaignCode: "SPRING_2026", visibleRatio: ratio,
            shownAt: Date(timeIntervalSince1970: 1_796_033_700), shownOn: LogDate(year: 2026, month: 11, day: 30)!,
            seenBefore: false)
    }

    /// The `"visible_ratio":…` member of each JSON text, in order.
    private static func ratios(in text: String) -> [String] {
        text.components(separatedBy: #""visible_ratio":"#).dropFirst().map { String($0.prefix { $0 != "," && $0 != "}" }) }
    }

    @Test func aRealReachesEveryOutputAsItsFloatText() async throws {
        let directory = TestLogs.temporaryDirectory()
        let recorder = RecordingOutput()
        let console = Locked<[UInt8]>([])
        let consoleOutput = ConsoleOutput(format: .jsonLines, sink: { bytes in console.withLock { $0.append(contentsOf: bytes) } })
        let readable = Locked<[UInt8]>([])
        let readableOutput = ConsoleOutput(format: .readable, sink: { bytes in readable.withLock { $0.append(contentsOf: bytes) } })
        let store = try LocalStoreOutput(directory: URL(fileURLWithPath: directory + "/store"))
        let buffering = try BufferedOutputConfiguration(
            chunkCount: 100, flushInterval: .milliseconds(50), retryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(200))
        let httpTransport = RecordingTransport()
        let http = try BufferedOutput(
            directory: URL(fileURLWithPath: directory + "/http"),
            backend: HTTPBackend(configuration: try HTTPBackendConfiguration(url: URL(string: "http://127.0.0.1:9/logs")!), transport: httpTransport),
            configuration: buffering)
        let clickHouseTransport = RecordingTransport()
        let clickHouse = try BufferedOutput(
            directory: URL(fileURLWithPath: directory + "/clickhouse"),
            backend: ClickHouseBackend(
                configuration: try ClickHouseConfiguration(server: URL(string: "http://127.0.0.1:9/")!, table: "logs"), transport: clickHouseTransport),
            configuration: buffering)
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(outputs: [
                OutputSetting(recorder, requiresConsent: false), OutputSetting(consoleOutput, requiresConsent: false),
                OutputSetting(readableOutput, requiresConsent: false),
                OutputSetting(store, requiresConsent: false), OutputSetting(http, requiresConsent: false),
                OutputSetting(clickHouse, requiresConsent: false),
            ]))
        for ratio in Self.ratios { logger.post(Self.event(ratio)) }
        await logger.flush()
        await HTTPBackendTestsSupport.drain({ await http.flush() }, unsent: { http.statistics.unsentLogs })
        await HTTPBackendTestsSupport.drain({ await clickHouse.flush() }, unsent: { clickHouse.statistics.unsentLogs })

        // The payload keeps the Float; the envelope (what every output is given) its text.
        #expect(recorder.logs.map { $0.payload["visible_ratio"] } == Self.ratios.map { .float($0) })
        #expect(recorder.encodedLogs.map { Self.ratios(in: String(decoding: $0.body, as: UTF8.self)) } == Self.texts.map { [$0] })
        // The store: what logview (list, tail, check, serve) and the viewer read.
        let records = try LogStoreReader(directory: URL(fileURLWithPath: directory + "/store")).read(limit: 10)
        #expect(records.flatMap { Self.ratios(in: String(decoding: $0.payload, as: UTF8.self)) } == Self.texts)
        // The backends' request bodies.
        #expect(httpTransport.received.flatMap(Self.ratios) == Self.texts)
        #expect(clickHouseTransport.received.flatMap(Self.ratios) == Self.texts)
        // The console and the unified log's line.
        #expect(Self.ratios(in: String(decoding: console.withLock { $0 }, as: UTF8.self)) == Self.texts)
        let lines = String(decoding: readable.withLock { $0 }, as: UTF8.self)
        #expect(lines.components(separatedBy: " visible_ratio=").dropFirst().map { String($0.prefix { $0 != " " }) } == Self.texts)
        #expect(recorder.logs.flatMap { Self.ratios(in: UnifiedLogLine($0).publicFields) } == Self.texts)
        // The typed test sink's message (it shows the last log of the tag, and what was expected).
        withKnownIssue {
            recorder.expectLogged(Self.event(0.3))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("visible_ratio: 0.3,") && $0.rawValue.contains("visible_ratio: 0.45,") }
        }
        await logger.shutdown()  // and its outputs
    }
}
