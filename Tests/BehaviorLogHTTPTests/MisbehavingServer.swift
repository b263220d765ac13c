import Foundation

/// The scripted loopback endpoint of `Tests/Support/misbehaving-http-server.py`, run for a test.
final class MisbehavingServer: Sendable {
    let port: Int
    private let process: Process

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Support/misbehaving-http-server.py").standardized
        let process = Process()
        // Debian's python3 itself, not a version manager's shim that would run it as a child.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError("the misbehaving server did not print its port (is python3 installed?)")
        }
        self.port = port
        self.process = process
    }

    deinit {
        // No waitUntilExit: it can block a test thread; the server also exits with its parent.
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

    /// Every POST so far.
    func received() throws -> [Received] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/requests")!)
        return try data.split(separator: 0x0A).map { try JSONDecoder().decode(Received.self, from: Data($0)) }
    }
}

struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
