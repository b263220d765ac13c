/// The response side of one request: a whole response, a chunked stream, or an event stream.
public final class HTTPExchange: @unchecked Sendable {  // used by the connection's thread only
    private let client: ClientSocket
    private let limits: HTTPServer.Limits
    private let requestKeepsAlive: Bool
    private let isHead: Bool
    private var started = false
    private var chunked = false
    private var failed = false
    private var closesAfter = false

    init(client: ClientSocket, limits: HTTPServer.Limits, keepAlive: Bool, method: String) {
        self.client = client
        self.limits = limits
        requestKeepsAlive = keepAlive
        isHead = method == "HEAD"
    }

    /// Whether the connection can take another request.
    var keepsConnection: Bool { requestKeepsAlive && !closesAfter && !failed }

    /// Whether the client is gone (a write failed).
    public var clientIsGone: Bool { failed }

    /// Sends a whole response.
    public func respond(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        guard !started else { return }
        started = true
        var all = headers
        all.append(("Connection", requestKeepsAlive ? "keep-alive" : "close"))
        var bytes = Self.head(status: status, headers: all, bodyCount: body.count)
        if !isHead { bytes += body }
        write(bytes)
    }

    /// Sends a whole plain-text response.
    public func respond(status: Int, text: String, headers: [(String, String)] = []) {
        respond(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Array(text.utf8))
    }

    /// Sends a whole JSON response.
    public func respond(status: Int, json: String, headers: [(String, String)] = []) {
        respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(json.utf8))
    }

    /// Starts a response whose body follows in ``writeChunk(_:)`` calls (chunked), ended by
    /// ``finish()``.
    public func startChunked(status: Int, headers: [(String, String)]) {
        guard !started else { return }
        started = true
        chunked = true
        var all = headers
        all.append(("Transfer-Encoding", "chunked"))
        all.append(("Connection", requestKeepsAlive ? "keep-alive" : "close"))
        write(Self.head(status: status, headers: all, bodyCount: nil))
    }

    /// Starts an open-ended response (server-sent events): no length, the connection closes
    /// at its end. Write with ``writeRaw(_:)``.
    public func startStream(status: Int, headers: [(String, String)]) {
        guard !started else { return }
        started = true
        closesAfter = true
        write(Self.head(status: status, headers: headers + [("Connection", "close")], bodyCount: nil))
    }

    /// Writes one chunk of a chunked response.
    /// - Returns: `false` when the client is gone.
    @discardableResult
    public func writeChunk(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty, !isHead else { return !failed }
        write(Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A])
        writeRaw(bytes)
        write([0x0D, 0x0A])
        return !failed
    }

    /// Writes bytes as they are (the body of a stream).
    /// - Returns: `false` when the client is gone.
    @discardableResult
    public func writeRaw(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !failed else { return false }
        if !client.writeAll(bytes, waitingUpTo: limits.writeMilliseconds) { failed = true }
        return !failed
    }

    /// Whether the client sent something or hung up (an event stream's client only reads).
    public var clientHungUp: Bool { failed || client.hasInputOrHangUp }

    /// Ends a chunked response.
    public func finish() {
        if chunked && !isHead { write(Array("0\r\n\r\n".utf8)) }
        chunked = false
    }

    func finishIfNeeded() {
        if !started { respond(status: 500, text: "error: no response\n") }
        finish()
    }

    private func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { writeRaw($0) }
    }

    /// The status line and headers.
    static func head(status: Int, headers: [(String, String)], bodyCount: Int?) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let bodyCount { text += "Content-Length: \(bodyCount)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
