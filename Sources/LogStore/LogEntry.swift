import Foundation

/// A log to append: what the writer stores, before it has a sequence number.
///
/// `Equatable`, not `Hashable`: nothing hashes an entry, and every app linked the hashing code (issue 26).
public struct LogEntry: Equatable, Sendable {
    /// `category.event`, kept outside the payload so that queries filter without decoding.
    public var tag: String
    /// When the log happened.
    public var timestamp: LogTimestamp
    /// A unique id, for de-duplication downstream (delivery is at-least-once).
    public var uuid: UUID
    /// The encoded log; the store never looks inside.
    public var payload: [UInt8]

    /// An entry to append.
    public init(tag: String, timestamp: LogTimestamp, uuid: UUID = UUID(), payload: [UInt8]) {
        self.tag = tag
        self.timestamp = timestamp
        self.uuid = uuid
        self.payload = payload
    }
}
