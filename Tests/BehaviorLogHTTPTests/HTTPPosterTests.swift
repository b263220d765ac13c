import BehaviorLog
@_spi(Transport) @testable import BehaviorLogHTTP
import Foundation
import LogGzip
import Testing

/// Each answer of the scripted endpoint, read as the output must read it.
@Suite struct HTTPPosterTests {
    let server: MisbehavingServer

    init() throws {
        server = try MisbehavingServer()
    }

    private func poster(timeout: Duration = .seconds(5), gzip: Bool = false, headers: [(name: String, value: String)] = []) throws -> HTTPPoster {
        HTTPPoster(
            configuration: try HTTPBackendConfiguration(
                url: server.url(script: "200"), gzip: gzip, headers: headers, timeout: timeout))
    }

    @Test func aSuccessIsAccepted() async throws {
        #expect(try await poster().post(Array("{}\n".utf8), to: server.url(script: "204")) == .accepted)
    }

    @Test func serverErrorsAreRetried() async throws {
        let outcome = try await poster().post(Array("{}\n".utf8), to: server.url(script: "500"))
        #expect(outcome == .retry(reason: "HTTP 500: scripted failure", after: nil))
    }

    @Test func tooManyRequestsIsRetriedAfterRetryAfter() async throws {
        let outcome = try await poster().post(Array("{}\n".utf8), to: server.url(script: "429-7"))
        #expect(outcome == .retry(reason: "HTTP 429: slow down", after: 7))
    }

    @Test func otherClientErrorsAreRejected() async throws {
        let outcome = try await poster().post(Array("{}\n".utf8), to: server.url(script: "400"))
        #expect(outcome == .reject(reason: "HTTP 400: scripted failure"))
    }

    @Test func aHangingServerTimesOutAndIsRetried() async throws {
        // The server answers 200 after 10 s; a timeout reason proves the 1 s timeout ended it first.
        let outcome = try await poster(timeout: .seconds(1)).post(Array("{}\n".utf8), to: server.url(script: "hang-10"))
        #expect(outcome == .retry(reason: "no answer within the request timeout", after: nil))
    }

    @Test func aClosedConnectionIsRetried() async throws {
        guard case .retry = try await poster().post(Array("{}\n".utf8), to: server.url(script: "close")) else {
            Issue.record("a connection closed without an answer must be retried")
            return
        }
    }

    @Test func aRefusedConnectionIsRetried() async throws {
        // Port 1 on loopback: nothing listens there.
        let outcome = try await poster().post(Array("{}\n".utf8), to: URL(string: "http://127.0.0.1:1/")!)
        #expect(outcome == .retry(reason: "could not connect (connection refused)", after: nil))
    }

    @Test func gzipBodiesAndCustomHeadersArrive() async throws {
        let body = Array(String(repeating: "{\"keyword\":\"egg\"}\n", count: 100).utf8)
        let url = server.url(script: "200")
        #expect(try await poster(gzip: true, headers: [("Authorization", "Bearer s3cret")]).post(body, to: url) == .accepted)
        let received = try #require(try await server.received().last)
        #expect(received.headers["content-encoding"] == "gzip")
        #expect(received.headers["content-type"] == "application/x-ndjson")
        #expect(received.headers["authorization"] == "Bearer s3cret")
        #expect(received.body == String(decoding: body, as: UTF8.self))
        #expect(Int(received.headers["content-length"] ?? "") ?? .max < body.count / 5)
    }
}

@Suite struct HTTPResponseClassifierTests {
    let classifier = HTTPResponseClassifier()

    @Test(arguments: [200, 201, 204, 299])
    func successes(status: Int) {
        #expect(classifier.outcome(of: HTTPResponse(status: status)) == .accepted)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retried(status: Int) {
        #expect(classifier.outcome(of: HTTPResponse(status: status)) == .retry(reason: "HTTP \(status)", after: nil))
    }

    @Test(arguments: [301, 400, 401, 403, 404, 413, 422])
    func rejected(status: Int) {
        #expect(classifier.outcome(of: HTTPResponse(status: status)) == .reject(reason: "HTTP \(status)"))
    }

    @Test func retryAfterAsSecondsOrAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(HTTPResponseClassifier.retryAfter("120", now: now) == 120)
        #expect(HTTPResponseClassifier.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
        #expect(HTTPResponseClassifier.retryAfter("Wed, 21 Oct 2015 07:00:00 GMT", now: now) == 0)
        #expect(HTTPResponseClassifier.retryAfter("soon", now: now) == nil)
        #expect(HTTPResponseClassifier.retryAfter("-5", now: now) == nil)
        #expect(HTTPResponseClassifier.retryAfter(nil, now: now) == nil)
    }

    @Test func headerNamesAreCaseInsensitive() {
        let response = HTTPResponse(status: 429, headers: ["Retry-After": "3"])
        #expect(classifier.outcome(of: response) == .retry(reason: "HTTP 429", after: 3))
    }

    @Test func aRefinementOverridesTheStatus() {
        let refined = HTTPResponseClassifier { $0.status == 500 ? .reject(reason: "bad rows") : nil }
        #expect(refined.outcome(of: HTTPResponse(status: 500)) == .reject(reason: "bad rows"))
        #expect(refined.outcome(of: HTTPResponse(status: 503)) == .retry(reason: "HTTP 503", after: nil))
    }
}

@Suite struct GzipTests {
    @Test(arguments: [0, 1, 100, 300_000])
    func roundTrips(size: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...15, using: &generator) + 0x41 }
        let compressed = Gzip.compress(bytes)
        #expect(compressed.prefix(2) == [0x1F, 0x8B])
        #expect(Gzip.decompress(compressed) == bytes)
    }

    @Test func rejectsWhatIsNotGzip() {
        #expect(Gzip.decompress(Array("not gzip".utf8)) == nil)
        #expect(Gzip.decompress(Array(Gzip.compress(Array("cut short".utf8)).dropLast(4))) == nil)
    }
}

@Suite struct HTTPBackendConfigurationTests {
    @Test(arguments: ["ftp://127.0.0.1/", "file:///tmp/x", "http:///path"])
    func rejectsURLsThatCannotWork(url: String) {
        #expect(throws: ConfigurationError.self) {
            try HTTPBackendConfiguration(url: URL(string: url)!)
        }
    }

    @Test func bodyFormats() {
        let rows = [Array(#"{"a":1}"#.utf8), Array(#"{"a":2}"#.utf8)]
        #expect(String(decoding: HTTPBodyFormat.jsonEachRow.body(rows: rows), as: UTF8.self) == "{\"a\":1}\n{\"a\":2}\n")
        #expect(String(decoding: HTTPBodyFormat.jsonArray.body(rows: rows), as: UTF8.self) == #"[{"a":1},{"a":2}]"#)
        #expect(String(decoding: HTTPBodyFormat.jsonArray.body(rows: []), as: UTF8.self) == "[]")
    }
}

#if canImport(Glibc)
/// The same answers through `SocketTransport`, the transport `ClickHouseBackend` uses for `http://`.
@Suite struct SocketTransportTests {
    let server: MisbehavingServer

    init() throws {
        server = try MisbehavingServer()
    }

    private func post(_ script: String, timeout: Duration = .seconds(5), body: [UInt8] = Array("{}\n".utf8)) async throws -> HTTPDeliveryOutcome {
        await HTTPPoster(
            configuration: try HTTPBackendConfiguration(url: server.url(script: script), timeout: timeout),
            transport: SocketTransport()
        ).post(body)
    }

    @Test func answersAreReadAsWithURLSession() async throws {
        #expect(try await post("204") == .accepted)
        #expect(try await post("500") == .retry(reason: "HTTP 500: scripted failure", after: nil))
        #expect(try await post("429-7") == .retry(reason: "HTTP 429: slow down", after: 7))
        #expect(try await post("400") == .reject(reason: "HTTP 400: scripted failure"))
    }

    @Test func aLargeBodyArrivesWhole() async throws {
        let body = Array(String(repeating: "{\"keyword\":\"egg\"}\n", count: 50_000).utf8)
        #expect(try await post("200", body: body) == .accepted)
        let received = try #require(try await server.received().last)
        #expect(received.body == String(decoding: body, as: UTF8.self))
    }

    @Test func hangsClosesAndRefusalsAreRetried() async throws {
        #expect(try await post("hang-10", timeout: .seconds(1)) == .retry(reason: "no answer within the request timeout", after: nil))
        guard case .retry = try await post("close") else {
            Issue.record("a connection closed without an answer must be retried")
            return
        }
        let refused = await HTTPPoster(
            configuration: try HTTPBackendConfiguration(url: URL(string: "http://127.0.0.1:1/")!, timeout: .seconds(5)), transport: SocketTransport()
        ).post([])
        #expect(refused == .retry(reason: "could not connect (connection refused)", after: nil))
    }

    @Test func chunkedBodiesAreDecoded() throws {
        let raw = Array("HTTP/1.1 500 Internal Server Error\r\nTransfer-Encoding: chunked\r\nRetry-After: 3\r\n\r\n5\r\nCode:\r\n4\r\n 252\r\n0\r\n\r\n".utf8)
        let response = try SocketTransport.parse(raw)
        #expect(response.status == 500)
        #expect(response.headers["retry-after"] == "3")
        #expect(String(decoding: response.body, as: UTF8.self) == "Code: 252")
    }
}
#endif

/// The HTTP configurations check their values when built (issue 14, item 3).
@Suite struct HTTPConfigurationValidationTests {
    @Test func aTimeoutMustBeMoreThanZero() {
        #expect(throws: ConfigurationError("HTTPBackendConfiguration: the timeout must be more than zero, not 0.0 seconds")) {
            try HTTPBackendConfiguration(url: URL(string: "https://collector.example.com/logs")!, timeout: .zero)
        }
    }

    /// A line break in a header value would end the header in the request the socket
    /// transport writes (a token read from a file with its newline, or a value built from
    /// input): refused when built, without showing the value.
    @Test func headersAreOneLineTokensNotWrittenByTheOutput() throws {
        let url = URL(string: "https://collector.example.com/logs")!
        #expect(
            throws: ConfigurationError(
                "HTTPBackendConfiguration: the value of header 'Authorization' holds a line break or another control character; a header value is one line (trim a token read from a file)"
            )
        ) {
            try HTTPBackendConfiguration(url: url, headers: [("Authorization", "Bearer s3cret\r\nX-Injected: 1")])
        }
        for value in ["s3cret\n", "a\u{0}b", "a\u{7F}"] {
            #expect(throws: ConfigurationError.self) { try HTTPBackendConfiguration(url: url, headers: [("X-Token", value)]) }
        }
        #expect(
            throws: ConfigurationError(
                "HTTPBackendConfiguration: a header name holds byte 0x20 after 'X'; a name is letters, digits and !#$%&'*+-.^_`|~, its value goes apart: (\"Authorization\", \"Bearer …\")"
            )
        ) {
            try HTTPBackendConfiguration(url: url, headers: [("X Token", "a")])
        }
        // The common slip of writing the whole header as its name: the token is not shown.
        #expect(
            throws: ConfigurationError(
                "HTTPBackendConfiguration: a header name holds ':' after 'Authorization'; a name is letters, digits and !#$%&'*+-.^_`|~, its value goes apart: (\"Authorization\", \"Bearer …\")"
            )
        ) {
            try HTTPBackendConfiguration(url: url, headers: [("Authorization: Bearer s3cret", "")])
        }
        #expect(throws: ConfigurationError.self) { try HTTPBackendConfiguration(url: url, headers: [("", "a")]) }
        #expect(
            throws: ConfigurationError(
                "HTTPBackendConfiguration: the backend writes the header 'content-length' itself; remove it (format: and gzip: set the body's type and encoding)"
            )
        ) {
            try HTTPBackendConfiguration(url: url, headers: [("content-length", "12")])
        }
        // Tabs, spaces and UTF-8 are values as they are.
        let fine = try HTTPBackendConfiguration(url: url, headers: [("Authorization", "Bearer s3cret"), ("X-Note", "a\tb café")])
        #expect(fine.headers.map(\.name) == ["Authorization", "X-Note"])

        let server = URL(string: "http://127.0.0.1:8123/")!
        #expect(
            throws: ConfigurationError(
                "ClickHouseConfiguration: the password holds a line break or another control character; trim it (read from a file, it may end with a newline)")
        ) {
            try ClickHouseConfiguration(server: server, table: "logs", credentials: (user: "ingest", password: "s3cret\n"))
        }
        #expect(throws: ConfigurationError.self) {
            try ClickHouseConfiguration(server: server, table: "logs", credentials: (user: "in\rgest", password: "s3cret"))
        }
        #expect(try ClickHouseConfiguration(server: server, table: "logs", credentials: (user: "ingest", password: "s3 cret")).credentials?.user == "ingest")
    }

    @Test func clickHouseChecksItsInsertsAndTimeout() throws {
        let server = URL(string: "http://127.0.0.1:8123/")!
        #expect(throws: ConfigurationError("ClickHouseConfiguration: parallelInserts 0 is below 1; write 1 to send each chunk in one insert")) {
            try ClickHouseConfiguration(server: server, table: "logs", parallelInserts: 0)
        }
        #expect(throws: ConfigurationError.self) { try ClickHouseConfiguration(server: server, table: "logs", timeout: .seconds(-1)) }
        #expect(try ClickHouseConfiguration(server: server, table: "logs", timeout: .seconds(2)).timeout == .seconds(2))
    }
}
