import BehaviorLog
import Foundation

/// Where and how an `HTTPBackend` posts its chunks. Validated when built: the initializer
/// throws a `ConfigurationError` for a URL, header or timeout that cannot work.
public struct HTTPBackendConfiguration: Sendable {
    /// The endpoint every chunk is POSTed to.
    public internal(set) var url: URL
    /// How the chunk's rows become the body.
    public var format: HTTPBodyFormat
    /// Whether the body is gzip-compressed (`Content-Encoding: gzip`).
    public var gzip: Bool
    /// Extra headers on every request, such as `Authorization`.
    public internal(set) var headers: [(name: String, value: String)]
    /// How long one request may take before it is retried.
    public internal(set) var timeout: Duration
    /// How answers are read.
    package var classifier: HTTPResponseClassifier

    /// - Parameters:
    ///   - url: The endpoint, an `http://` or `https://` URL with a host.
    ///   - format: How the rows become the body (`.jsonEachRow` by default).
    ///   - gzip: Whether the body is gzip-compressed (not by default).
    ///   - headers: Extra headers on every request, such as `Authorization`: each name an
    ///     HTTP token, each value one line (no line break or other control character), and
    ///     none of the headers the backend writes itself (`Content-Type`, `Content-Encoding`,
    ///     `Content-Length`, `Host`, `Connection`, `Transfer-Encoding`).
    ///   - timeout: How long one request may take (30 s by default; more than zero).
    /// - Throws: `ConfigurationError` when the URL is not an http(s) URL with a host, a
    ///   header is not as above, or the timeout is not more than zero.
    public init(
        url: URL, format: HTTPBodyFormat = .jsonEachRow, gzip: Bool = false,
        headers: [(name: String, value: String)] = [], timeout: Duration = .seconds(30)
    ) throws(ConfigurationError) {
        try self.init(url: url, format: format, gzip: gzip, headers: headers, timeout: timeout, classifier: HTTPResponseClassifier())
    }

    /// - Parameter classifier: How answers are read (ClickHouse reads its error codes).
    package init(
        url: URL, format: HTTPBodyFormat, gzip: Bool, headers: [(name: String, value: String)], timeout: Duration,
        classifier: HTTPResponseClassifier
    ) throws(ConfigurationError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw ConfigurationError("HTTPBackendConfiguration: '\(url.absoluteString)' is not an http:// or https:// URL with a host") }
        guard timeout > .zero else { throw ConfigurationError("HTTPBackendConfiguration: the timeout must be more than zero, not \(timeout)") }
        for header in headers { try Self.check(header) }
        self.url = url
        self.format = format
        self.gzip = gzip
        self.headers = headers
        self.timeout = timeout
        self.classifier = classifier
    }

    /// The headers the backend writes itself, in lower case: one set twice makes a request
    /// a server may read either way.
    private static let writtenByTheBackend: Set<String> = [
        "content-type", "content-encoding", "content-length", "host", "connection", "transfer-encoding",
    ]

    /// Checks that a header can be sent as it is. A line break in a value would end the
    /// header and start another (or the body) in the request the socket transport writes,
    /// so a token read from a file with its newline, or a value built from user input,
    /// must fail here and not on the wire. The message never shows the value: it may be
    /// a secret.
    private static func check(_ header: (name: String, value: String)) throws(ConfigurationError) {
        guard !header.name.isEmpty else {
            throw ConfigurationError("HTTPBackendConfiguration: a header has an empty name; name it, such as Authorization")
        }
        if let bad = header.name.utf8.firstIndex(where: { !isTokenByte($0) }) {
            // Only the valid part is shown: `("Authorization: Bearer <token>", "")`, a common
            // slip, must not print the token.
            let valid = String(header.name.utf8[..<bad])!
            let byte = header.name.utf8[bad]
            let what = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
            throw ConfigurationError(
                "HTTPBackendConfiguration: a header name holds \(what) after '\(valid)'; a name is letters, digits and !#$%&'*+-.^_`|~, its value goes apart: (\"Authorization\", \"Bearer …\")"
            )
        }
        guard !writtenByTheBackend.contains(header.name.lowercased()) else {
            throw ConfigurationError(
                "HTTPBackendConfiguration: the backend writes the header '\(header.name)' itself; remove it (format: and gzip: set the body's type and encoding)"
            )
        }
        guard isFieldValue(header.value) else {
            throw ConfigurationError(
                "HTTPBackendConfiguration: the value of header '\(header.name)' holds a line break or another control character; a header value is one line (trim a token read from a file)"
            )
        }
    }

    /// Whether `text` can be a header's value as it is (RFC 9110 5.5: visible characters,
    /// spaces, tabs and bytes above 0x7F): one line.
    static func isFieldValue(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// `tchar` of RFC 9110 5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The request timeout in seconds, as the transports take it.
    var timeoutSeconds: Double { timeout.seconds }

    /// The headers of a request: the body's type and encoding, then the configured ones.
    var requestHeaders: [(name: String, value: String)] {
        var all: [(name: String, value: String)] = [("Content-Type", format.contentType)]
        if gzip { all.append(("Content-Encoding", "gzip")) }
        return all + headers
    }
}
