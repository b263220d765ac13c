import LogCore

/// Reads one HTTP/1.1 request from the bytes received so far on a connection.
///
/// Stateless: the connection calls ``parse(_:)`` with everything it has buffered each time more
/// arrives, and gets back `.incomplete` until a whole request is there. Strict where leniency
/// has been a smuggling or injection risk: no bare `LF` line ends in the head, no folded header
/// lines, no whitespace before a header's colon, no `Content-Length` beside `Transfer-Encoding`,
/// no two different lengths, and only the `chunked` transfer coding. Every size is bounded
/// before it is allocated (``Limits``).
///
/// It uses nothing but the standard library, so the fuzzer (`make fuzz-serve`) compiles it alone.
public struct HTTPRequestParser: Sendable {
    /// Bounds on what a request may hold.
    public struct Limits: Sendable {
        /// The request line and headers together, in bytes.
        public var headBytes: Int
        /// How many header fields.
        public var headerCount: Int
        /// The body, in bytes, after de-chunking (before gzip decoding).
        public var bodyBytes: Int

        public init(headBytes: Int = 16 * 1024, headerCount: Int = 100, bodyBytes: Int = 8 << 20) {
            self.headBytes = headBytes
            self.headerCount = headerCount
            self.bodyBytes = bodyBytes
        }
    }

    /// What the bytes so far hold.
    public enum Outcome: Sendable {
        /// Not a whole request yet; read more.
        case incomplete
        /// A request, and how many bytes of the input it took (the rest begins the next one).
        case request(HTTPRequest, consumed: Int)
        /// Not a request this server takes; answer with the status and close.
        case failure(HTTPParseError)
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Reads the request at the start of `bytes`.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        guard let headEnd = Self.find(crlfcrlf: bytes, limit: limits.headBytes) else {
            if bytes.count >= limits.headBytes {
                return .failure(HTTPParseError(status: 431, "the request's head is over \(limits.headBytes) bytes"))
            }
            // A request that starts with bytes no method has can be refused at once.
            if let first = bytes.first, !Self.isTokenByte(first) {
                return .failure(HTTPParseError(status: 400, "the request does not start with a method"))
            }
            return .incomplete
        }
        var head: Head
        switch parseHead(UnsafeBufferPointer(rebasing: bytes[0..<headEnd])) {
        case .success(let parsed): head = parsed
        case .failure(let error): return .failure(error)
        }
        let bodyStart = headEnd + 4
        let rest = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
        switch head.framing {
        case .none:
            return .request(head.request, consumed: bodyStart)
        case .length(let length):
            if length > limits.bodyBytes {
                return .failure(HTTPParseError(status: 413, "the body is \(length) bytes, over the limit of \(limits.bodyBytes)"))
            }
            guard rest.count >= length else { return .incomplete }
            head.request.body = Array(rest[0..<length])
            return .request(head.request, consumed: bodyStart + length)
        case .chunked:
            switch Self.dechunk(rest, limit: limits.bodyBytes) {
            case .incomplete: return .incomplete
            case .failure(let error): return .failure(error)
            case .complete(let body, let consumed):
                head.request.body = body
                return .request(head.request, consumed: bodyStart + consumed)
            }
        }
    }

    /// Whether the request at the start of `bytes` has its whole head and asks, with
    /// `Expect: 100-continue`, to be told to send its body (curl and libcurl-based clients
    /// wait a second for that before sending a large body).
    public func expectsContinue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let headEnd = Self.find(crlfcrlf: bytes, limit: limits.headBytes) else { return false }
        let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<headEnd]), as: UTF8.self).lowercased()
        return head.contains("\r\nexpect: 100-continue") || head.contains("\r\nexpect:100-continue")
    }

    /// Reads the request at the start of `bytes`.
    public func parse(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    // MARK: - The head

    private enum Framing {
        case none
        case length(Int)
        case chunked
    }

    private struct Head {
        var request: HTTPRequest
        var framing: Framing
    }

    private func parseHead(_ head: UnsafeBufferPointer<UInt8>) -> Result<Head, HTTPParseError> {
        var lines: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        var index = 0
        while index < head.count {
            if head[index] == 0x0D {
                guard index + 1 < head.count, head[index + 1] == 0x0A else {
                    return .failure(HTTPParseError(status: 400, "a bare CR in the request's head"))
                }
                lines.append(UnsafeBufferPointer(rebasing: head[start..<index]))
                index += 2
                start = index
                continue
            }
            if head[index] == 0x0A { return .failure(HTTPParseError(status: 400, "a bare LF in the request's head; end lines with CRLF")) }
            index += 1
        }
        lines.append(UnsafeBufferPointer(rebasing: head[start..<head.count]))
        guard lines.count - 1 <= limits.headerCount else {
            return .failure(HTTPParseError(status: 431, "more than \(limits.headerCount) header fields"))
        }

        // The request line: METHOD SP TARGET SP HTTP/1.x
        let requestLine = lines[0]
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte) else {
            return .failure(HTTPParseError(status: 400, "the request line is not 'METHOD TARGET HTTP/1.1'"))
        }
        let version = Array(parts[2])
        guard version.count == 8, version[0..<7].elementsEqual("HTTP/1.".utf8) else {
            return .failure(HTTPParseError(status: 505, "only HTTP/1.0 and HTTP/1.1 are served"))
        }
        guard version[7] == UInt8(ascii: "1") || version[7] == UInt8(ascii: "0") else {
            return .failure(HTTPParseError(status: 505, "only HTTP/1.0 and HTTP/1.1 are served"))
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(HTTPParseError(status: 400, "the request target must be a path starting with /"))
        }
        let targetText = String(decoding: target, as: UTF8.self)
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = targetText.firstIndex(of: "?") {
            pathPart = targetText[..<mark]
            queryPart = targetText[targetText.index(after: mark)...]
        } else {
            pathPart = targetText[...]
            queryPart = nil
        }
        let fragmentless = queryPart.map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
        guard let path = PercentDecoding.decode(pathPart, plusIsSpace: false) else {
            return .failure(HTTPParseError(status: 400, "the path has a broken %-escape or is not UTF-8"))
        }
        var query: [(name: String, value: String)] = []
        for pair in (fragmentless ?? "").split(separator: "&") {
            let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(nameAndValue[0], plusIsSpace: true),
                let value = PercentDecoding.decode(nameAndValue.count > 1 ? nameAndValue[1] : "", plusIsSpace: true)
            else {
                return .failure(HTTPParseError(status: 400, "the query has a broken %-escape or is not UTF-8"))
            }
            query.append((name, value))
        }

        // The header fields.
        var headers: [(name: String, value: String)] = []
        var contentLength: Int?
        var chunked = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
                if let first = line.first, first == 0x20 || first == 0x09 {
                    return .failure(HTTPParseError(status: 400, "a folded header line (obsolete line folding is not accepted)"))
                }
                return .failure(HTTPParseError(status: 400, "a header line without a name and a colon"))
            }
            let nameBytes = line[line.startIndex..<colon]
            guard nameBytes.allSatisfy(Self.isTokenByte) else {
                return .failure(HTTPParseError(status: 400, "a header name with a character names cannot have"))
            }
            let valueBytes = line[(colon + 1)...]
            guard valueBytes.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .failure(HTTPParseError(status: 400, "a header value with a control character"))
            }
            let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
            let value = String(String(decoding: valueBytes, as: UTF8.self)[...].trimmingWhitespace)
            switch name {
            case "content-length":
                guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(value) else {
                    return .failure(HTTPParseError(status: 400, "Content-Length '\(value)' is not a number of bytes"))
                }
                if let previous = contentLength, previous != length {
                    return .failure(HTTPParseError(status: 400, "two different Content-Length values"))
                }
                contentLength = length
            case "transfer-encoding":
                guard value.lowercased() == "chunked", !chunked else {
                    return .failure(HTTPParseError(status: 501, "Transfer-Encoding '\(value)': only 'chunked' is accepted"))
                }
                chunked = true
            default:
                break
            }
            headers.append((name, value))
        }
        if chunked && contentLength != nil {
            return .failure(HTTPParseError(status: 400, "both Content-Length and Transfer-Encoding; send one"))
        }
        if chunked && version[7] == UInt8(ascii: "0") {
            return .failure(HTTPParseError(status: 400, "Transfer-Encoding needs HTTP/1.1"))
        }
        let request = HTTPRequest(
            method: String(decoding: parts[0], as: UTF8.self), path: path, query: query,
            minorVersion: version[7] == UInt8(ascii: "1") ? 1 : 0, headers: headers, body: [])
        let framing: Framing = chunked ? .chunked : contentLength.map { $0 > 0 ? .length($0) : .none } ?? .none
        return .success(Head(request: request, framing: framing))
    }

    // MARK: - Chunked bodies

    enum Dechunked {
        case incomplete
        case complete([UInt8], consumed: Int)
        case failure(HTTPParseError)
    }

    /// De-chunks a `Transfer-Encoding: chunked` body (chunk extensions and trailers are read
    /// and dropped).
    static func dechunk(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Dechunked {
        // First find where it ends and how long it is, copying nothing; then copy once.
        var index = 0
        var total = 0
        var pieces: [Range<Int>] = []
        while true {
            guard let lineEnd = findCRLF(bytes, from: index, limit: 1024) else {
                return bytes.count - index > 1024
                    ? .failure(HTTPParseError(status: 400, "a chunk-size line over 1024 bytes")) : .incomplete
            }
            var size = 0
            var digits = 0
            var position = index
            while position < lineEnd, let digit = Hex.value(bytes[position]).map(Int.init) {
                size = size << 4 | digit
                digits += 1
                position += 1
                if digits > 15 { return .failure(HTTPParseError(status: 413, "a chunk over the body limit of \(limit) bytes")) }
            }
            guard digits > 0, position == lineEnd || bytes[position] == UInt8(ascii: ";") || bytes[position] == UInt8(ascii: " ") else {
                return .failure(HTTPParseError(status: 400, "a chunk size that is not hexadecimal"))
            }
            index = lineEnd + 2
            if size == 0 { break }
            total += size
            if total > limit { return .failure(HTTPParseError(status: 413, "the body is over the limit of \(limit) bytes")) }
            guard bytes.count - index >= size + 2 else { return .incomplete }
            pieces.append(index..<(index + size))
            index += size
            guard bytes[index] == 0x0D, bytes[index + 1] == 0x0A else {
                return .failure(HTTPParseError(status: 400, "a chunk that does not end with CRLF"))
            }
            index += 2
        }
        // Trailer fields, then the empty line.
        var trailerBytes = 0
        while true {
            guard let lineEnd = findCRLF(bytes, from: index, limit: 8192) else {
                return bytes.count - index > 8192 ? .failure(HTTPParseError(status: 431, "trailers over 8192 bytes")) : .incomplete
            }
            trailerBytes += lineEnd - index
            if trailerBytes > 8192 { return .failure(HTTPParseError(status: 431, "trailers over 8192 bytes")) }
            let empty = lineEnd == index
            index = lineEnd + 2
            if empty { break }
        }
        var body: [UInt8] = []
        body.reserveCapacity(total)
        for piece in pieces { body.append(contentsOf: bytes[piece]) }
        return .complete(body, consumed: index)
    }

    // MARK: - Bytes

    /// The offset of the first CRLF CRLF within the first `limit` bytes.
    static func find(crlfcrlf bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int? {
        let end = min(bytes.count, limit + 4)
        guard end >= 4 else { return nil }
        var index = 0
        while index + 3 < end {
            if bytes[index + 3] != 0x0A { index += bytes[index + 3] == 0x0D ? 1 : 4; continue }
            if bytes[index] == 0x0D && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x0D { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the next CRLF at or after `start`, looking at most `limit` bytes ahead.
    private static func findCRLF(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = start
        let end = min(bytes.count - 1, start + limit)
        while index < end {
            if bytes[index] == 0x0D && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// RFC 9110's `tchar`: the bytes of methods and header names.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// A request the server will not take: the status to answer and why, in one line.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    public var message: String

    public init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status): \(message)" }
}
