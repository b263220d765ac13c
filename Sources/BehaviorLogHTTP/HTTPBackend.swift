import BehaviorLog
import Foundation

/// The backend of an `HTTPOutput`: each chunk becomes one POST of the logs' full envelopes
/// (docs/Runtime.md), in the configured body format.
package struct HTTPBackend: LogBackend {
    package let poster: HTTPPoster

    package init(configuration: HTTPOutputConfiguration, transport: (any HTTPTransport)? = nil) {
        poster = HTTPPoster(configuration: configuration, transport: transport)
    }

    package func send(_ chunk: LogChunk) async -> LogDeliveryResult {
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
