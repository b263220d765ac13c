import Foundation

/// Where and how an `HTTPOutput` sends its chunks.
public struct HTTPOutputConfiguration: Sendable {
    /// The endpoint every chunk is POSTed to.
    public var url: URL
    /// How the chunk's rows become the body.
    public var format: HTTPBodyFormat
    /// Whether the body is gzip-compressed (`Content-Encoding: gzip`).
    public var gzip: Bool
    /// Extra headers on every request, such as `Authorization`.
    public var headers: [(name: String, value: String)]
    /// How long one request may take before it is retried, in seconds.
    public var timeout: Double
    /// How answers are read.
    public var classifier: HTTPResponseClassifier

    /// - Throws: `HTTPOutputConfigurationError` when the URL is not an http(s) URL with a host.
    public init(
        url: URL, format: HTTPBodyFormat = .jsonEachRow, gzip: Bool = false,
        headers: [(name: String, value: String)] = [], timeout: Double = 30,
        classifier: HTTPResponseClassifier = HTTPResponseClassifier()
    ) throws(HTTPOutputConfigurationError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { throw HTTPOutputConfigurationError("'\(url.absoluteString)' is not an http:// or https:// URL with a host") }
        guard timeout > 0 else { throw HTTPOutputConfigurationError("the timeout must be more than 0 seconds, not \(timeout)") }
        self.url = url
        self.format = format
        self.gzip = gzip
        self.headers = headers
        self.timeout = timeout
        self.classifier = classifier
    }

    /// The headers of a request: the body's type and encoding, then the configured ones.
    var requestHeaders: [(name: String, value: String)] {
        var all: [(name: String, value: String)] = [("Content-Type", format.contentType)]
        if gzip { all.append(("Content-Encoding", "gzip")) }
        return all + headers
    }
}

/// A configuration that cannot work, found when it is built.
public struct HTTPOutputConfigurationError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
