import BehaviorLog
import Foundation

/// Where a `BufferedOutput` ships logs over HTTP: each chunk becomes one POST of the logs'
/// full envelopes (docs/Runtime.md), in the configured body format.
///
/// The output keeps the logs in its own store until the endpoint answers 2xx. 5xx, 408, 429
/// (honouring `Retry-After`), timeouts and connection errors are retried with the output's
/// backoff; other statuses, and transport errors no retry can pass (App Transport Security
/// refusing `http://`, an untrusted certificate), set the chunk aside in `directory/rejected`
/// and count it (`statistics.rejectedLogs`). Delivery is at least once: a retried chunk
/// carries the same UUIDs, for the warehouse to collapse.
///
/// ```swift
/// let output = try BufferedOutput(
///     directory: store.appending(path: "outputs/collector"),
///     backend: HTTPBackend(
///         configuration: HTTPBackendConfiguration(
///             url: URL(string: "https://collector.example.com/logs")!, format: .jsonEachRow, gzip: true,
///             headers: [("Authorization", "Bearer \(token)")], timeout: .seconds(20))))
/// ```
public struct HTTPBackend: LogBackend {
    package let poster: HTTPPoster

    /// - Parameter configuration: The endpoint, body format, gzip, headers and timeout.
    public init(configuration: HTTPBackendConfiguration) {
        poster = HTTPPoster(configuration: configuration, transport: nil)
    }

    /// - Parameters:
    ///   - configuration: The endpoint, body format, gzip, headers and timeout.
    ///   - transport: How requests go out instead of URLSession (a test's double).
    @_spi(Transport) public init(configuration: HTTPBackendConfiguration, transport: any HTTPTransport) {
        poster = HTTPPoster(configuration: configuration, transport: transport)
    }

    /// The endpoint, body format, gzip, headers and timeout.
    public var configuration: HTTPBackendConfiguration { poster.configuration }

    /// The configuration's `timeout`: the output gives a send that long and 5 seconds more.
    public var requestTimeout: Duration? { poster.configuration.timeout }

    public func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        let format = poster.configuration.format
        var body: [UInt8] = []
        body.reserveCapacity(chunk.logs.reduce(2) { $0 + $1.payload.count + 128 })
        format.begin(&body)
        for (index, log) in chunk.logs.enumerated() {
            format.separate(&body, before: index)
            body.append(contentsOf: log.envelope)
            format.endRow(&body)
        }
        format.end(&body)
        return LogDeliveryResult(await poster.post(body))
    }
}

extension LogDeliveryResult {
    /// The runtime's reading of an HTTP outcome; a `Retry-After` becomes the least wait
    /// before the output tries again.
    init(_ outcome: HTTPDeliveryOutcome) {
        switch outcome {
        case .accepted:
            self = .accepted
        case .retry(let reason, let after):
            self = .retryableFailure(
                after.map { "\(reason) (retry after \(Int($0)) s)" } ?? reason,
                retryAfter: after.map { .milliseconds(Int64(max(0, $0) * 1000)) })
        case .reject(let reason):
            self = .permanentFailure(reason)
        }
    }
}
