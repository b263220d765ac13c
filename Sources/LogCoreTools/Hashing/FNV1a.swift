/// FNV-1a, the project's one non-cryptographic hash: the schema's fingerprint (`fnv1a64:…`,
/// which generated code carries), the warehouse column table, the stress tool's digests
/// (64 bits) and logview's category colours (32 bits).
///
/// Fed a piece at a time; `value` is the hash of everything fed so far. The known vectors
/// (`""`, `"a"`, `"foobar"`) are pinned in `LogCoreTests/FormatGoldenTests`.
public struct FNV1a64: Sendable {
    /// The offset basis, the hash of no bytes.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    public var value: UInt64 = FNV1a64.offsetBasis

    public init() {}

    @inlinable
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* FNV1a64.prime
    }

    @inlinable
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* FNV1a64.prime }
        value = hash
    }

    /// Adds the UTF-8 bytes of `text`.
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a64()
        hasher.add(bytes)
        return hasher.value
    }
}

/// 32-bit FNV-1a (logview's category colours: the same name has the same colour in every run).
public struct FNV1a32: Sendable {
    public static let offsetBasis: UInt32 = 2_166_136_261
    public static let prime: UInt32 = 16_777_619

    public var value: UInt32 = FNV1a32.offsetBasis

    public init() {}

    @inlinable
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* FNV1a32.prime }
        value = hash
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hasher = FNV1a32()
        hasher.add(bytes)
        return hasher.value
    }
}
