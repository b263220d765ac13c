import BehaviorLogViewer
import Foundation
import LogSchema
import RecipeDemo
import RecipeLogs
import TestSupport
import Testing

/// The package's root, where LogDefinitions/ is.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A store written by recipe-demo's simulated sessions (a few of them send out-of-range pages
/// on purpose, so some logs break their definition).
private func recipeStore(_ directory: TemporaryDirectory, events: Int = 300) async throws -> URL {
    let store = directory.appending("store")
    _ = try await RecipeDemo(options: RecipeDemo.Options(events: events, seed: 42, storeDirectory: store)).run { _ in }
    return URL(fileURLWithPath: store)
}

/// `path` of the viewer's URL with its token as a query parameter, or with none.
private func get(_ url: URL, _ path: String, token: Bool = true, headers: [(String, String)] = [], host: String? = nil) throws -> HTTPTestResponse {
    let tokenQuery = url.query ?? ""
    let separator = path.contains("?") ? "&" : "?"
    return try HTTPTestConnection.request(
        port: UInt16(url.port!), token ? path + separator + tokenQuery : path, headers: headers, host: host)
}

@Suite(.serialized) struct InAppLogViewerTests {
    @Test func theEmbeddedDefinitionsAreWhatLoggenSchemaReadsFromTheMarkdown() throws {
        let schema = try ProcessRunner.run(try ProcessRunner.builtExecutable("loggen"), ["schema", "LogDefinitions"], in: packageRoot)
        #expect(schema.status == 0)
        #expect(schema.standardOutput == GeneratedSchema.definitionsJSON + "\n")
        let decoded = try SchemaJSONDecoder().decode(GeneratedSchema.definitionsJSON)
        #expect(SchemaFingerprint.hash(of: decoded) == GeneratedSchema.hash)
        #expect(SchemaJSONEncoder().encode(decoded) == schema.standardOutput)
        #expect(decoded.categories.first?.file == "LogDefinitions/home_banner.md")
    }

    @Test func theAPIAgreesWithLogviewListOverTheSameStore() async throws {
        let directory = TemporaryDirectory("inapp-viewer")
        defer { directory.remove() }
        let store = try await recipeStore(directory)
        let viewer = try InAppLogViewer(storeDirectory: store, definitionsJSON: GeneratedSchema.definitionsJSON)
        let url = try viewer.start()
        defer { viewer.stop() }
        #expect(url.host == "127.0.0.1")
        #expect(url.port != 8765 && url.port != nil)
        let served = try await onOwnThread { try get(url, "/api/logs?limit=40&tag=recipe_search.*") }
        #expect(served.status == 200)
        let listed = try ProcessRunner.run(
            try ProcessRunner.builtExecutable("logview"), ["list", "--store", store.path, "-n", "40", "--tag", "recipe_search.*", "-o", "jsonl"])
        #expect(listed.status == 0)
        #expect(served.text == listed.standardOutput)
        #expect(served.text.split(separator: "\n").count == 40)
    }

    @Test func everyRequestNeedsTheTokenTheStreamToo() async throws {
        let directory = TemporaryDirectory("inapp-viewer")
        defer { directory.remove() }
        let store = try await recipeStore(directory, events: 20)
        let viewer = try InAppLogViewer(storeDirectory: store, definitionsJSON: GeneratedSchema.definitionsJSON)
        let url = try viewer.start()
        defer { viewer.stop() }
        let token = try #require(url.query?.split(separator: "=").last.map(String.init))
        #expect(token.count == 32)
        for path in ["/", "/viewer.js", "/api/logs", "/api/stats", "/api/stream", "/api/definitions", "/api/findings", "/api/coverage"] {
            let refused = try await onOwnThread { try get(url, path, token: false) }
            #expect(refused.status == 401, "\(path) without the token")
            let wrong = try await onOwnThread { try get(url, path, token: false, headers: [("Authorization", "Bearer " + String(token.reversed()))]) }
            #expect(wrong.status == 401, "\(path) with another token")
        }
        let page = try await onOwnThread { try get(url, "/") }
        #expect(page.status == 200)
        #expect(page.headers["set-cookie"]?.contains("HttpOnly") == true)
        let rebound = try await onOwnThread { try get(url, "/api/stats", host: "evil.example:\(url.port!)") }
        #expect(rebound.status == 403)
        let bearer = try await onOwnThread { try get(url, "/api/stats", token: false, headers: [("Authorization", "Bearer " + token)]) }
        #expect(bearer.status == 200)
        // The in-app viewer never collects: the app's store has one writer, the app.
        let posted = try await onOwnThread {
            try HTTPTestConnection.request(
                port: UInt16(url.port!), method: "POST", "/v1/logs", headers: [("Authorization", "Bearer " + token)], body: Array("{}\n".utf8))
        }
        #expect(posted.status == 404)
    }

    @Test func definitionsViolationsAndCoverageComeFromTheGeneratedCode() async throws {
        let directory = TemporaryDirectory("inapp-viewer")
        defer { directory.remove() }
        let store = try await recipeStore(directory, events: 2000)
        let viewer = try InAppLogViewer(storeDirectory: store, definitionsJSON: GeneratedSchema.definitionsJSON)
        let url = try viewer.start()
        defer { viewer.stop() }
        let definitions = try await onOwnThread { try get(url, "/api/definitions") }
        #expect(definitions.text == GeneratedSchema.definitionsJSON + "\n")
        // The same findings `logview check --definitions LogDefinitions` reports, with the same file:line.
        let findings = try await onOwnThread { try get(url, "/api/findings") }
        #expect(findings.status == 200)
        let lines = findings.text.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.contains("\"location\":\"LogDefinitions/") })
        let checked = try ProcessRunner.run(
            try ProcessRunner.builtExecutable("logview"),
            ["check", "--store", store.path, "--definitions", "LogDefinitions", "--max-findings", "100000"], in: packageRoot)
        let checkedLines = checked.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(checkedLines.count == lines.map { $0.components(separatedBy: "\"kind\"").count - 1 }.reduce(0, +))
        let coverage = try await onOwnThread { try get(url, "/api/coverage") }
        #expect(coverage.status == 200)
        #expect(coverage.text.hasPrefix("{\"seen\":"))
    }

    /// The app keeps logging while its screen is open: the page's live stream (with the token)
    /// shows each new log, written by this same process through LocalStoreOutput.
    @Test func theLiveStreamShowsWhatTheAppWritesWhileTheScreenIsOpen() async throws {
        let directory = TemporaryDirectory("inapp-viewer")
        defer { directory.remove() }
        let store = try await recipeStore(directory, events: 10)
        let viewer = try InAppLogViewer(storeDirectory: store, definitionsJSON: GeneratedSchema.definitionsJSON)
        let url = try viewer.start()
        defer { viewer.stop() }
        let before = try await onOwnThread { try get(url, "/api/logs") }.text.split(separator: "\n").count
        let port = UInt16(url.port!)
        let stream = try HTTPTestConnection(port: port)
        let opened = await onOwnThread { () -> String in
            stream.send("GET /api/stream?\(url.query!) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            var received = ""
            let deadline = Date().addingTimeInterval(10)
            while !received.contains(": logview"), Date() < deadline { received += String(decoding: stream.readSome(timeout: 0.2) ?? [], as: UTF8.self) }
            return received
        }
        #expect(opened.hasPrefix("HTTP/1.1 200 OK\r\n"))
        _ = try await RecipeDemo(options: RecipeDemo.Options(events: 5, seed: 43, storeDirectory: store.path)).run { _ in }
        let after = try await onOwnThread { try get(url, "/api/logs") }.text.split(separator: "\n").count
        #expect(after > before)
        let events = await onOwnThread { () -> String in
            var received = ""
            let deadline = Date().addingTimeInterval(10)
            while received.components(separatedBy: "\ndata: ").count - 1 < after - before, Date() < deadline {
                received += String(decoding: stream.readSome(timeout: 0.2) ?? [], as: UTF8.self)
            }
            return received
        }
        let ids = events.split(separator: "\n").filter { $0.hasPrefix("id: ") }.compactMap { Int($0.dropFirst(4)) }
        #expect(ids == Array((before + 1)...after))
    }

    @Test func stopClosesThePortAndANewStartHasANewToken() async throws {
        let directory = TemporaryDirectory("inapp-viewer")
        defer { directory.remove() }
        let store = try await recipeStore(directory, events: 10)
        let viewer = try InAppLogViewer(storeDirectory: store, definitionsJSON: nil)
        let first = try viewer.start()
        #expect(try viewer.start() == first)
        viewer.stop()
        #expect(viewer.url == nil)
        #expect(throws: (any Error).self) { try HTTPTestConnection.request(port: UInt16(first.port!), "/", timeout: 2) }
        let second = try viewer.start()
        defer { viewer.stop() }
        #expect(second.query != first.query)
        let stale = try await onOwnThread { try HTTPTestConnection.request(port: UInt16(second.port!), "/api/stats?" + (first.query ?? "")) }
        #expect(stale.status == 401)
        let noDefinitions = try await onOwnThread { try get(second, "/api/definitions") }
        #expect(noDefinitions.status == 404)
    }

    @Test func definitionsThatDoNotDecodeAreRefusedAtOnce() {
        #expect(throws: InAppLogViewerError.self) {
            try InAppLogViewer(storeDirectory: URL(fileURLWithPath: "/nonexistent"), definitionsJSON: "{\"hash\":\"fnv1a64:0000000000000000\"}")
        }
    }
}
