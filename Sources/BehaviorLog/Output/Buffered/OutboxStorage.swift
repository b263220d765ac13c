import LogStore

/// The store a `BufferedOutput` keeps its logs in until the backend has them: the seam
/// between the sending state machine and `LogStore` (`LogStoreOutbox`).
///
/// Appends come from the logger's writer; reads, acknowledgements and setting aside come
/// from the output's sender. Implementations are safe to call from both at once.
protocol OutboxStorage: AnyObject, Sendable {
    /// Appends logs (one write for the batch).
    func append(_ logs: [EncodedLog]) throws
    /// Makes the appended logs durable (`fsync`) now.
    func makeDurable() throws
    /// Asks for the appended logs to be made durable soon, without waiting (by default, now).
    func makeDurableSoon() throws
    /// Whether the storage calls the ``onGroupCommit(_:)`` handler after the logs appended
    /// become durable (then an append need not wake the sender: there is nothing new to send
    /// until that call).
    var reportsGroupCommits: Bool { get }
    /// Sets what to call after each group commit made on the storage's own (the sender is
    /// woken, a failure is counted).
    func onGroupCommit(_ handler: @escaping @Sendable ((any Error)?) -> Void)
    /// The logs stored after the acknowledged ones and durable, oldest first: at most
    /// `maxCount` logs and about `maxBytes` bytes of body (at least one log).
    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [LogRecord]
    /// Marks every log up to `sequence` as sent (durably, before anything is deleted).
    func acknowledge(through sequence: UInt64) throws
    /// Keeps rejected logs aside (so that they can be inspected), out of the send queue.
    func setAside(_ logs: [LogRecord], reason: String) throws
    /// How many durable logs wait to be sent.
    var unsentCount: Int { get }
    /// Whether nothing is pending: every log appended is durable and acknowledged (none
    /// waits for a group commit or for the backend).
    var isDrained: Bool { get }
    /// How many logs were set aside, ever.
    var setAsideCount: Int { get }
    /// Makes everything durable and closes.
    func close() throws
    /// Deletes every log — sent, unsent and set aside — and the cursor, durably (issue 17);
    /// appending goes on in an empty store.
    /// - Returns: How many of the deleted logs had not been sent.
    func eraseAll() throws -> Int
}

extension OutboxStorage {
    var reportsGroupCommits: Bool { false }
    func makeDurableSoon() throws { try makeDurable() }

    /// Storage that syncs only when asked (``makeDurable()``) has no group commits to report.
    func onGroupCommit(_ handler: @escaping @Sendable ((any Error)?) -> Void) {}
}
