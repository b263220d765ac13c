/// Hexadecimal text: lowercase when written, either case when read.
public enum Hex {
    /// The lowercase digit of a value from 0 to 15.
    @_alwaysEmitIntoClient @inline(__always)
    public static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 &+ nibble : 0x57 &+ nibble  // "0"… and "a" - 10
    }

    /// The value of a hexadecimal digit, either case; `nil` for any other byte.
    @_alwaysEmitIntoClient @inline(__always)
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Appends two digits per byte.
    @_alwaysEmitIntoClient
    public static func append(_ bytes: some Sequence<UInt8>, to text: inout [UInt8]) {
        for byte in bytes {
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0x0F))
        }
    }

    /// Two digits per byte, as a string.
    @_alwaysEmitIntoClient
    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        append(bytes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` as exactly 16 digits (zeros in front).
    @_alwaysEmitIntoClient
    public static func string(_ value: UInt64) -> String {
        var text = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 { text[index] = digit(UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0x0F) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The lowercase text of four bytes, as eight digit bytes in memory order (eight digits
    /// at once: no branch and no table).
    @_alwaysEmitIntoClient @inline(__always)
    public static func eightDigits(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt64 {
        // One byte a 16-bit lane, then its high nibble in the lane's first byte and its low
        // nibble in the second (little-endian memory order).
        let lanes = UInt64(a) | UInt64(b) << 16 | UInt64(c) << 32 | UInt64(d) << 48
        let nibbles = (lanes >> 4) & 0x000F_000F_000F_000F | (lanes & 0x000F_000F_000F_000F) << 8
        // Per byte: "0" + nibble, and 39 more ("a" - "0" - 10) for 10...15 (nibble + 6 > 15).
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27).littleEndian
    }
}
