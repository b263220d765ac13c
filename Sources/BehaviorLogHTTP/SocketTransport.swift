#if canImport(Glibc)
import Foundation
import Glibc

/// A plain-HTTP (`http://`, no TLS) transport over a blocking socket, one thread per
/// request: what `ClickHouseOutput` uses for an `http://` server.
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
public struct SocketTransport: HTTPTransport {
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
        let socket = try connect(host: host, port: port, timeout: request.timeout)
        defer { close(socket) }

        var path = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { path += "?" + query }
        var head = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: \(request.body.count)\r\nConnection: close\r\n"
        for header in request.headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        try writeAll(socket, Array(head.utf8), deadline: deadline)
        try writeAll(socket, request.body, deadline: deadline)

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count > 0 { received.append(contentsOf: buffer[..<count]); continue }
            if count == 0 { break }
            if errno == EINTR { continue }
            throw error(errno, deadline: deadline)
        }
        return try parse(received)
    }

    private static func connect(host: String, port: Int, timeout: Double) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(bare, String(port), &hints, &list) == 0, let first = list else { throw URLError(.cannotFindHost) }
        defer { freeaddrinfo(list) }
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let socket = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard socket >= 0 else { lastError = errno; continue }
            var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return socket }
            lastError = errno
            close(socket)
        }
        throw lastError == EAGAIN || lastError == EINPROGRESS || lastError == ETIMEDOUT ? URLError(.timedOut) : URLError(.cannotConnectToHost)
    }

    private static func writeAll(_ socket: Int32, _ bytes: [UInt8], deadline: Date) throws {
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let count = send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count > 0 { offset += count; continue }
                if count < 0 && errno == EINTR { continue }
                throw error(errno, deadline: deadline)
            }
        }
    }

    private static func error(_ code: Int32, deadline: Date) -> URLError {
        if code == EAGAIN || code == EWOULDBLOCK || Date() >= deadline { return URLError(.timedOut) }
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
