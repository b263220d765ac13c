import LogStore

/// The store a `BufferedOutput` keeps its logs in until the backend has them: the seam
/// between the sending state machine and `LogStore` (`LogStoreOutbox`).
///
/// Appends come from the logger's writer; reads, acknowledgements and setting aside come
/// from the output's sender. Implementations are safe to call from both at once.
protocol OutboxStorage: AnyObject, Sendable {
    /// Opens the store (creates, recovers, reads the cursor), on the sender's thread before it
    /// does anything else; an implementation made open does nothing.
    func open() throws
    /// Appends logs (one write for the batch); on a failure, says how many of them — a
    /// prefix — were kept all the same.
    @discardableResult
    func append(_ logs: [EncodedLog]) throws(LogStoreAppendFailure) -> ClosedRange<UInt64>?
    /// Makes the appended logs durable (a sync) now: before a chunk is sent, on flush, on
    /// shutdown. Otherwise the storage syncs on its own schedule, at most once per interval.
    func makeDurable() throws
    /// Sets what to call when a sync the storage made on its own schedule failed.
    func onSyncFailure(_ handler: @escaping @Sendable (any Error) -> Void)
    /// The logs stored after the acknowledged ones and durable, oldest first: at most
    /// `maxCount` logs and about `maxBytes` bytes of body (at least one log).
    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [LogRecord]
    /// Marks every log up to `sequence` as sent (before anything is deleted).
    func acknowledge(through sequence: UInt64) throws
    /// Keeps rejected logs aside (so that they can be inspected), out of the send queue.
    func setAside(_ logs: [LogRecord], reason: String) throws
    /// How many durable logs wait to be sent.
    var unsentCount: Int { get }
    /// How many logs wait to be sent, durable or not yet.
    var pendingCount: Int { get }
    /// At least ``pendingCount``, read in constant time (sequence numbers, which a failed write
    /// can leave gaps in): what `write` decides whether to wake the sender by.
    var pendingUpperBound: Int { get }
    /// Whether nothing is pending: every log appended is durable and acknowledged.
    var isDrained: Bool { get }
    /// How many logs were set aside, ever.
    var setAsideCount: Int { get }
    /// How many unsent logs the store's caps dropped (kept in the store, across runs).
    var droppedByCaps: Int { get }
    /// Makes everything durable and closes.
    func close() throws
    /// Deletes every log — sent, unsent and set aside — and the cursor, durably (issue 17);
    /// appending goes on in an empty store.
    /// - Returns: How many of the deleted logs had not been sent.
    func eraseAll() throws -> Int
    /// Deletes what waits to be sent and what was set aside (consent denied, issue 17); the
    /// store's sent logs may stay. Appending goes on.
    /// - Returns: How many unsent logs went.
    func dropUnsent() throws -> Int
}

extension OutboxStorage {
    func open() throws {}

    /// Storage that syncs only when asked has no failures of its own to report.
    func onSyncFailure(_ handler: @escaping @Sendable (any Error) -> Void) {}

    var droppedByCaps: Int { 0 }

    /// A store of the output's own: everything goes.
    func dropUnsent() throws -> Int { try eraseAll() }
}
