import Foundation
import LogGzip
import LogIngest
import LogQuery
import LogServer
import LogStore
import TestSupport
import Testing

/// One full envelope line, as an HTTPBackend sends it.
func envelope(_ uuid: UUID = UUID(), tag: String = "recipe_search.search", keyword: String = "egg", time: String = "2026-11-30T10:29:54.123Z") -> String {
    #"{"uuid":"\#(uuid.uuidString.lowercased())","seq":1,"time":"\#(time)","tag":"\#(tag)","schema":"fnv1a64:0","common":{"user_id":7},"violations":[],"payload":{"keyword":"\#(keyword)","page":1}}"#
}

/// A collecting server on a free loopback port over an empty store.
func collectingServer(
    _ directory: TemporaryDirectory, token: String? = nil, maximumBodyBytes: Int = 1 << 20, limits: HTTPServer.Limits = HTTPServer.Limits()
) throws -> LogViewerServer {
    try LogViewerServer(
        configuration: LogViewerConfiguration(
            storeDirectory: directory.path + "/store", port: 0, token: token,
            ingest: try CollectingRoute(storeDirectory: directory.path + "/store", maximumBodyBytes: maximumBodyBytes),
            maximumBodyBytes: maximumBodyBytes, limits: limits))
}

func post(_ server: LogViewerServer, _ lines: [String], gzip: Bool = false, headers: [(String, String)] = []) throws -> HTTPTestResponse {
    let body = Array(lines.map { $0 + "\n" }.joined().utf8)
    return try HTTPTestConnection.request(
        port: server.port, method: "POST", "/v1/logs", headers: headers + (gzip ? [("Content-Encoding", "gzip")] : []),
        body: gzip ? Gzip.compress(body) : body)
}

func storedUUIDs(_ directory: TemporaryDirectory) throws -> [UUID] {
    try StoreQuery(directory: directory.path + "/store").logs(LogQuery()).map(\.uuid)
}

@Suite(.serialized) struct LogViewerServerTests {
    @Test func theCollectorKeepsEachUUIDOnceAndAnswersWithCounts() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let uuids = (0..<3).map { _ in UUID() }
        let first = try await onOwnThread { try post(server, uuids.map { envelope($0) }, gzip: true) }
        #expect(first.status == 200)
        #expect(first.text == #"{"accepted":3,"rejected":0,"duplicates":0}"# + "\n")
        // The output retries a chunk whose answer it lost: the same UUIDs again.
        let again = try await onOwnThread { try post(server, uuids.map { envelope($0) } + [envelope()]) }
        #expect(again.status == 200)
        #expect(again.text == #"{"accepted":4,"rejected":0,"duplicates":3}"# + "\n")
        #expect(try storedUUIDs(directory).count == 4)
        #expect(try Set(storedUUIDs(directory)).isSuperset(of: uuids))
    }

    @Test func storedRecordsAreTheEnvelopesBodyInTheStoredOrder() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let uuid = UUID()
        _ = try await onOwnThread { try post(server, [envelope(uuid)]) }
        let log = try #require(try StoreQuery(directory: directory.path + "/store").logs(LogQuery()).first)
        #expect(log.uuid == uuid)
        #expect(log.tag == "recipe_search.search")
        #expect(log.microseconds == 1_796_034_594_123_000)
        #expect(
            String(decoding: log.body, as: UTF8.self)
                == #"{"schema":"fnv1a64:0","common":{"user_id":7},"violations":[],"payload":{"keyword":"egg","page":1}}"#)
    }

    @Test func badLinesAre400NamedByLineAndTheGoodOnesAreKept() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let lines = [
            envelope(), "not json", "", envelope(), #"{"uuid":"x","time":"2026-11-30T10:29:54.123Z","tag":"a.b","payload":{}}"#,
            #"{"uuid":"0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506","time":"2026-11-30T10:29:54.123Z","tag":"a.b"}"#,
        ]
        let response = try await onOwnThread { try post(server, lines) }
        #expect(response.status == 400)
        let answer = try #require(JSONValue.parse(response.text))
        #expect(answer["accepted"] == .integer(2))
        #expect(answer["rejected"] == .integer(3))
        guard case .array(let errors)? = answer["errors"] else { Issue.record("no errors: \(response.text)"); return }
        #expect(errors.map { $0["line"] } == [.integer(2), .integer(5), .integer(6)])
        #expect(errors[2]["reason"] == .string("no \"payload\" object"))
        #expect(try storedUUIDs(directory).count == 2)
    }

    @Test func aBodyOverTheLimitIs413CompressedOrNot() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory, maximumBodyBytes: 64 * 1024)
        defer { server.stop() }
        let big = [String](repeating: envelope(), count: 400)
        let plain = try await onOwnThread { try post(server, big) }
        #expect(plain.status == 413)
        // A small gzip body that inflates past the limit (a "zip bomb") is refused as it inflates.
        let bomb = try await onOwnThread {
            try HTTPTestConnection.request(
                port: server.port, method: "POST", "/v1/logs", headers: [("Content-Encoding", "gzip")],
                body: Gzip.compress([UInt8](repeating: 0x20, count: 10 << 20)))
        }
        #expect(bomb.status == 413)
        let broken = try await onOwnThread {
            try HTTPTestConnection.request(port: server.port, method: "POST", "/v1/logs", headers: [("Content-Encoding", "gzip")], body: Array("not gzip".utf8))
        }
        #expect(broken.status == 400)
        #expect(try storedUUIDs(directory).isEmpty)
    }

    @Test func aChunkedPostIsCollected() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let body = Array((envelope() + "\n" + envelope() + "\n").utf8)
        let response = try await onOwnThread { () throws -> HTTPTestResponse in
            let connection = try HTTPTestConnection(port: server.port)
            connection.send("POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nTransfer-Encoding: chunked\r\n\r\n")
            for piece in [body[0..<100], body[100...]] {
                connection.send(String(piece.count, radix: 16) + "\r\n")
                connection.send(Array(piece) + Array("\r\n".utf8))
            }
            connection.send("0\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(response.status == 200)
        #expect(try storedUUIDs(directory).count == 2)
    }

    @Test func aClientThatExpects100ContinueIsToldToSendItsBody() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let body = Array((envelope() + "\n").utf8)
        let (interim, final) = try await onOwnThread { () throws -> (String, Int) in
            let connection = try HTTPTestConnection(port: server.port)
            connection.send("POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nExpect: 100-continue\r\nContent-Length: \(body.count)\r\n\r\n")
            let interim = String(decoding: connection.readSome(timeout: 5) ?? [], as: UTF8.self)
            connection.send(body)
            return (interim, try connection.readResponse().status)
        }
        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(final == 200)
        #expect(try storedUUIDs(directory).count == 1)
    }

    @Test func foreignHostsAndOriginsAre403() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let rebound = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/api/stats", host: "evil.example:\(server.port)") }
        #expect(rebound.status == 403)
        let wrongPort = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/api/stats", host: "127.0.0.1:1") }
        #expect(wrongPort.status == 403)
        let localhost = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/api/stats", host: "localhost:\(server.port)") }
        #expect(localhost.status == 200)
        let foreignPost = try await onOwnThread { try post(server, [envelope()], headers: [("Origin", "http://evil.example")]) }
        #expect(foreignPost.status == 403)
        let ownPost = try await onOwnThread { try post(server, [envelope()], headers: [("Origin", "http://127.0.0.1:\(server.port)")]) }
        #expect(ownPost.status == 200)
        #expect(try storedUUIDs(directory).count == 1)
    }

    @Test func aTokenIsNeededByHeaderCookieOrQueryOnce() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory, token: "s3cret")
        defer { server.stop() }
        #expect(server.url.hasSuffix("/?token=s3cret"))
        let none = try await onOwnThread { try post(server, [envelope()]) }
        #expect(none.status == 401)
        let wrong = try await onOwnThread { try post(server, [envelope()], headers: [("Authorization", "Bearer s3cre")]) }
        #expect(wrong.status == 401)
        let bearer = try await onOwnThread { try post(server, [envelope()], headers: [("Authorization", "Bearer s3cret")]) }
        #expect(bearer.status == 200)
        let page = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/?token=s3cret") }
        #expect(page.status == 200)
        #expect(page.headers["set-cookie"]?.hasPrefix("logview_token=s3cret; Path=/; HttpOnly; SameSite=Strict") == true)
        // A rebinding page can read the answer to its own request: it must not carry the token.
        let rebound = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/", host: "evil.example:\(server.port)") }
        #expect(rebound.status == 403)
        #expect(!rebound.text.contains("s3cret"))
        #expect(rebound.headers["set-cookie"] == nil)
        let withCookie = try await onOwnThread {
            try HTTPTestConnection.request(port: server.port, "/api/stats", headers: [("Cookie", "a=b; logview_token=s3cret")])
        }
        #expect(withCookie.status == 200)
    }

    @Test func listeningOffLoopbackNeedsAToken() throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        #expect(throws: LogViewerError.self) {
            try LogViewerServer(
                configuration: LogViewerConfiguration(
                    storeDirectory: directory.path, host: "0.0.0.0", port: 0, ingest: try CollectingRoute(storeDirectory: directory.path)))
        }
        do {
            _ = try LogViewerServer(
                configuration: LogViewerConfiguration(
                    storeDirectory: directory.path, host: "0.0.0.0", port: 0, ingest: try CollectingRoute(storeDirectory: directory.path)))
        } catch {
            #expect(error.isUsage)
            #expect(error.description.contains("--token"))
        }
    }

    @Test func onlyTheEmbeddedAssetsAndTheAPIAreServed() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/viewer.js/../../Package.swift", "/index.html", "/api"] {
            let response = try await onOwnThread { try HTTPTestConnection.request(port: server.port, path) }
            #expect(response.status == 404, "\(path)")
        }
        let page = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/") }
        #expect(page.status == 200)
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(page.text.contains("<script src=\"/viewer.js\""))
        let script = try await onOwnThread { try HTTPTestConnection.request(port: server.port, "/viewer.js") }
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let statuses = try await onOwnThread { () throws -> [Int] in
            let connection = try HTTPTestConnection(port: server.port)
            var statuses: [Int] = []
            for path in ["/api/stats", "/api/logs", "/nothing", "/api/stats"] {
                connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
                statuses.append(try connection.readResponse().status)
            }
            // Two pipelined requests in one write.
            connection.send("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\nGET /api/logs HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            statuses.append(try connection.readResponse().status)
            statuses.append(try connection.readResponse().status)
            return statuses
        }
        #expect(statuses == [200, 200, 404, 200, 200, 200])
    }

    @Test func malformedAndOversizedRequestsAreAnsweredAndClosed() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let cases: [(String, Int)] = [
            ("BROKEN\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX: " + String(repeating: "y", count: 20_000) + "\r\n\r\n", 431),
            ("POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 99999999\r\n\r\n", 413),
            ("POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ]
        for (text, expected) in cases {
            let (status, closed) = try await onOwnThread { () throws -> (Int, Bool) in
                let connection = try HTTPTestConnection(port: server.port)
                connection.send(text)
                let response = try connection.readResponse()
                return (response.status, connection.readUntilClosed(timeout: 5).closed)
            }
            #expect(status == expected)
            #expect(closed)
        }
    }

    @Test func aSlowClientTimesOutWithoutStallingOthers() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        var limits = HTTPServer.Limits()
        limits.requestMilliseconds = 800
        limits.idleMilliseconds = 800
        let server = try collectingServer(directory, limits: limits)
        defer { server.stop() }
        let (slowAnswer, fastStatuses, idleClosed) = try await onOwnThread { () throws -> (String, [Int], Bool) in
            // A slowloris: a head sent a byte at a time, never finished.
            let slow = try HTTPTestConnection(port: server.port)
            slow.send("GET /api/stats HTTP/1.1\r\nHo")
            let idle = try HTTPTestConnection(port: server.port)
            // Meanwhile others are served, and a POST is collected.
            var statuses: [Int] = []
            for _ in 0..<3 {
                slow.send("s")
                statuses.append(try HTTPTestConnection.request(port: server.port, "/api/stats").status)
                statuses.append(try post(server, [envelope()]).status)
            }
            let answer = slow.readUntilClosed(timeout: 5)
            return (String(decoding: answer.bytes, as: UTF8.self), statuses, idle.readUntilClosed(timeout: 5).closed)
        }
        #expect(fastStatuses == [200, 200, 200, 200, 200, 200])
        #expect(slowAnswer.hasPrefix("HTTP/1.1 408 "))
        #expect(idleClosed)
    }

    @Test func aRequestCutShortIsDroppedAndNothingIsStored() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        let line = Array((envelope() + "\n").utf8)
        let after = try await onOwnThread { () throws -> Int in
            for cut in [10, 40, 80 + line.count / 2] {
                let connection = try HTTPTestConnection(port: server.port)
                let request = Array("POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: \(line.count)\r\n\r\n".utf8) + line
                connection.send(Array(request[0..<min(cut, request.count - 1)]))
            }  // each connection closes here, its request unfinished
            Thread.sleep(forTimeInterval: 0.3)
            return try HTTPTestConnection.request(port: server.port, "/api/stats").status
        }
        #expect(after == 200)
        #expect(try storedUUIDs(directory).isEmpty)
        // Every connection's thread ends (the last one, the stats request's, a moment after its answer).
        let deadline = Date().addingTimeInterval(3)
        while server.openConnectionCount > 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(server.openConnectionCount == 0)
    }

    @Test func connectionsOverTheLimitGet503() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        var limits = HTTPServer.Limits()
        limits.connections = 2
        let server = try collectingServer(directory, limits: limits)
        defer { server.stop() }
        let (third, afterwards) = try await onOwnThread { () throws -> (Int, Int) in
            let first = try HTTPTestConnection(port: server.port)
            let second = try HTTPTestConnection(port: server.port)
            first.send("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            second.send("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            _ = try first.readResponse()
            _ = try second.readResponse()
            let third = try HTTPTestConnection.request(port: server.port, "/api/stats").status
            first.send("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
            _ = try first.readResponse()
            _ = first.readUntilClosed(timeout: 2)
            // The closed connection's place is free again.
            Thread.sleep(forTimeInterval: 0.3)
            return (third, try HTTPTestConnection.request(port: server.port, "/api/stats").status)
        }
        #expect(third == 503)
        #expect(afterwards == 200)
    }

    @Test func anIdleEventStreamSendsKeepAliveComments() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try LogViewerServer(
            configuration: LogViewerConfiguration(
                storeDirectory: directory.path + "/store", port: 0, ingest: try CollectingRoute(storeDirectory: directory.path + "/store"),
                streamKeepAliveSeconds: 0.3))
        defer { server.stop() }
        let received = try await onOwnThread { () throws -> String in
            let stream = try HTTPTestConnection(port: server.port)
            stream.send("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            return String(decoding: stream.readUntilClosed(timeout: 1.5).bytes, as: UTF8.self)
        }
        let comments = received.components(separatedBy: ": keep-alive\n\n").count - 1
        #expect((2...6).contains(comments), "\(received)")
    }

    @Test func aWildcardAddressTakesIPAddressesWithTheTokenAndRefusesNames() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try LogViewerServer(
            configuration: LogViewerConfiguration(
                storeDirectory: directory.path + "/store", host: "0.0.0.0", port: 0, token: "t0ken",
                ingest: try CollectingRoute(storeDirectory: directory.path + "/store")))
        defer { server.stop() }
        #expect(server.url == "http://127.0.0.1:\(server.port)/?token=t0ken")
        let port = server.port
        let (device, named, noToken) = try await onOwnThread { () throws -> (Int, Int, Int) in
            let bearer = [("Authorization", "Bearer t0ken")]
            return (
                try HTTPTestConnection.request(port: port, "/api/stats", headers: bearer, host: "192.168.1.5:\(port)").status,
                try HTTPTestConnection.request(port: port, "/api/stats", headers: bearer, host: "mac.example:\(port)").status,
                try HTTPTestConnection.request(port: port, "/api/stats", host: "192.168.1.5:\(port)").status
            )
        }
        #expect(device == 200)
        #expect(named == 403)
        #expect(noToken == 401)
    }

    @Test func theEventStreamDeliversALogPostedAfterItOpened() async throws {
        let directory = TemporaryDirectory("logserver")
        defer { directory.remove() }
        let server = try collectingServer(directory)
        defer { server.stop() }
        _ = try await onOwnThread { try post(server, [envelope(keyword: "before")]) }
        let uuid = UUID()
        let (events, other) = try await onOwnThread { () throws -> (String, String) in
            let stream = try HTTPTestConnection(port: server.port)
            stream.send("GET /api/stream?tag=recipe_search.* HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            var received = ""
            let deadline = Date().addingTimeInterval(10)
            // The stream is open once its first comment arrives.
            while !received.contains(": logview"), Date() < deadline { received += String(decoding: stream.readSome(timeout: 0.2) ?? [], as: UTF8.self) }
            _ = try post(server, [envelope(tag: "home.show", keyword: "filtered out"), envelope(uuid, keyword: "after")])
            while !received.contains("\n\n" + "id: "), Date() < deadline { received += String(decoding: stream.readSome(timeout: 0.2) ?? [], as: UTF8.self) }
            Thread.sleep(forTimeInterval: 0.3)
            received += String(decoding: stream.readSome(timeout: 0.1) ?? [], as: UTF8.self)
            return (received, "")
        }
        _ = other
        #expect(events.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(events.contains("Content-Type: text/event-stream"))
        let dataLines = events.split(separator: "\n").filter { $0.hasPrefix("data: ") }
        #expect(dataLines.count == 1)
        let log = try #require(JSONValue.parse(String(dataLines[0].dropFirst(6))))
        #expect(log["uuid"] == .string(uuid.uuidString.lowercased()))
        #expect(log["payload"]?["keyword"] == .string("after"))
        #expect(events.contains("id: 3\n"))
    }
}
