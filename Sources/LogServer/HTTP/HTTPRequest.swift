/// One HTTP/1.1 request, as ``HTTPRequestParser`` read it.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`… as sent (methods are case-sensitive).
    public var method: String
    /// The path, percent-decoded (`/api/logs`).
    public var path: String
    /// The query's parameters in order, percent-decoded, `+` read as a space.
    public var query: [(name: String, value: String)]
    /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    public var minorVersion: Int
    /// The header fields in order, names lowercased, values trimmed.
    public var headers: [(name: String, value: String)]
    /// The body, de-chunked (still gzip when `Content-Encoding` says so).
    public var body: [UInt8]

    /// The value of the first header field with this (lowercase) name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Every value of a query parameter, in order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepsAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        let tokens = connection.split(separator: ",").map { $0.trimmingWhitespace }
        if minorVersion == 0 { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// Percent-decoding of a request target's parts.
enum PercentDecoding {
    /// The text with `%XX` decoded (and `+` as a space when `plusIsSpace`).
    /// - Returns: `nil` for a broken escape or bytes that are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        // Invalid UTF-8 would be repaired by `String(decoding:)`; refuse it instead.
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
