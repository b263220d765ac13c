import Foundation
import LogStore

/// Writes bytes into room an ``OutputBuffer`` has set aside (``OutputBuffer/withRoom(_:_:)``),
/// with no check per write: the room asked for must hold everything written.
public struct OutputWriter {
    /// Where the next byte goes.
    public private(set) var position: UnsafeMutablePointer<UInt8>

    init(_ position: UnsafeMutablePointer<UInt8>) {
        self.position = position
    }

    @inline(__always)
    public mutating func write(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always)
    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        position.update(from: base, count: bytes.count)
        position += bytes.count
    }

    /// Writes ASCII text known at compile time.
    @inline(__always)
    public mutating func write(_ text: StaticString) {
        position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        position += text.utf8CodeUnitCount
    }

    /// Writes a whole number in decimal (at most 20 bytes).
    public mutating func writeDecimal(_ value: Int64) {
        if value < 0 {
            write(UInt8(ascii: "-"))
            writeDecimal(UInt64(value.magnitude))
        } else {
            writeDecimal(UInt64(value))
        }
    }

    /// Writes a whole number in decimal (at most 20 bytes).
    public mutating func writeDecimal(_ value: UInt64) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        rest = value
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            position[offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        position += digits
    }

    /// Writes a whole number padded with zeros to exactly `width` digits (higher ones dropped).
    @inline(__always)
    public mutating func writePadded(_ value: Int, width: Int) {
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            position[offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        position += width
    }

    /// Writes a UUID as the runtime does: lowercase hexadecimal with dashes (36 bytes).
    public mutating func writeUUID(_ uuid: UUID) {
        let bytes = uuid.uuid
        let raw = UnsafeMutableRawPointer(position)
        let first = Self.hex(bytes.0, bytes.1, bytes.2, bytes.3)
        let second = Self.hex(bytes.4, bytes.5, bytes.6, bytes.7)
        let third = Self.hex(bytes.8, bytes.9, bytes.10, bytes.11)
        let fourth = Self.hex(bytes.12, bytes.13, bytes.14, bytes.15)
        // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
        raw.storeBytes(of: first, toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 8, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: second), toByteOffset: 9, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 13, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32), toByteOffset: 14, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 18, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: third), toByteOffset: 19, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 23, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32), toByteOffset: 24, as: UInt32.self)
        raw.storeBytes(of: fourth, toByteOffset: 28, as: UInt64.self)
        position += 36
    }

    /// The lowercase hexadecimal text of four bytes, as eight bytes in memory order (eight
    /// digits at once: no branch and no table).
    @inline(__always)
    private static func hex(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt64 {
        // One byte a 16-bit lane, then its high nibble in the lane's first byte and its low
        // nibble in the second (little-endian memory order).
        let lanes = UInt64(a) | UInt64(b) << 16 | UInt64(c) << 32 | UInt64(d) << 48
        let nibbles = (lanes >> 4) & 0x000F_000F_000F_000F | (lanes & 0x000F_000F_000F_000F) << 8
        // Per byte: "0" + nibble, and 39 more ("a" - "0" - 10) for 10...15 (nibble + 6 > 15).
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27).littleEndian
    }

    /// Writes UTF-8 bytes as a JSON string, quotes included, escaping what JSON requires
    /// (at most `6 × count + 2` bytes).
    public mutating func writeJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        write(UInt8(ascii: "\""))
        if !Self.needsEscaping(text) {
            // The usual case (a tag, a plain word): copied whole.
            write(text)
            write(UInt8(ascii: "\""))
            return
        }
        for byte in text {
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                write(byte)
                continue
            }
            write(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): write(byte)
            case 0x0A: write(UInt8(ascii: "n"))
            case 0x0D: write(UInt8(ascii: "r"))
            case 0x09: write(UInt8(ascii: "t"))
            default:
                write("u00")
                write(Self.hexDigit(byte >> 4))
                write(Self.hexDigit(byte & 0xF))
            }
        }
        write(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        let digits: StaticString = "0123456789abcdef"
        return digits.utf8Start[Int(nibble & 0x0F)]
    }

    /// Whether any byte is a quote, a backslash or a control character; eight at a time.
    @inline(__always)
    private static func needsEscaping(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        var offset = 0
        while offset + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A zero byte in `quote` or `backslash`, or a byte below 0x20 in `word` (the lowest
            // flagged byte is exact; one flagged byte is all that is asked).
            if ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & (ones &* 0x80) != 0 {
                return true
            }
            offset += 8
        }
        while offset < text.count {
            let byte = text[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }

    /// Writes `YYYY-MM-DD`, the separator, then `HH:MM:SS.mmm` (milliseconds rounded down;
    /// 23 bytes).
    @inline(__always)
    public mutating func writeDateTime(_ time: CivilTime, separator: UInt8) {
        writeDate(time)
        write(separator)
        writePadded(time.hour, width: 2)
        write(UInt8(ascii: ":"))
        writePadded(time.minute, width: 2)
        write(UInt8(ascii: ":"))
        writePadded(time.second, width: 2)
        write(UInt8(ascii: "."))
        writePadded(time.microsecond / 1000, width: 3)
    }

    /// Writes `YYYY-MM-DD` (10 bytes).
    @inline(__always)
    public mutating func writeDate(_ time: CivilTime) {
        writePadded(time.year, width: 4)
        write(UInt8(ascii: "-"))
        writePadded(time.month, width: 2)
        write(UInt8(ascii: "-"))
        writePadded(time.day, width: 2)
    }

    /// Writes a moment in ISO 8601, UTC, with milliseconds: `2026-11-30T10:29:54.123Z`
    /// (24 bytes).
    @inline(__always)
    public mutating func writeISO8601(microseconds: Int64) {
        writeDateTime(CivilTime(microseconds: microseconds), separator: UInt8(ascii: "T"))
        write(UInt8(ascii: "Z"))
    }
}
