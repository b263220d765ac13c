#if canImport(Glibc)
import Foundation
import LogCore
import LogStore

/// A plain-HTTP (`http://`, no TLS) transport over a blocking socket, one thread per
/// request: what `ClickHouseBackend` uses for an `http://` server.
///
/// URLSession on Linux drives each socket through Dispatch sources, which re-arm through
/// the Dispatch manager thread on every readiness event; uploading megabytes to a server
/// that reads slowly made that half of the process's CPU (`make bench-clickhouse`). This
/// writes the body with `send` in as few calls as the kernel takes. Linux only: on Apple
/// platforms URLSession has no such cost.
///
/// Each request opens its own connection (`Connection: close`), so a request abandoned by
/// a timeout leaves nothing behind. Errors are `URLError`s (timed out, cannot connect,
/// connection lost), read by `HTTPResponseClassifier` like URLSession's.
@_spi(Transport) public struct SocketTransport: HTTPTransport {
    public init() {}

    public func post(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try Self.exchange(request) }) }
            thread.name = "BehaviorLogHTTP.socket"
            thread.start()
        }
    }

    static func exchange(_ request: HTTPRequest) throws -> HTTPResponse {
        guard request.url.scheme == "http", let host = request.url.host else { throw URLError(.unsupportedURL) }
        let port = request.url.port ?? 80
        let deadline = Date().addingTimeInterval(request.timeout)
        let socket: Int32
        do {
            socket = try System.connectTCP(host: host, port: port, timeout: request.timeout)
        } catch {
            switch error {
            case .unknownHost: throw URLError(.cannotFindHost)
            case .timedOut: throw URLError(.timedOut)
            case .refused: throw URLError(.cannotConnectToHost)
            }
        }
        defer { System.close(socket) }

        var path = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { path += "?" + query }
        var head = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: \(request.body.count)\r\nConnection: close\r\n"
        for header in request.headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        do {
            try Array(head.utf8).withUnsafeBytes { (raw) in try System.sendAll(socket, raw) }
            try request.body.withUnsafeBytes { (raw) in try System.sendAll(socket, raw) }
        } catch {
            throw Self.error(error, deadline: deadline)
        }

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { (raw) -> Int in
                    try System.receive(socket, into: raw.baseAddress!, count: raw.count)
                }
            } catch {
                throw Self.error(error, deadline: deadline)
            }
            if count == 0 { break }
            received.append(contentsOf: buffer[..<count])
        }
        return try parse(received)
    }

    private static func error(_ error: any Error, deadline: Date) -> URLError {
        if (error as? System.Failure)?.isTimedOut == true || Date() >= deadline { return URLError(.timedOut) }
        return URLError(.networkConnectionLost)
    }

    /// The status, headers and body of a whole HTTP/1.1 response (read to the end of the connection).
    static func parse(_ bytes: [UInt8]) throws -> HTTPResponse {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) }) else {
            throw URLError(.networkConnectionLost)
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/"), let status = Int(statusParts[1]) else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true { body = try dechunk(body) }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")), lineEnd + 1 < bytes.count else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw URLError(.badServerResponse) }
            if size == 0 { break }
            let start = lineEnd + 2
            guard start + size <= bytes.count else { throw URLError(.networkConnectionLost) }
            body.append(contentsOf: bytes[start..<(start + size)])
            index = start + size + 2
        }
        return body
    }
}
#endif
