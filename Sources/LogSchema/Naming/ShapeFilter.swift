/// A quick test that rules out nearly every name outside a small set, without hashing the
/// name: each name of the set is reduced to a shape (an `Int` such as its length and first
/// byte, ``byteShape(of:)``), and each shape to one bit of 128. A name whose shape's bit is
/// clear is surely not in the set; a set bit only says "look it up".
///
/// For the checks that run on every name of a schema where nearly every name is in no set
/// (reserved names, common fields): a `Set<String>` lookup hashes the whole name with
/// SipHash, this costs a multiply (and corpus-1000x50 has 225,000 field names to check).
package struct ShapeFilter: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// A filter that lets through every shape of `shapes` (and a few others).
    package init(shapes: some Sequence<Int>) {
        for shape in shapes {
            let (isHigh, mask) = Self.bit(of: shape)
            if isHigh { high |= mask } else { low |= mask }
        }
    }

    /// A filter of names by ``byteShape(of:)``.
    package init(names: some Sequence<String>) {
        self.init(shapes: names.map(Self.byteShape(of:)))
    }

    /// Whether `shape` may be one of the set's (`false` rules it out).
    package func mayContain(_ shape: Int) -> Bool {
        let (isHigh, mask) = Self.bit(of: shape)
        return (isHigh ? high : low) & mask != 0
    }

    /// Whether `name` may be one of the set's names, for a filter made with ``init(names:)``.
    ///
    /// A name with a byte above 0x7F always may: Swift compares strings by canonical
    /// equivalence, so `café` written precomposed (NFC) and decomposed (NFD) are the same name
    /// in the set behind the filter, with different lengths in bytes.
    package func mayContain(name: String) -> Bool {
        let shape = Self.byteShape(of: name)
        return mayContain(shape) || !name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// A name's length in UTF-8 bytes and its first byte.
    package static func byteShape(of name: String) -> Int {
        let utf8 = name.utf8
        return (utf8.count << 8) | Int(utf8.first ?? 0)
    }

    /// The shape's bit: the top seven bits of a Fibonacci hash, so that shapes that differ
    /// in any bit land apart.
    private static func bit(of shape: Int) -> (isHigh: Bool, mask: UInt64) {
        let index = (UInt64(truncatingIfNeeded: shape) &* 0x9E37_79B9_7F4A_7C15) >> 57
        return (index >= 64, 1 << (index & 63))
    }
}
