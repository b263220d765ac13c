import Foundation

/// A record lent by ``LogStoreReader/scan(after:limit:matching:_:)``: the framing fields, and
/// the tag and payload as bytes in the reader's buffer. Its checksum has been verified.
///
/// It is valid only inside the scan's body: the bytes are overwritten by the next record.
/// Copy what must outlive the call (``record`` copies everything).
public struct BorrowedLogRecord {
    /// The store-wide sequence number.
    public let sequence: UInt64
    /// When the log happened.
    public let timestamp: LogTimestamp
    /// `category.event`, shared by every record with the same tag bytes (no copy per record).
    public let tag: String
    /// The tag's UTF-8 bytes, borrowed.
    public let tagBytes: UnsafeRawBufferPointer
    /// The payload, byte for byte as appended, borrowed.
    public let payload: UnsafeRawBufferPointer
    private let uuidBytes: UnsafeRawBufferPointer

    /// The record in a valid frame (see ``RecordFrame``); `tag` is the interned tag string.
    init(frame: UnsafeRawBufferPointer, header: FrameHeader, tag: String) {
        sequence = header.sequence
        timestamp = header.timestamp
        self.tag = tag
        tagBytes = UnsafeRawBufferPointer(rebasing: frame[42..<42 + header.tagLength])
        payload = UnsafeRawBufferPointer(rebasing: frame[(42 + header.tagLength)..<header.frameBytes])
        uuidBytes = UnsafeRawBufferPointer(rebasing: frame[24..<40])
    }

    /// The id given at append time.
    public var uuid: UUID {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: uuidBytes) }
        return UUID(uuid: uuid)
    }

    /// A copy that owns its bytes. Always inlined in this module, so that a scan's body that
    /// copies each record (the store's `read`) gets the payload's copy specialized,
    /// not a call per record.
    public var record: LogRecord {
        @inline(__always) get {
            LogRecord(sequence: sequence, tag: tag, timestamp: timestamp, uuid: uuid, payload: Array(payload))
        }
    }
}

/// What a scan's body asks for next.
///
/// A struct with the two decisions as static properties, not an enum: an enum's value witnesses
/// and `Hashable` conformance were in every app (issue 26).
public struct LogScanDecision: Sendable {
    /// 1 when the scan stops after this record: a byte, not a `Bool`, since a type of a `Bool`'s
    /// layout needs value witnesses of its own and a byte's are the standard library's.
    @usableFromInline let code: UInt8
    @usableFromInline init(code: UInt8) { self.code = code }

    /// Hand out the next matching record.
    @_alwaysEmitIntoClient public static var `continue`: LogScanDecision { LogScanDecision(code: 0) }
    /// Stop after this record; the next scan after its sequence number continues from here.
    @_alwaysEmitIntoClient public static var stop: LogScanDecision { LogScanDecision(code: 1) }
}
