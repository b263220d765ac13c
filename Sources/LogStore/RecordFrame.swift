import Foundation

/// The on-disk framing of one record (all integers little-endian):
///
/// ```
/// offset  size  field
///      0     4  CRC-32C of bytes 4 ..< 8 + bodyLength (the length field and the body)
///      4     4  bodyLength
///      8     8  sequence number
///     16     8  timestamp, microseconds since 1970 (signed)
///     24    16  UUID
///     40     2  tag length T
///     42     T  tag, UTF-8
///   42+T     …  payload (the rest of the body)
/// ```
enum RecordFrame {
    static let prefixBytes = 8
    static let fixedBodyBytes = 34
    static let minimumBodyBytes = fixedBodyBytes + 1  // a tag is never empty
    static var maximumBodyBytes: Int { LogStoreLimits.maximumRecordBytes - prefixBytes }

    /// The whole frame size of a record with this tag and payload size.
    static func frameBytes(tagBytes: Int, payloadBytes: Int) -> Int {
        prefixBytes + fixedBodyBytes + tagBytes + payloadBytes
    }

    /// Writes one frame at `destination`, which has room for `frameBytes(…)` bytes.
    static func encode(
        into destination: UnsafeMutableRawPointer, sequence: UInt64, timestamp: LogTimestamp,
        uuid: UUID, tag: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer
    ) {
        let bodyLength = fixedBodyBytes + tag.count + payload.count
        destination.storeBytes(of: UInt32(bodyLength).littleEndian, toByteOffset: 4, as: UInt32.self)
        destination.storeBytes(of: sequence.littleEndian, toByteOffset: 8, as: UInt64.self)
        destination.storeBytes(of: timestamp.microsecondsSince1970.littleEndian, toByteOffset: 16, as: Int64.self)
        withUnsafeBytes(of: uuid.uuid) { (destination + 24).copyMemory(from: $0.baseAddress!, byteCount: 16) }
        destination.storeBytes(of: UInt16(tag.count).littleEndian, toByteOffset: 40, as: UInt16.self)
        if let base = tag.baseAddress { (destination + 42).copyMemory(from: base, byteCount: tag.count) }
        if let base = payload.baseAddress { (destination + 42 + tag.count).copyMemory(from: base, byteCount: payload.count) }
        let crc = CRC32C.checksum(UnsafeRawBufferPointer(start: destination + 4, count: 4 + bodyLength))
        destination.storeBytes(of: crc.littleEndian, toByteOffset: 0, as: UInt32.self)
    }

    /// What is at the start of `bytes`.
    enum Parse {
        /// A complete frame with a good checksum.
        case valid(FrameHeader)
        /// The frame is plausible but runs past the end of `bytes` (maybe still being written).
        case incomplete(frameBytes: Int)
        /// Not a record: zero fill, a bad length, a bad checksum or a malformed tag.
        case invalid
    }

    /// Parses the frame at the start of `bytes`; `afterSequence` rejects frames that do not
    /// continue the sequence (used when searching for the next record after damage).
    /// `checksum: false` skips the CRC: `.valid` then only means the framing is plausible
    /// (used to pass over frames a scan does not want; see ``SegmentScanner/next(wanting:)``).
    static func parse(_ bytes: UnsafeRawBufferPointer, afterSequence: UInt64? = nil, checksum: Bool = true) -> Parse {
        guard bytes.count >= prefixBytes else { return .incomplete(frameBytes: prefixBytes) }
        let bodyLength = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        guard bodyLength >= minimumBodyBytes, bodyLength <= maximumBodyBytes else { return .invalid }
        let frameBytes = prefixBytes + bodyLength
        if bytes.count >= 42 {
            let tagLength = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 40, as: UInt16.self)))
            guard tagLength >= 1, tagLength <= LogStoreLimits.maximumTagBytes, fixedBodyBytes + tagLength <= bodyLength else { return .invalid }
        }
        if let afterSequence, bytes.count >= 16 {
            let sequence = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            guard sequence > afterSequence, sequence - afterSequence <= SegmentScanner.maximumSequenceGap else { return .invalid }
        }
        guard bytes.count >= frameBytes else { return .incomplete(frameBytes: frameBytes) }
        if checksum {
            let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let computed = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[4..<frameBytes]))
            guard stored == computed else { return .invalid }
        }
        let tagLength = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 40, as: UInt16.self)))
        return .valid(
            FrameHeader(
                sequence: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                timestamp: LogTimestamp(microsecondsSince1970: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: Int64.self))),
                tagLength: tagLength,
                frameBytes: frameBytes))
    }

    /// The tag of a valid frame (invalid UTF-8 is repaired, never trusted).
    static func tag(_ bytes: UnsafeRawBufferPointer, header: FrameHeader) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[42..<42 + header.tagLength]), as: UTF8.self)
    }
}

/// The fields of a valid frame that scans need without decoding the record.
struct FrameHeader: Equatable {
    var sequence: UInt64
    var timestamp: LogTimestamp
    var tagLength: Int
    var frameBytes: Int
}
