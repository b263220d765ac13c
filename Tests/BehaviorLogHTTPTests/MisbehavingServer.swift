import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport

/// The scripted loopback endpoint of `Tests/Support/misbehaving-http-server.py`, run for a test.
final class MisbehavingServer: Sendable {
    let port: Int
    private let process: RunningProcess

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Support/misbehaving-http-server.py").standardized
        // Debian's python3 itself, not a version manager's shim that would run it as a child.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : ProcessRunner.which("python3")
        let process = try ProcessRunner.start(python, [script.path])
        process.waitForOutput(containing: "\n")
        guard let line = process.output.split(separator: "\n").first, let port = Int(line) else {
            process.terminate()
            throw ServerError("the misbehaving server did not print its port (is python3 installed?): \(process.errorOutput)")
        }
        self.port = port
        self.process = process
    }

    deinit {
        // No wait: it can block a test thread; the server also exits with its parent.
        process.terminate()
    }

    /// The URL whose n-th POST gets the n-th answer (`"500,429-1,200"`).
    func url(script: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/script/\(script)")!
    }

    /// One POST as the server saw it.
    struct Received: Decodable {
        var path: String
        var headers: [String: String]
        var body: String
        var time: Double
    }

    /// Every POST so far. Asked without blocking: `Data(contentsOf:)` of a remote URL waits on
    /// the cooperative pool for URLSession, which needs the pool too (a whole-suite hang seen
    /// on 2 cores).
    func received() async throws -> [Received] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/requests")!)
        return try data.split(separator: 0x0A).map { try JSONDecoder().decode(Received.self, from: Data($0)) }
    }
}

struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
