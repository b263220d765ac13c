/// The 32 bytes at the start of every segment file:
///
/// ```
/// offset  size  field
///      0     8  magic "BLOGSEG1"
///      8     8  base sequence: every record in the segment has a sequence ≥ this
///     16     8  segment number (the same as in the file name)
///     24     4  reserved, zero
///     28     4  CRC-32C of bytes 0 ..< 28
/// ```
struct SegmentHeader: Equatable {
    static let byteCount = 32
    static let magic: [UInt8] = Array("BLOGSEG1".utf8)

    var baseSequence: UInt64
    var segmentNumber: UInt64

    func encoded() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: SegmentHeader.byteCount)
        bytes.withUnsafeMutableBytes { raw in
            SegmentHeader.magic.withUnsafeBytes { raw.copyMemory(from: $0) }
            raw.storeBytes(of: baseSequence.littleEndian, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: segmentNumber.littleEndian, toByteOffset: 16, as: UInt64.self)
            let crc = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<28]))
            raw.storeBytes(of: crc.littleEndian, toByteOffset: 28, as: UInt32.self)
        }
        return bytes
    }

    /// The header at the start of `bytes`, or `nil` if it is short or damaged.
    init?(decoding bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= SegmentHeader.byteCount,
            SegmentHeader.magic.isPrefix(of: bytes),
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
                == CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<28]))
        else { return nil }
        baseSequence = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        segmentNumber = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
    }

    init(baseSequence: UInt64, segmentNumber: UInt64) {
        self.baseSequence = baseSequence
        self.segmentNumber = segmentNumber
    }
}
