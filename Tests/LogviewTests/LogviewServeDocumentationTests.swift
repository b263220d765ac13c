import Foundation
import TestSupport
import Testing

/// docs/Logview.md's session of `logview serve`, run as written: each `$ ` command (curl, gzip,
/// jq) against a collecting server, its output compared with the lines the document shows.
@Suite(.serialized) struct LogviewServeDocumentationTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/Logview.md")

    /// The fenced block after an HTML comment marker.
    static func block(after marker: String, in text: String) throws -> String {
        let start = try #require(text.range(of: "<!-- \(marker) -->\n```"))
        let afterFence = try #require(text[start.upperBound...].firstIndex(of: "\n"))
        let end = try #require(text[afterFence...].range(of: "\n```"))
        return String(text[text.index(after: afterFence)..<end.lowerBound])
    }

    @Test func theSessionRunsAsWritten() async throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let temporary = TemporaryDirectory("logview-serve-doc")
        defer { temporary.remove() }
        let directory = temporary.path
        try (try Self.block(after: "envelopes.jsonl", in: text) + "\n").write(toFile: directory + "/envelopes.jsonl", atomically: true, encoding: .utf8)

        var steps: [(command: String, expected: String)] = []
        for line in try Self.block(after: "serve-session", in: text).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") { steps.append((String(line.dropFirst(2)), "")) } else { steps[steps.count - 1].expected += line + "\n" }
        }
        #expect(steps.count >= 10)

        let server = try ServeProcess(["--store", directory + "/store", "--collect"])
        defer { _ = server.stop() }
        for step in steps {
            let command = step.command.replacingOccurrences(of: "8765", with: String(server.port))
            let result = try await onOwnThread {
                try ProcessRunner.run(
                    "/bin/sh", ["-c", command], in: URL(fileURLWithPath: directory),
                    environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"])
            }
            let output = result.standardOutput.replacingOccurrences(of: String(server.port), with: "8765")
            #expect(output.trimmingCharacters(in: .newlines) == step.expected.trimmingCharacters(in: .newlines), "\(step.command)")
        }
    }
}
