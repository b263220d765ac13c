import Foundation
import LogCore
import LogCoreTools

/// One stored log as the query sees it: the store's framing (sequence number, time, tag,
/// UUID) and the stored body, the rest of the envelope as JSON bytes
/// (`{"schema":…,"common":{…},"violations":[…],"payload":{…}}`, see docs/Runtime.md).
///
/// The body is borrowed from the reader's buffer: use a `LogRecordView` only inside the
/// callback that hands it out, and copy what must outlive it.
public struct LogRecordView {
    /// The store-wide sequence number.
    public var sequence: UInt64
    /// When the log happened: microseconds since 1970 UTC.
    public var microseconds: Int64
    /// `category.event`.
    public var tag: String
    /// The id given when the log was posted.
    public var uuid: UUID
    /// The stored body (JSON bytes), borrowed.
    public var body: UnsafeBufferPointer<UInt8>

    public init(sequence: UInt64, microseconds: Int64, tag: String, uuid: UUID, body: UnsafeBufferPointer<UInt8>) {
        self.sequence = sequence
        self.microseconds = microseconds
        self.tag = tag
        self.uuid = uuid
        self.body = body
    }

    /// The category: the tag up to its first dot.
    public var category: Substring {
        tag.firstIndex(of: ".").map { tag[..<$0] } ?? tag[...]
    }

    /// A scanner over the body.
    package var scanner: JSONScanner { JSONScanner(body) }

    /// The range of the body member `key` (`payload`, `common`, `violations`, `schema`).
    public func member(_ key: EnvelopeKey) -> Range<Int>? {
        scanner.member(key.bytes, ofObjectAt: 0)
    }

    /// The body member `key`, decoded.
    public func decodedMember(_ key: EnvelopeKey) -> JSONValue? {
        member(key).flatMap { scanner.decode($0) }
    }

    /// The UUID as the runtime writes it: lowercase, with dashes.
    public var uuidText: String { UUIDText.string(uuid) }
}

/// The envelope keys kept in a stored log's body (the rest are in the store's framing).
public enum EnvelopeKey: String, CaseIterable, Sendable {
    case schema, common, violations, payload

    /// The key's UTF-8 bytes, for comparing against raw JSON keys.
    public var bytes: [UInt8] { Array(rawValue.utf8) }
}

extension LogRecordView {
    /// A copy that owns its body, for tests and for keeping logs past their callback.
    public struct Owned: Hashable, Sendable {
        public var sequence: UInt64
        public var microseconds: Int64
        public var tag: String
        public var uuid: UUID
        public var body: [UInt8]

        public init(sequence: UInt64, microseconds: Int64, tag: String, uuid: UUID, body: [UInt8]) {
            self.sequence = sequence
            self.microseconds = microseconds
            self.tag = tag
            self.uuid = uuid
            self.body = body
        }

        /// Lends the log as a ``LogRecordView``.
        public func withStoredLog<Result>(_ body: (LogRecordView) throws -> Result) rethrows -> Result {
            try self.body.withUnsafeBufferPointer { bytes in
                try body(LogRecordView(sequence: sequence, microseconds: microseconds, tag: tag, uuid: uuid, body: bytes))
            }
        }
    }

    /// A copy that owns its body.
    public var owned: Owned {
        Owned(sequence: sequence, microseconds: microseconds, tag: tag, uuid: uuid, body: Array(body))
    }
}
