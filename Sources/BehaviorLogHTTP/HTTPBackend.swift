import BehaviorLog
import Foundation

/// The backend of an `HTTPOutput`: each chunk becomes one POST of the logs' full envelopes
/// (docs/Runtime.md), in the configured body format.
public struct HTTPBackend: LogBackend {
    public let poster: HTTPPoster
    private let gate = RetryAfterGate()

    public init(configuration: HTTPOutputConfiguration, transport: (any HTTPTransport)? = nil) {
        poster = HTTPPoster(configuration: configuration, transport: transport)
    }

    public func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        guard await gate.waitUntilOpen() else { return .retryableFailure("waiting out the server's Retry-After") }
        let format = poster.configuration.format
        var body: [UInt8] = []
        body.reserveCapacity(chunk.logs.reduce(2) { $0 + $1.body.count + 128 })
        format.begin(&body)
        for (index, log) in chunk.logs.enumerated() {
            format.separate(&body, before: index)
            body.append(contentsOf: log.envelope)
            format.endRow(&body)
        }
        format.end(&body)
        return LogDeliveryResult(await poster.post(body), gate: gate)
    }
}

extension LogDeliveryResult {
    /// The runtime's reading of an HTTP outcome; a `Retry-After` shuts the gate meanwhile.
    init(_ outcome: HTTPDeliveryOutcome, gate: RetryAfterGate) {
        switch outcome {
        case .accepted:
            self = .accepted
        case .retry(let reason, let after):
            if let after { gate.close(for: after) }
            self = .retryableFailure(after.map { "\(reason) (retry after \(Int($0)) s)" } ?? reason)
        case .reject(let reason):
            self = .permanentFailure(reason)
        }
    }
}
