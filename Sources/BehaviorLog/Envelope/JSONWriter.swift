import Foundation
import LogStore

/// Appends JSON text to a byte buffer, by hand: the envelope is encoded for every log,
/// so this avoids Foundation's `JSONSerialization`/`JSONEncoder` and their boxing.
///
/// The output is RFC 8259 JSON in UTF-8: strings escape `"`, `\` and the control
/// characters (`\n`, `\t`, … and `\u00XX`), everything else is written as it is;
/// numbers are integers or Swift's shortest round-trip form of a double; a double that
/// is not finite (JSON cannot hold it) is written as `null`.
///
/// How it writes: each value is measured first (an upper bound of its bytes: a string
/// takes at most 6 bytes per byte, escaped, plus its quotes), the buffer grows once by that
/// much, and the value is written through a pointer; the unused end is cut off. A whole
/// payload is one such write. Appending byte by byte to an `Array` checks its uniqueness
/// and capacity on every byte, which cost the logger's writer thread more than the
/// formatting itself.
struct JSONWriter {
    var bytes: [UInt8]

    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Appends ASCII text that needs no escaping (keys and punctuation we write ourselves).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes already encoded (a cached object, a prefix).
    mutating func encoded(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        writing(upTo: Self.bound(of: text)) { out, index in Self.put(text, into: out, at: &index) }
    }

    mutating func integer(_ value: Int64) {
        writing(upTo: 20) { out, index in Self.put(value, into: out, at: &index) }
    }

    mutating func unsigned(_ value: UInt64) {
        writing(upTo: 20) { out, index in Self.putDigits(value, into: out, at: &index) }
    }

    mutating func double(_ value: Double) {
        writing(upTo: Self.doubleBound) { out, index in Self.put(value, into: out, at: &index) }
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A moment as ISO 8601 in UTC with milliseconds: `"2026-11-30T10:29:54.123Z"`.
    mutating func timestamp(_ date: Date) {
        timestamp(milliseconds: LogClock.milliseconds(date))
    }

    mutating func timestamp(milliseconds: Int64) {
        writing(upTo: Self.timestampBound) { out, index in Self.putTimestamp(milliseconds: milliseconds, into: out, at: &index) }
    }

    /// A number, zero-padded to at least `width` digits (a sign first when negative).
    mutating func digits(_ value: Int, width: Int) {
        writing(upTo: 21 + max(0, width)) { out, index in Self.put(value, width: width, into: out, at: &index) }
    }

    /// A calendar date as `"YYYY-MM-DD"`.
    mutating func date(_ date: LogDate) {
        writing(upTo: Self.dateBound) { out, index in Self.put(date, into: out, at: &index) }
    }

    /// A UUID in its lowercase canonical form, `"8-4-4-4-12"` hex digits.
    mutating func uuid(_ uuid: UUID) {
        writing(upTo: 38) { out, index in Self.put(uuid, into: out, at: &index) }
    }

    mutating func value(_ value: LogValue) {
        writing(upTo: Self.bound(of: value)) { out, index in Self.put(value, into: out, at: &index) }
    }

    /// A payload as a JSON object, its keys in the payload's order.
    mutating func object(_ payload: LogPayload) {
        writing(upTo: Self.bound(of: payload)) { out, index in Self.put(payload, into: out, at: &index) }
    }

    /// Grows the buffer by `bound` bytes, lets `fill` write at most that many from the old
    /// end (advancing `index`, which starts at 0), and keeps what it wrote.
    @inline(__always)
    private mutating func writing(upTo bound: Int, _ fill: (UnsafeMutableRawBufferPointer, inout Int) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: bound))
        let written = bytes.withUnsafeMutableBytes { buffer in
            var index = 0
            fill(UnsafeMutableRawBufferPointer(rebasing: buffer[start...]), &index)
            return index
        }
        precondition(written <= bound, "JSONWriter wrote past its bound")
        bytes.removeLast(bound - written)
    }

    /// The lowercase hex digit of a value from 0 to 15.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : UInt8(ascii: "a") + value - 10
    }

    // MARK: - Bounds: at most this many bytes

    /// The shortest round-trip form of a double is at most 24 bytes (`-2.2250738585072014e-308`).
    private static let doubleBound = 32
    /// A quoted date; its year, month and day are public `Int`s, so each may take 20 bytes.
    private static let dateBound = 64
    /// A quoted ISO 8601 moment; an `Int64` of milliseconds reaches a year of 9 digits at most.
    private static let timestampBound = 40

    private static func bound(of text: String) -> Int { 2 + 6 * text.utf8.count }

    private static func bound(of value: LogValue) -> Int {
        switch value {
        case .null: 4
        case .bool: 5
        case .integer: 20
        case .double: doubleBound
        case .string(let text): bound(of: text)
        case .date: dateBound
        case .timestamp: timestampBound
        case .array(let elements):
            elements.withUnsafeBufferPointer { elements in
                var total = 2 + elements.count
                for index in elements.indices { total += bound(of: elements[index]) }
                return total
            }
        }
    }

    private static func bound(of payload: LogPayload) -> Int {
        payload.fields.withUnsafeBufferPointer { fields in
            var total = 2
            for index in fields.indices { total += 2 + bound(of: fields[index].key) + bound(of: fields[index].value) }
            return total
        }
    }

    // MARK: - Writing at an index (the caller has made room for the bound)

    @inline(__always)
    private static func putByte(_ character: UInt8, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        out[index] = character
        index += 1
    }

    private static func putBytes(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        assert(index + bytes.count <= out.count, "JSONWriter: a bound fell short")   // debug builds check every byte
        (out.baseAddress! + index).copyMemory(from: base, byteCount: bytes.count)
        index += bytes.count
    }

    private static func putRaw(_ text: StaticString, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        text.withUTF8Buffer { putBytes($0, into: out, at: &index) }
    }

    private static func put(_ text: String, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        // Native strings (and small ones) lend their UTF-8 in place; only a bridged or
        // foreign string is copied to contiguous storage first.
        if text.utf8.withContiguousStorageIfAvailable({ putEscaped($0, into: out, at: &index) }) == nil {
            var copy = text
            copy.withUTF8 { putEscaped($0, into: out, at: &index) }
        }
    }

    private static func putEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        putByte(0x22, into: out, at: &index)
        var runStart = 0
        for position in 0..<utf8.count {
            let character = utf8[position]
            guard character < 0x20 || character == 0x22 || character == 0x5C else { continue }
            putBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<position]), into: out, at: &index)
            runStart = position + 1
            putByte(0x5C, into: out, at: &index)
            switch character {
            case 0x22: putByte(0x22, into: out, at: &index)
            case 0x5C: putByte(0x5C, into: out, at: &index)
            case 0x0A: putByte(UInt8(ascii: "n"), into: out, at: &index)
            case 0x0D: putByte(UInt8(ascii: "r"), into: out, at: &index)
            case 0x09: putByte(UInt8(ascii: "t"), into: out, at: &index)
            case 0x08: putByte(UInt8(ascii: "b"), into: out, at: &index)
            case 0x0C: putByte(UInt8(ascii: "f"), into: out, at: &index)
            default:
                putRaw("u00", into: out, at: &index)
                putByte(hexDigit(character >> 4), into: out, at: &index)
                putByte(hexDigit(character & 0x0F), into: out, at: &index)
            }
        }
        putBytes(UnsafeBufferPointer(rebasing: utf8[runStart...]), into: out, at: &index)
        putByte(0x22, into: out, at: &index)
    }

    private static func put(_ value: Int64, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        if value < 0 { putByte(UInt8(ascii: "-"), into: out, at: &index) }
        putDigits(value.magnitude, into: out, at: &index)
    }

    /// Writes the decimal digits of `value` at `index` (at most 20).
    private static func putDigits(_ value: UInt64, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        var length = 1
        var rest = value / 10
        while rest > 0 { length += 1; rest /= 10 }
        rest = value
        for position in stride(from: index + length - 1, through: index, by: -1) {
            out[position] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
        index += length
    }

    /// Writes `value` zero-padded to at least `width` digits (a sign first when negative).
    private static func put(_ value: Int, width: Int, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        if value < 0 { putByte(UInt8(ascii: "-"), into: out, at: &index) }
        let magnitude = UInt64(value.magnitude)
        var length = 1
        var rest = magnitude / 10
        while rest > 0 { length += 1; rest /= 10 }
        for _ in length..<max(width, length) { putByte(0x30, into: out, at: &index) }
        putDigits(magnitude, into: out, at: &index)
    }

    private static func put(_ value: Double, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        guard value.isFinite else { return putRaw("null", into: out, at: &index) }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // Whole numbers keep a fraction so that readers keep them as doubles: `2.0`.
            put(Int64(value), into: out, at: &index)
            putRaw(".0", into: out, at: &index)
            return
        }
        var text = value.description
        text.withUTF8 { putBytes($0, into: out, at: &index) }
    }

    /// Writes `YYYY-MM-DD`.
    private static func putDay(year: Int, month: Int, day: Int, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        put(year, width: 4, into: out, at: &index)
        putByte(UInt8(ascii: "-"), into: out, at: &index)
        put(month, width: 2, into: out, at: &index)
        putByte(UInt8(ascii: "-"), into: out, at: &index)
        put(day, width: 2, into: out, at: &index)
    }

    private static func put(_ date: LogDate, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        putByte(0x22, into: out, at: &index)
        putDay(year: date.year, month: date.month, day: date.day, into: out, at: &index)
        putByte(0x22, into: out, at: &index)
    }

    private static func putTimestamp(milliseconds: Int64, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        let civil = CivilTime(microseconds: milliseconds * 1000)
        putByte(0x22, into: out, at: &index)
        putDay(year: civil.year, month: civil.month, day: civil.day, into: out, at: &index)
        putByte(UInt8(ascii: "T"), into: out, at: &index)
        put(civil.hour, width: 2, into: out, at: &index)
        putByte(UInt8(ascii: ":"), into: out, at: &index)
        put(civil.minute, width: 2, into: out, at: &index)
        putByte(UInt8(ascii: ":"), into: out, at: &index)
        put(civil.second, width: 2, into: out, at: &index)
        putByte(UInt8(ascii: "."), into: out, at: &index)
        put(civil.microsecond / 1000, width: 3, into: out, at: &index)
        putByte(UInt8(ascii: "Z"), into: out, at: &index)
        putByte(0x22, into: out, at: &index)
    }

    private static func put(_ uuid: UUID, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        putByte(0x22, into: out, at: &index)
        withUnsafeBytes(of: uuid.uuid) { raw in
            for position in 0..<16 {
                if position == 4 || position == 6 || position == 8 || position == 10 { putByte(UInt8(ascii: "-"), into: out, at: &index) }
                putByte(hexDigit(raw[position] >> 4), into: out, at: &index)
                putByte(hexDigit(raw[position] & 0x0F), into: out, at: &index)
            }
        }
        putByte(0x22, into: out, at: &index)
    }

    private static func put(_ value: LogValue, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        switch value {
        case .null: putRaw("null", into: out, at: &index)
        case .bool(let flag): putRaw(flag ? "true" : "false", into: out, at: &index)
        case .integer(let number): put(number, into: out, at: &index)
        case .double(let number): put(number, into: out, at: &index)
        case .string(let text): put(text, into: out, at: &index)
        case .date(let day): put(day, into: out, at: &index)
        case .timestamp(let moment): putTimestamp(milliseconds: LogClock.milliseconds(moment), into: out, at: &index)
        case .array(let elements):
            putByte(UInt8(ascii: "["), into: out, at: &index)
            // Read in place: a `for` over the array copies each element out (a retain and a
            // release of its string).
            elements.withUnsafeBufferPointer { elements in
                for position in elements.indices {
                    if position > 0 { putByte(UInt8(ascii: ","), into: out, at: &index) }
                    put(elements[position], into: out, at: &index)
                }
            }
            putByte(UInt8(ascii: "]"), into: out, at: &index)
        }
    }

    private static func put(_ payload: LogPayload, into out: UnsafeMutableRawBufferPointer, at index: inout Int) {
        putByte(UInt8(ascii: "{"), into: out, at: &index)
        payload.fields.withUnsafeBufferPointer { fields in
            for position in fields.indices {
                if position > 0 { putByte(UInt8(ascii: ","), into: out, at: &index) }
                put(fields[position].key, into: out, at: &index)
                putByte(UInt8(ascii: ":"), into: out, at: &index)
                put(fields[position].value, into: out, at: &index)
            }
        }
        putByte(UInt8(ascii: "}"), into: out, at: &index)
    }
}
