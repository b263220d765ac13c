/// When a `BufferedOutput` sends, and how it retries.
///
/// Validated when built: the initializer throws a `ConfigurationError` for a value out of
/// range (nothing is clamped), and the values cannot be changed afterwards.
///
/// ```swift
/// let buffering = try BufferedOutputConfiguration(chunkCount: 200, flushInterval: .seconds(30))
/// ```
public struct BufferedOutputConfiguration: Sendable {
    /// The most logs in one chunk; a chunk is sent as soon as this many are pending.
    public internal(set) var chunkCount: Int
    /// About the most bytes of stored payload in one chunk; a chunk is sent as soon as
    /// this many bytes are pending.
    public internal(set) var chunkBytes: Int
    /// How long a pending log may wait for its chunk to fill; then it is sent in a partial
    /// chunk. A backlog found at start-up is sent at once, chunk after chunk.
    public internal(set) var flushInterval: Duration
    /// How long one send may take before it counts as a retryable failure.
    public internal(set) var sendTimeout: Duration
    /// The wait after the first failed send; each further failure doubles it, up to
    /// `maximumRetryDelay`.
    public internal(set) var retryDelay: Duration
    /// The longest wait between two tries.
    public internal(set) var maximumRetryDelay: Duration
    /// The random part of each wait, from 0 (none) to 1 (anywhere from 0 to the wait), so
    /// that many devices that lost the network together do not retry together (0.5, "equal
    /// jitter", by default).
    public internal(set) var retryJitter: Double
    /// The longest a written log waits for its sync when no chunk is sent sooner (a chunk is
    /// synced just before it is sent). A sync bounds what a power loss or a kernel panic can
    /// take; an app that is killed loses nothing written. 5 seconds by default. A
    /// `BufferedOutput(history:…)` syncs on its history's `syncInterval` instead.
    public internal(set) var syncInterval: Duration

    /// - Parameters:
    ///   - chunkCount: The most logs in one chunk (500 by default; at least 1).
    ///   - chunkBytes: About the most payload bytes in one chunk (512 KiB by default; at least 1).
    ///   - flushInterval: How long a pending log waits for its chunk to fill (10 s by default; not negative).
    ///   - sendTimeout: How long one send may take (30 s by default; more than 0).
    ///   - retryDelay: The wait after the first failed send (1 s by default; more than 0).
    ///   - maximumRetryDelay: The longest wait between tries (5 minutes by default; at least `retryDelay`).
    ///   - retryJitter: The random fraction of each wait, 0...1 (0.5 by default).
    ///   - syncInterval: The longest a written log waits for its sync (5 s by default; not negative).
    /// - Throws: `ConfigurationError` naming the value out of range.
    public init(
        chunkCount: Int = 500, chunkBytes: Int = 512 * 1024, flushInterval: Duration = .seconds(10),
        sendTimeout: Duration = .seconds(30), retryDelay: Duration = .seconds(1), maximumRetryDelay: Duration = .seconds(300),
        retryJitter: Double = 0.5, syncInterval: Duration = .seconds(5)
    ) throws(ConfigurationError) {
        func invalid(_ message: String) -> ConfigurationError { ConfigurationError("BufferedOutputConfiguration: " + message) }
        guard chunkCount >= 1 else { throw invalid("chunkCount \(chunkCount) is below 1; a chunk holds at least one log") }
        guard chunkBytes >= 1 else { throw invalid("chunkBytes \(chunkBytes) is below 1; a chunk holds at least one byte") }
        guard flushInterval >= .zero else { throw invalid("flushInterval \(flushInterval) is negative; write .zero to send every log at once") }
        guard sendTimeout > .zero else { throw invalid("sendTimeout \(sendTimeout) must be more than zero") }
        guard retryDelay > .zero else { throw invalid("retryDelay \(retryDelay) must be more than zero") }
        guard maximumRetryDelay >= retryDelay else {
            throw invalid("maximumRetryDelay \(maximumRetryDelay) is below retryDelay \(retryDelay); the longest wait is at least the first")
        }
        guard retryJitter.isFinite, (0...1).contains(retryJitter) else {
            throw invalid("retryJitter \(retryJitter) is outside 0...1; write the random fraction of each wait (0.5 by default)")
        }
        guard syncInterval >= .zero else { throw invalid("syncInterval \(syncInterval) is negative") }
        self.chunkCount = chunkCount
        self.chunkBytes = chunkBytes
        self.flushInterval = flushInterval
        self.sendTimeout = sendTimeout
        self.retryDelay = retryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.retryJitter = retryJitter
        self.syncInterval = syncInterval
    }

    /// The defaults.
    public static var standard: BufferedOutputConfiguration {
        // The defaults are in range, so this cannot throw.
        try! BufferedOutputConfiguration()
    }

    /// The waits between retries.
    var backoff: Backoff {
        Backoff(initial: retryDelay.seconds, maximum: maximumRetryDelay.seconds, jitter: retryJitter)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double` (for timers and arithmetic inside the runtime).
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// What a `BufferedOutput` did since it started: a snapshot.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class BufferedOutputStatistics: Sendable, Equatable {
    /// Logs the backend accepted.
    public let sentLogs: Int
    /// Chunks the backend accepted.
    public let sentChunks: Int
    /// Send attempts that failed and will be retried (timeouts included).
    public let retryableFailures: Int
    /// Chunks the backend rejected for good; their logs were set aside.
    public let rejectedChunks: Int
    /// Logs set aside after a permanent failure.
    public let rejectedLogs: Int
    /// Logs in the output's store waiting to be sent.
    public let unsentLogs: Int
    /// Logs the store refused (a full disk, protected data unavailable), held in memory to be
    /// appended when it takes writes again.
    public let heldLogs: Int
    /// Logs the store refused that did not fit in memory: lost to this output, counted exactly.
    public let lostLogs: Int
    /// Unsent logs the store's caps (`maximumTotalBytes`, `maximumAge`) dropped: lost to the
    /// backend. Kept in the store across runs (`logview stats` shows it as dropped), from its
    /// creation — for a history, from the first time a buffered output used it — until
    /// `eraseAllData()`. Counted past the store's cursor `sent`, which trails the sends by at
    /// most half a second: a log sent in that half second before a cap dropped it counts too.
    public let droppedByCaps: Int
    /// Appends and syncs of the output's store that failed (the error is printed once per
    /// failing period and kept in `lastError`).
    public let storeErrors: Int
    /// Logs deleted unsent because the user denied consent (`LogConsent.denied`), with any log
    /// written to the output under it.
    public let deletedForConsent: Int
    /// The last error, for a debug screen.
    public let lastError: String?

    init(
        sentLogs: Int, sentChunks: Int, retryableFailures: Int, rejectedChunks: Int, rejectedLogs: Int, unsentLogs: Int,
        heldLogs: Int, lostLogs: Int, droppedByCaps: Int, storeErrors: Int, deletedForConsent: Int, lastError: String?
    ) {
        self.sentLogs = sentLogs
        self.sentChunks = sentChunks
        self.retryableFailures = retryableFailures
        self.rejectedChunks = rejectedChunks
        self.rejectedLogs = rejectedLogs
        self.unsentLogs = unsentLogs
        self.heldLogs = heldLogs
        self.lostLogs = lostLogs
        self.droppedByCaps = droppedByCaps
        self.storeErrors = storeErrors
        self.deletedForConsent = deletedForConsent
        self.lastError = lastError
    }

    public static func == (lhs: BufferedOutputStatistics, rhs: BufferedOutputStatistics) -> Bool {
        lhs.sentLogs == rhs.sentLogs && lhs.sentChunks == rhs.sentChunks && lhs.retryableFailures == rhs.retryableFailures
            && lhs.rejectedChunks == rhs.rejectedChunks && lhs.rejectedLogs == rhs.rejectedLogs && lhs.unsentLogs == rhs.unsentLogs
            && lhs.heldLogs == rhs.heldLogs && lhs.lostLogs == rhs.lostLogs && lhs.droppedByCaps == rhs.droppedByCaps
            && lhs.storeErrors == rhs.storeErrors && lhs.deletedForConsent == rhs.deletedForConsent && lhs.lastError == rhs.lastError
    }
}
