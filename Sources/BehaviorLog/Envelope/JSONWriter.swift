import Foundation
import LogStore

/// Appends JSON text to a byte buffer, by hand: the envelope is encoded for every log,
/// so this avoids Foundation's `JSONSerialization`/`JSONEncoder` and their boxing.
///
/// The output is RFC 8259 JSON in UTF-8: strings escape `"`, `\` and the control
/// characters (`\n`, `\t`, … and `\u00XX`), everything else is written as it is;
/// numbers are integers or Swift's shortest round-trip form of a double; a double that
/// is not finite (JSON cannot hold it) is written as `null`.
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

    mutating func string(_ text: String) {
        // Native strings (and small ones) lend their UTF-8 in place; only a bridged or
        // foreign string is copied to contiguous storage first.
        if text.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var copy = text
            copy.withUTF8 { escaped($0) }
        }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        var runStart = 0
        for index in 0..<utf8.count {
            let character = utf8[index]
            guard character < 0x20 || character == 0x22 || character == 0x5C else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            byte(0x5C)
            switch character {
            case 0x22: byte(0x22)
            case 0x5C: byte(0x5C)
            case 0x0A: byte(UInt8(ascii: "n"))
            case 0x0D: byte(UInt8(ascii: "r"))
            case 0x09: byte(UInt8(ascii: "t"))
            case 0x08: byte(UInt8(ascii: "b"))
            case 0x0C: byte(UInt8(ascii: "f"))
            default:
                raw("u00")
                byte(JSONWriter.hexDigits[Int(character >> 4)])
                byte(JSONWriter.hexDigits[Int(character & 0x0F)])
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        byte(0x22)
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func integer(_ value: Int64) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt64(value))
        }
    }

    mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            byte(0x30 + UInt8(value))
            return
        }
        appendFormatted { buffer in
            var count = 0
            Self.putDigits(value, into: buffer, at: &count)
            return count
        }
    }

    /// Formats at most 64 bytes on the stack with `fill` (which returns how many it wrote),
    /// then appends them with one call: numbers, dates and UUIDs are written byte by byte,
    /// and each `Array.append` of a byte checks uniqueness and capacity again.
    @inline(__always)
    private mutating func appendFormatted(_ fill: (UnsafeMutableRawBufferPointer) -> Int) {
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { buffer in
            let count = fill(buffer)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the decimal digits of `value` at `index` (at most 20).
    private static func putDigits(_ value: UInt64, into buffer: UnsafeMutableRawBufferPointer, at index: inout Int) {
        var length = 1
        var rest = value / 10
        while rest > 0 { length += 1; rest /= 10 }
        rest = value
        for position in stride(from: index + length - 1, through: index, by: -1) {
            buffer[position] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
        index += length
    }

    /// Writes `value` zero-padded to at least `width` digits (a sign first when negative).
    private static func put(_ value: Int, width: Int, into buffer: UnsafeMutableRawBufferPointer, at index: inout Int) {
        if value < 0 {
            buffer[index] = UInt8(ascii: "-")
            index += 1
        }
        let magnitude = UInt64(value.magnitude)
        var length = 1
        var rest = magnitude / 10
        while rest > 0 { length += 1; rest /= 10 }
        for _ in length..<max(width, length) {
            buffer[index] = 0x30
            index += 1
        }
        putDigits(magnitude, into: buffer, at: &index)
    }

    /// Writes `YYYY-MM-DD`.
    private static func putDay(year: Int, month: Int, day: Int, into buffer: UnsafeMutableRawBufferPointer, at index: inout Int) {
        put(year, width: 4, into: buffer, at: &index)
        putByte(UInt8(ascii: "-"), into: buffer, at: &index)
        put(month, width: 2, into: buffer, at: &index)
        putByte(UInt8(ascii: "-"), into: buffer, at: &index)
        put(day, width: 2, into: buffer, at: &index)
    }

    private static func putByte(_ character: UInt8, into buffer: UnsafeMutableRawBufferPointer, at index: inout Int) {
        buffer[index] = character
        index += 1
    }

    mutating func double(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // Whole numbers keep a fraction so that readers keep them as doubles: `2.0`.
            integer(Int64(value))
            raw(".0")
            return
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A moment as ISO 8601 in UTC with milliseconds: `"2026-11-30T10:29:54.123Z"`.
    mutating func timestamp(_ date: Date) {
        timestamp(milliseconds: LogClock.milliseconds(date))
    }

    mutating func timestamp(milliseconds: Int64) {
        let civil = CivilTime(microseconds: milliseconds * 1000)
        appendFormatted { buffer in
            var index = 0
            Self.putByte(0x22, into: buffer, at: &index)
            Self.putDay(year: civil.year, month: civil.month, day: civil.day, into: buffer, at: &index)
            Self.putByte(UInt8(ascii: "T"), into: buffer, at: &index)
            Self.put(civil.hour, width: 2, into: buffer, at: &index)
            Self.putByte(UInt8(ascii: ":"), into: buffer, at: &index)
            Self.put(civil.minute, width: 2, into: buffer, at: &index)
            Self.putByte(UInt8(ascii: ":"), into: buffer, at: &index)
            Self.put(civil.second, width: 2, into: buffer, at: &index)
            Self.putByte(UInt8(ascii: "."), into: buffer, at: &index)
            Self.put(civil.microsecond / 1000, width: 3, into: buffer, at: &index)
            Self.putByte(UInt8(ascii: "Z"), into: buffer, at: &index)
            Self.putByte(0x22, into: buffer, at: &index)
            return index
        }
    }

    /// A number, zero-padded to at least `width` digits (a sign first when negative).
    mutating func digits(_ value: Int, width: Int) {
        appendFormatted { buffer in
            var index = 0
            Self.put(value, width: width, into: buffer, at: &index)
            return index
        }
    }

    /// A calendar date as `"YYYY-MM-DD"`.
    mutating func date(_ date: LogDate) {
        appendFormatted { buffer in
            var index = 0
            Self.putByte(0x22, into: buffer, at: &index)
            Self.putDay(year: date.year, month: date.month, day: date.day, into: buffer, at: &index)
            Self.putByte(0x22, into: buffer, at: &index)
            return index
        }
    }

    /// A UUID in its lowercase canonical form, `"8-4-4-4-12"` hex digits.
    mutating func uuid(_ uuid: UUID) {
        appendFormatted { buffer in
            var index = 0
            Self.putByte(0x22, into: buffer, at: &index)
            withUnsafeBytes(of: uuid.uuid) { raw in
                for position in 0..<16 {
                    if position == 4 || position == 6 || position == 8 || position == 10 { Self.putByte(UInt8(ascii: "-"), into: buffer, at: &index) }
                    Self.putByte(Self.hexDigit(raw[position] >> 4), into: buffer, at: &index)
                    Self.putByte(Self.hexDigit(raw[position] & 0x0F), into: buffer, at: &index)
                }
            }
            Self.putByte(0x22, into: buffer, at: &index)
            return index
        }
    }

    /// The lowercase hex digit of a value from 0 to 15.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : UInt8(ascii: "a") + value - 10
    }

    mutating func value(_ value: LogValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .date(let day): date(day)
        case .timestamp(let moment): timestamp(moment)
        case .array(let elements):
            byte(UInt8(ascii: "["))
            // Read in place: a `for` over the array copies each element out (a retain and a
            // release of its string).
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if index > 0 { byte(UInt8(ascii: ",")) }
                    self.value(elements[index])
                }
            }
            byte(UInt8(ascii: "]"))
        }
    }

    /// A payload as a JSON object, its keys in the payload's order.
    mutating func object(_ payload: LogPayload) {
        byte(UInt8(ascii: "{"))
        payload.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                if index > 0 { byte(UInt8(ascii: ",")) }
                string(fields[index].key)
                byte(UInt8(ascii: ":"))
                value(fields[index].value)
            }
        }
        byte(UInt8(ascii: "}"))
    }

    /// Appends bytes already encoded (a cached object, a prefix).
    mutating func encoded(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }
}
