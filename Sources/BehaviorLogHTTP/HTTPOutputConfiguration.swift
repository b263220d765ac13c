import BehaviorLog
import Foundation

/// Where and how an `HTTPOutput` sends its chunks. Validated when built: the initializer
/// throws a `ConfigurationError` for a URL or timeout that cannot work.
public struct HTTPOutputConfiguration: Sendable {
    /// The endpoint every chunk is POSTed to.
    public internal(set) var url: URL
    /// How the chunk's rows become the body.
    public var format: HTTPBodyFormat
    /// Whether the body is gzip-compressed (`Content-Encoding: gzip`).
    public var gzip: Bool
    /// Extra headers on every request, such as `Authorization`.
    public var headers: [(name: String, value: String)]
    /// How long one request may take before it is retried.
    public internal(set) var timeout: Duration
    /// How answers are read.
    package var classifier: HTTPResponseClassifier

    /// - Parameters:
    ///   - url: The endpoint, an `http://` or `https://` URL with a host.
    ///   - format: How the rows become the body (`.jsonEachRow` by default).
    ///   - gzip: Whether the body is gzip-compressed (not by default).
    ///   - headers: Extra headers on every request, such as `Authorization`.
    ///   - timeout: How long one request may take (30 s by default; more than zero).
    /// - Throws: `ConfigurationError` when the URL is not an http(s) URL with a host, or the
    ///   timeout is not more than zero.
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
        else { throw ConfigurationError("HTTPOutputConfiguration: '\(url.absoluteString)' is not an http:// or https:// URL with a host") }
        guard timeout > .zero else { throw ConfigurationError("HTTPOutputConfiguration: the timeout must be more than zero, not \(timeout)") }
        self.url = url
        self.format = format
        self.gzip = gzip
        self.headers = headers
        self.timeout = timeout
        self.classifier = classifier
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
