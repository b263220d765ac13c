/// When a `BufferedOutput` sends, and how it retries.
public struct BufferedOutputConfiguration: Sendable {
    /// The most logs in one chunk; a chunk is sent as soon as this many are pending.
    public var chunkCount: Int
    /// About the most bytes of stored payload in one chunk; a chunk is sent as soon as
    /// this many bytes are pending.
    public var chunkBytes: Int
    /// How long a pending log may wait for its chunk to fill, in seconds; then it is sent
    /// in a partial chunk. A backlog found at start-up is sent at once, chunk after chunk.
    public var flushInterval: Double
    /// How long one send may take before it counts as a retryable failure, in seconds.
    public var sendTimeout: Double
    /// The waits between retries.
    public var backoff: Backoff
    /// The longest a written log waits for its sync when no chunk is sent sooner (a chunk is
    /// synced just before it is sent). A sync bounds what a power loss or a kernel panic can
    /// take; an app that is killed loses nothing written. 5 seconds by default.
    public var syncInterval: Duration

    public init(
        chunkCount: Int = 500, chunkBytes: Int = 512 * 1024, flushInterval: Double = 10,
        sendTimeout: Double = 30, backoff: Backoff = Backoff(), syncInterval: Duration = .seconds(5)
    ) {
        self.chunkCount = max(1, chunkCount)
        self.chunkBytes = max(1, chunkBytes)
        self.flushInterval = flushInterval
        self.sendTimeout = sendTimeout
        self.backoff = backoff
        self.syncInterval = syncInterval
    }
}

/// What a `BufferedOutput` did since it started.
public struct BufferedOutputStatistics: Sendable, Equatable {
    /// Logs the backend accepted.
    public var sentLogs: Int = 0
    /// Chunks the backend accepted.
    public var sentChunks: Int = 0
    /// Send attempts that failed and will be retried (timeouts included).
    public var retryableFailures: Int = 0
    /// Chunks the backend rejected for good; their logs were set aside.
    public var rejectedChunks: Int = 0
    /// Logs set aside after a permanent failure.
    public var rejectedLogs: Int = 0
    /// Durable logs waiting to be sent.
    public var unsentLogs: Int = 0
    /// Appends or syncs to the output's store that failed (the logs of a failed append are
    /// lost to this output; the error is printed once and kept in `lastError`).
    public var storeErrors: Int = 0
    /// The last error, for a debug screen.
    public var lastError: String?
}
