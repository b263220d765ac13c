import Foundation

/// Appends JSON text to a byte buffer, by hand: the envelope is encoded for every log, so
/// this avoids Foundation's `JSONSerialization`/`JSONEncoder` and their boxing. The bytes
/// are ``JSONText``'s (strings, numbers), ``UUIDText``'s and ``ISO8601``'s.
///
/// How it writes: each value is measured first (an upper bound of its bytes: a string takes
/// at most 6 bytes per byte, escaped, plus its quotes), the buffer grows once by that much,
/// and the value is written through a pointer; the unused end is cut off. A whole payload is
/// one such write (``writing(upTo:_:)``). Appending byte by byte to an `Array` checks its
/// uniqueness and capacity on every byte, which cost the logger's writer thread more than
/// the formatting itself.
public struct JSONWriter {
    public var bytes: [UInt8]

    @_alwaysEmitIntoClient
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @_alwaysEmitIntoClient @inline(__always)
    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Appends ASCII text that needs no escaping (keys and punctuation we write ourselves).
    @_alwaysEmitIntoClient
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes already encoded (a cached object, a prefix).
    @_alwaysEmitIntoClient
    public mutating func encoded(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// Appends text that needs no escaping (a number made elsewhere).
    @_alwaysEmitIntoClient
    public mutating func text(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    @_alwaysEmitIntoClient
    public mutating func string(_ text: String) {
        writing(upTo: JSONText.maximumStringCount(utf8Count: text.utf8.count)) { JSONWriter.put(text, at: &$0) }
    }

    /// An array of strings.
    @_alwaysEmitIntoClient
    public mutating func strings(_ values: [String]) {
        byte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(value)
        }
        byte(UInt8(ascii: "]"))
    }

    @_alwaysEmitIntoClient
    public mutating func integer(_ value: Int64) {
        writing(upTo: JSONText.maximumIntegerCount) { JSONText.writeInteger(value, at: &$0) }
    }

    @_alwaysEmitIntoClient
    public mutating func unsigned(_ value: UInt64) {
        writing(upTo: JSONText.maximumIntegerCount) { JSONText.writeUnsigned(value, at: &$0) }
    }

    @_alwaysEmitIntoClient
    public mutating func double(_ value: Double) {
        writing(upTo: JSONText.maximumDoubleCount) { JSONText.writeDouble(value, at: &$0) }
    }

    /// A `Float` as its own shortest text (`0.98`), not its `Double` widening's.
    @_alwaysEmitIntoClient
    public mutating func float(_ value: Float) {
        writing(upTo: JSONText.maximumFloatCount) { JSONText.writeFloat(value, at: &$0) }
    }

    @_alwaysEmitIntoClient
    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A moment as ISO 8601 in UTC with milliseconds, quoted: `"2026-11-30T10:29:54.123Z"`.
    @_alwaysEmitIntoClient
    public mutating func timestamp(milliseconds: Int64) {
        writing(upTo: JSONWriter.timestampBound) { JSONWriter.putTimestamp(milliseconds: milliseconds, at: &$0) }
    }

    /// A number, zero-padded to at least `width` digits (a sign first when negative).
    public mutating func digits(_ value: Int, width: Int) {
        writing(upTo: 21 + max(0, width)) { ISO8601.writeNumber(value, minimumWidth: width, at: &$0) }
    }

    /// A UUID in its lowercase canonical form, quoted.
    @_alwaysEmitIntoClient
    public mutating func uuid(_ uuid: UUID) {
        writing(upTo: 38) { JSONWriter.put(uuid, at: &$0) }
    }

    /// Grows the buffer by `bound` bytes, lets `fill` write at most that many from the old
    /// end (advancing the pointer), and keeps what it wrote.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func writing(upTo bound: Int, _ fill: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        JSONText.append(to: &bytes, upTo: bound, fill)
    }

    // MARK: - Writing at a pointer (the caller has made room for the bound)

    /// A quoted moment: an `Int64` of milliseconds reaches a year of 9 digits at most.
    public static let timestampBound = 40
    /// A quoted date whose year, month and day may each be any `Int`.
    public static let dateBound = 64

    @_alwaysEmitIntoClient
    public static func put(_ text: String, at position: inout UnsafeMutablePointer<UInt8>) {
        // Native strings (and small ones) lend their UTF-8 in place; only a bridged or
        // foreign string is copied to contiguous storage first.
        text.withUTF8Bytes { JSONText.writeString($0, at: &position) }
    }

    @_alwaysEmitIntoClient
    public static func put(_ uuid: UUID, at position: inout UnsafeMutablePointer<UInt8>) {
        position.pointee = UInt8(ascii: "\"")
        position += 1
        UUIDText.write(uuid, at: &position)
        position.pointee = UInt8(ascii: "\"")
        position += 1
    }

    @_alwaysEmitIntoClient
    public static func putTimestamp(milliseconds: Int64, at position: inout UnsafeMutablePointer<UInt8>) {
        position.pointee = UInt8(ascii: "\"")
        position += 1
        ISO8601.write(microseconds: milliseconds &* 1000, fractionDigits: 3, at: &position)
        position.pointee = UInt8(ascii: "\"")
        position += 1
    }

    /// A quoted `"YYYY-MM-DD"`.
    @_alwaysEmitIntoClient
    public static func putDate(year: Int, month: Int, day: Int, at position: inout UnsafeMutablePointer<UInt8>) {
        position.pointee = UInt8(ascii: "\"")
        position += 1
        ISO8601.writeDate(CivilTime(year: year, month: month, day: day), at: &position)
        position.pointee = UInt8(ascii: "\"")
        position += 1
    }
}
