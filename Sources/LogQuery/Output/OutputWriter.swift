import Foundation
import LogCore

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
    @inline(__always)
    public mutating func writeDecimal(_ value: Int64) {
        JSONText.writeInteger(value, at: &position)
    }

    /// Writes a whole number in decimal (at most 20 bytes).
    @inline(__always)
    public mutating func writeDecimal(_ value: UInt64) {
        JSONText.writeUnsigned(value, at: &position)
    }

    /// Writes a whole number padded with zeros to exactly `width` digits (higher ones dropped).
    @inline(__always)
    public mutating func writePadded(_ value: Int, width: Int) {
        ISO8601.writePadded(value, width: width, at: &position)
    }

    /// Writes a UUID as the runtime does: lowercase hexadecimal with dashes (36 bytes).
    @inline(__always)
    public mutating func writeUUID(_ uuid: UUID) {
        UUIDText.write(uuid, at: &position)
    }

    /// Writes UTF-8 bytes as a JSON string, quotes included, escaping what JSON requires
    /// (at most `6 × count + 2` bytes), as the envelope does.
    @inline(__always)
    public mutating func writeJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        JSONText.writeString(text, at: &position)
    }

    /// Writes a double as the envelope does (`2.0`, `0.5`, `null` for NaN; at most 32 bytes).
    @inline(__always)
    package mutating func writeDouble(_ value: Double) {
        JSONText.writeDouble(value, at: &position)
    }

    /// Writes `YYYY-MM-DD`, the separator, then `HH:MM:SS.mmm` (milliseconds rounded down;
    /// at most `ISO8601.maximumCount` bytes).
    @inline(__always)
    package mutating func writeDateTime(_ time: CivilTime, separator: UInt8) {
        ISO8601.writeDateTime(time, separator: separator, fractionDigits: 3, at: &position)
    }

    /// Writes `YYYY-MM-DD` (at most `ISO8601.maximumDateCount` bytes).
    @inline(__always)
    package mutating func writeDate(_ time: CivilTime) {
        ISO8601.writeDate(time, at: &position)
    }

    /// Writes a moment in ISO 8601, UTC, with milliseconds: `2026-11-30T10:29:54.123Z`
    /// (at most `ISO8601.maximumCount` bytes).
    @inline(__always)
    public mutating func writeISO8601(microseconds: Int64) {
        ISO8601.write(microseconds: microseconds, fractionDigits: 3, at: &position)
    }
}
