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
        var bytes = uuid.uuid
        let start = position
        withUnsafeBytes(of: &bytes) { raw in
            // Unrolled by the compiler: the dash positions are constants.
            var out = start
            for index in 0..<16 {
                out[0] = Self.hexDigit(raw[index] >> 4)
                out[1] = Self.hexDigit(raw[index] & 0x0F)
                out += 2
                if index == 3 || index == 5 || index == 7 || index == 9 {
                    out[0] = UInt8(ascii: "-")
                    out += 1
                }
            }
        }
        position += 36
    }

    /// The lowercase hexadecimal digit of a nibble: a table, as a branch on random digits
    /// would be mispredicted half the time.
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        let digits: StaticString = "0123456789abcdef"
        return digits.utf8Start[Int(nibble & 0x0F)]
    }

    /// Writes UTF-8 bytes as a JSON string, quotes included, escaping what JSON requires
    /// (at most `6 × count + 2` bytes).
    public mutating func writeJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        write(UInt8(ascii: "\""))
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
