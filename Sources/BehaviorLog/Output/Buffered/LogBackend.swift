import Foundation

/// Where a `BufferedOutput` ships logs: a collector over HTTP, a message queue, a test
/// double. The output calls `send` with one chunk at a time and never concurrently.
public protocol LogBackend: Sendable {
    /// Sends a chunk and says what became of it. Do not retry here: the output retries
    /// retryable failures with backoff, and a send that outlives the output's timeout
    /// counts as a retryable failure (the chunk is sent again, with the same UUIDs).
    func send(_ chunk: LogChunk) async -> LogDeliveryResult
}

/// What became of a chunk.
public enum LogDeliveryResult: Sendable, Equatable {
    /// The backend has the logs; they are removed from the output's store.
    case accepted
    /// A failure that may pass (no network, a timeout, HTTP 5xx, 408, 429): the chunk is
    /// sent again after a backoff.
    case retryableFailure(String)
    /// A failure that will not pass (HTTP 4xx: the backend rejects these logs): the chunk
    /// is moved aside, counted, and not sent again.
    case permanentFailure(String)

    /// The usual reading of an HTTP status: 2xx accepted; 408, 429 and 5xx retryable;
    /// other statuses permanent.
    public static func httpStatus(_ status: Int) -> LogDeliveryResult {
        switch status {
        case 200..<300: .accepted
        case 408, 429, 500..<600: .retryableFailure("HTTP \(status)")
        default: .permanentFailure("HTTP \(status)")
        }
    }
}

/// One stored log as a backend receives it.
public struct StoredLog: Sendable, Equatable {
    /// The sequence number in the output's store.
    public var sequence: UInt64
    public var uuid: UUID
    public var time: Date
    public var tag: String
    /// The stored payload bytes (the envelope without `uuid`, `seq`, `time` and `tag`).
    public var body: [UInt8]

    public init(sequence: UInt64, uuid: UUID, time: Date, tag: String, body: [UInt8]) {
        self.sequence = sequence
        self.uuid = uuid
        self.time = time
        self.tag = tag
        self.body = body
    }

    /// The full envelope as one JSON object (see `EnvelopeEncoder`).
    public var envelope: [UInt8] {
        EnvelopeEncoder.envelope(uuid: uuid, sequence: sequence, time: time, tag: tag, body: body)
    }
}

/// A chunk of logs to send, in sequence order.
public struct LogChunk: Sendable {
    public var logs: [StoredLog]

    public init(logs: [StoredLog]) {
        self.logs = logs
    }

    /// The chunk as JSON lines: one full envelope per line, each ending in `\n`
    /// (`application/x-ndjson`, ClickHouse's `JSONEachRow`).
    public var jsonLines: [UInt8] {
        var writer = JSONWriter(capacity: logs.reduce(0) { $0 + $1.body.count + 128 })
        for log in logs {
            EnvelopeEncoder.appendEnvelope(uuid: log.uuid, sequence: log.sequence, time: log.time, tag: log.tag, body: log.body, to: &writer)
            writer.byte(0x0A)
        }
        return writer.bytes
    }
}
