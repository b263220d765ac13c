#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// A raw HTTP/1.1 client over a blocking socket, for tests that must send what no real client
/// sends (malformed, truncated, slow requests) and read exactly what the server answers.
public final class HTTPTestConnection: @unchecked Sendable {  // one test thread uses it
    private let descriptor: Int32
    private var pending: [UInt8] = []

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Connects to `127.0.0.1:port` (or `host`).
    public init(port: UInt16, host: String = "127.0.0.1") throws {
        #if canImport(Darwin)
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close(descriptor) }

    /// Sends bytes; `false` when the server closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let written = bytes.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, 0) }
            #else
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            #endif
            if written <= 0 { if errno == EINTR { continue }; return false }
            offset += written
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads what arrives within `timeout` seconds; `nil` at the end of the stream.
    public func readSome(timeout: Double) -> [UInt8]? {
        if !pending.isEmpty { defer { pending = [] }; return pending }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Reads until the server closes the connection or `timeout` seconds pass.
    public func readUntilClosed(timeout: Double) -> (bytes: [UInt8], closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while Date() < deadline {
            guard let some = readSome(timeout: min(0.2, max(0.01, deadline.timeIntervalSinceNow))) else { return (bytes, true) }
            bytes += some
        }
        return (bytes, false)
    }

    /// Reads one whole response (Content-Length, chunked, or up to the close).
    public func readResponse(timeout: Double = 10) throws -> HTTPTestResponse {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var closed = false
        func more() throws {
            guard Date() < deadline else {
                throw Failure(description: "no whole response within \(timeout) s; got \(String(decoding: bytes, as: UTF8.self).prefix(300))")
            }
            if let some = readSome(timeout: 0.2) { bytes += some } else { closed = true }
        }
        while true {
            if let end = find(Array("\r\n\r\n".utf8), in: bytes) {
                var response = HTTPTestResponse(head: String(decoding: bytes[0..<end], as: UTF8.self))
                let bodyStart = end + 4
                if let length = response.headers["content-length"].flatMap(Int.init) {
                    while bytes.count < bodyStart + length && !closed { try more() }
                    response.body = Array(bytes[bodyStart..<min(bytes.count, bodyStart + length)])
                    pending = Array(bytes[min(bytes.count, bodyStart + length)...])
                    return response
                }
                if response.headers["transfer-encoding"] == "chunked" {
                    while true {
                        if let (body, used) = dechunk(Array(bytes[bodyStart...])) {
                            response.body = body
                            pending = Array(bytes[(bodyStart + used)...])
                            return response
                        }
                        if closed { throw Failure(description: "the chunked body was cut short") }
                        try more()
                    }
                }
                while !closed { try more() }
                response.body = Array(bytes[bodyStart...])
                return response
            }
            if closed { throw Failure(description: "the connection closed before a response: \(String(decoding: bytes, as: UTF8.self))") }
            try more()
        }
    }

    private func dechunk(_ bytes: [UInt8]) -> ([UInt8], Int)? {
        var index = 0
        var body: [UInt8] = []
        while true {
            guard let lineEnd = find([0x0D, 0x0A], in: bytes, from: index),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16)
            else { return nil }
            index = lineEnd + 2
            if size == 0 { return bytes.count >= index + 2 ? (body, index + 2) : nil }
            guard bytes.count >= index + size + 2 else { return nil }
            body += bytes[index..<(index + size)]
            index += size + 2
        }
    }

    private func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= needle.count + start else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }

    /// One request on a connection of its own (`Connection: close`).
    public static func request(
        port: UInt16, method: String = "GET", _ path: String, headers: [(String, String)] = [], body: [UInt8] = [],
        host: String? = nil, timeout: Double = 30
    ) throws -> HTTPTestResponse {
        let connection = try HTTPTestConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        connection.send(Array((head + "\r\n").utf8) + body)
        return try connection.readResponse(timeout: timeout)
    }
}

/// A response as the test client read it.
public struct HTTPTestResponse: Sendable {
    public var status: Int
    /// Header names lowercased (the last value of a repeated one).
    public var headers: [String: String]
    public var body: [UInt8] = []
    public var text: String { String(decoding: body, as: UTF8.self) }

    init(head: String) {
        let lines = head.components(separatedBy: "\r\n")
        status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
    }
}
