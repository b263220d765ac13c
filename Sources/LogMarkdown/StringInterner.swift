import LogCore
import LogSchema

/// Hands out one shared instance of equal strings: field names and descriptions repeat
/// across events (one name, one meaning), and sharing them keeps a large schema small.
///
/// Strings are looked up by their bytes, so that a name or description seen before
/// costs a hash and a comparison, and no `String` is built (nor allocated and freed)
/// for it: most descriptions of a large folder are repeats. A struct, passed `inout`,
/// so that its arrays are accessed without the runtime exclusivity checks that a class's
/// stored properties get (a fifth of its time when it was one).
struct StringInterner {
    /// The interned strings, and the digest of each one's bytes.
    private var strings: [String] = []
    private var digests: [UInt64] = []
    /// An open-addressing table (linear probing, a power of two long, at most half full):
    /// each slot holds an index into `strings` plus one, or 0 when empty.
    private var slots: [Int32] = []

    /// The shared string with these UTF-8 bytes.
    mutating func intern(_ bytes: ArraySlice<UInt8>) -> String {
        // Small strings are stored inline anyway.
        if bytes.count <= 15 { return String(decoding: bytes, as: UTF8.self) }
        return bytes.withUnsafeBytes { intern($0) }
    }

    /// The shared string equal to `string`.
    mutating func intern(_ string: String) -> String {
        if string.utf8.count <= 15 { return string }
        var string = string
        return string.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    private mutating func intern(_ bytes: UnsafeRawBufferPointer) -> String {
        if slots.isEmpty { slots = [Int32](repeating: 0, count: 256) }
        let digest = ContentDigest(of: bytes).value
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if digests[index] == digest && Self.hasBytes(strings[index], bytes) { return strings[index] }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: bytes, as: UTF8.self)
        strings.append(string)
        digests.append(digest)
        slots[slot] = Int32(strings.count)
        if strings.count * 2 > slots.count { grow() }
        return string
    }

    /// Whether a string's UTF-8 is `bytes`: `memcmp` over contiguous storage, where
    /// comparing with `String.UTF8View` would walk its indices one at a time.
    private static func hasBytes(_ string: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { stored in
            guard stored.count == bytes.count else { return false }
            guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
            return System.bytesEqual(left, right, count: bytes.count)
        } ?? string.utf8.elementsEqual(bytes)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, digest) in digests.enumerated() {
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
