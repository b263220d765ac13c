import LogCore

/// A fast 64-bit digest of bytes, for recognising content seen before (a definition
/// document `loggen generate --cache` already turned into Swift). Not cryptographic, and
/// not the schema hash (``SchemaFingerprint``'s FNV-1a, which generated code carries):
/// eight bytes a step, a multiply and a shift, so a 50,000-event folder (23 MB) costs a
/// few milliseconds. Stable across runs, platforms and Swift versions.
package struct ContentDigest: Hashable, Sendable {
    package private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    package init() {}

    /// The digest of `bytes`.
    package init(of bytes: UnsafeRawBufferPointer) {
        combine(bytes)
    }

    /// Mixes `bytes` (and their count, so that concatenations stay apart) into the digest.
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value ^ (UInt64(bytes.count) &* Self.multiplier)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* Self.multiplier
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* Self.multiplier
        // The final mix of MurmurHash3, so that every input bit reaches every output bit.
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        value = hash
    }

    /// Mixes the UTF-8 bytes of `text` into the digest.
    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Mixes another digest into this one.
    package mutating func combine(_ other: ContentDigest) {
        withUnsafeBytes(of: other.value.littleEndian) { combine($0) }
    }

    /// Sixteen lowercase hex digits.
    package var hex: String {
        Hex.string(value)
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
}
