import Foundation

/// A stored log, as a reader returns it.
///
/// `Equatable`, not `Hashable`, and read-only for apps, as the store's other reports: nothing
/// hashes or changes a record, and every app linked that code (issue 26).
public struct LogRecord: Equatable, Sendable {
    /// The store-wide sequence number: increasing, never reused (gaps are possible after a failed write).
    public internal(set) var sequence: UInt64
    /// `category.event`.
    public internal(set) var tag: String
    /// When the log happened.
    public internal(set) var timestamp: LogTimestamp
    /// The id given at append time.
    public internal(set) var uuid: UUID
    /// The encoded log, byte for byte as appended.
    public internal(set) var payload: [UInt8]

    /// A record; readers build these, tests compare against them.
    public init(sequence: UInt64, tag: String, timestamp: LogTimestamp, uuid: UUID, payload: [UInt8]) {
        self.sequence = sequence
        self.tag = tag
        self.timestamp = timestamp
        self.uuid = uuid
        self.payload = payload
    }

    /// The record without its sequence number. (Emitted into its callers: the runtime does not
    /// use it, and every function of LogStore is in every app; issue 26.)
    @_alwaysEmitIntoClient
    public var entry: LogEntry {
        LogEntry(tag: tag, timestamp: timestamp, uuid: uuid, payload: payload)
    }
}
