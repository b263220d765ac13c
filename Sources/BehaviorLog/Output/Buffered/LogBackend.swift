import Foundation
import LogCore
import LogStore

/// Where a `BufferedOutput` ships logs: a collector over HTTP, a message queue, a test
/// double. The output calls `send` with one chunk at a time and never concurrently.
public protocol LogBackend: Sendable {
    /// Sends a chunk and says what became of it. Do not retry here: the output retries
    /// retryable failures with backoff, and a send that outlives the output's timeout
    /// counts as a retryable failure (the chunk is sent again, with the same UUIDs).
    func send(_ chunk: LogChunk) async -> LogDeliveryResult

    /// How long one `send` may take by the backend's own timeout (an HTTP request's), when it
    /// has one. The output gives such a send 5 seconds more before it gives up on it (it
    /// raises its `sendTimeout`), so that the backend's own timeout, which ends the request
    /// and says why, comes first. `nil` by default: the output's `sendTimeout` alone.
    var requestTimeout: Duration? { get }
}

extension LogBackend {
    public var requestTimeout: Duration? { nil }
}

/// What became of a chunk.
public enum LogDeliveryResult: Sendable, Equatable {
    /// The backend has the logs; they are removed from the output's store.
    case accepted
    /// A failure that may pass (no network, a timeout, HTTP 5xx, 408, 429): the chunk is
    /// sent again after a backoff.
    ///
    /// `retryAfter` is how long the backend asked to be left alone (HTTP's
    /// `Retry-After`): the next attempt waits at least that long, even when the backoff is
    /// shorter, and a `flush()` does not cut that part short (it returns instead, as after
    /// any failed send). `nil` leaves the wait to the backoff.
    case retryableFailure(String, retryAfter: Duration? = nil)
    /// A failure that will not pass (HTTP 4xx: the backend rejects these logs): the chunk
    /// is moved aside, counted, and not sent again.
    case permanentFailure(String)

    /// The usual reading of an HTTP status: 2xx accepted; 408, 429 and 5xx retryable;
    /// other statuses permanent.
    public static func httpStatus(_ status: Int) -> LogDeliveryResult {
        switch status {
        case 200..<300: .accepted
        case 408, 429, 500..<600: .retryableFailure("HTTP \(status)", retryAfter: nil)
        default: .permanentFailure("HTTP \(status)")
        }
    }
}

extension LogRecord {
    /// The full envelope of a stored log as one JSON object (see `EnvelopeEncoder`): the
    /// framed fields, then the stored payload bytes spliced in.
    package var envelope: [UInt8] {
        var writer = JSONWriter(capacity: 96 + tag.utf8.count + payload.count)
        EnvelopeEncoder.appendEnvelope(of: self, to: &writer)
        return writer.bytes
    }
}

/// A chunk of logs to send, in sequence order.
public struct LogChunk: Sendable {
    /// The logs as the output's store keeps them: framing (sequence, tag, time, UUID) and
    /// payload bytes (the rest of the envelope).
    public internal(set) var logs: [LogRecord]

    public init(logs: [LogRecord]) {
        self.logs = logs
    }

    /// The chunk as JSON lines: one full envelope per line, each ending in `\n`
    /// (`application/x-ndjson`, ClickHouse's `JSONEachRow`).
    public var jsonLines: [UInt8] {
        var writer = JSONWriter(capacity: logs.reduce(0) { $0 + $1.payload.count + 128 })
        for log in logs {
            EnvelopeEncoder.appendEnvelope(of: log, to: &writer)
            writer.byte(0x0A)
        }
        return writer.bytes
    }
}
