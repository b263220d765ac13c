import Foundation
import LogCore

/// The runtime's values in LogCore's ``JSONWriter``: the envelope and its payloads.
///
/// The output is RFC 8259 JSON in UTF-8 as ``JSONText`` writes it (strings, doubles, a
/// `!real`'s `Float` as its own shortest text); a
/// date is `"YYYY-MM-DD"`, a moment `"2026-11-30T10:29:54.123Z"` (``ISO8601``, milliseconds
/// by ``UnixTime``'s rule). A whole payload is measured, then written in one go.
extension JSONWriter {
    /// A moment as ISO 8601 in UTC with milliseconds: `"2026-11-30T10:29:54.123Z"`.
    mutating func timestamp(_ date: Date) {
        timestamp(milliseconds: UnixTime.milliseconds(date))
    }

    /// A calendar date as `"YYYY-MM-DD"`.
    mutating func date(_ date: LogDate) {
        writing(upTo: JSONWriter.dateBound) { JSONWriter.putDate(year: date.year, month: date.month, day: date.day, at: &$0) }
    }

    mutating func value(_ value: LogValue) {
        writing(upTo: Self.bound(of: value)) { Self.put(value, at: &$0) }
    }

    /// A payload as a JSON object, its keys in the payload's order.
    mutating func object(_ payload: LogPayload) {
        writing(upTo: Self.bound(of: payload)) { Self.put(payload, at: &$0) }
    }

    // MARK: - Bounds: at most this many bytes

    // Not inlined into each other: the optimizer unrolled the array's recursion and the payload's
    // loop into one 3.7 KB body; a call per field costs less than that in every app.
    @inline(never)
    private static func bound(of value: LogValue) -> Int {
        switch value {
        case .null: 4
        case .bool: 5
        case .integer: JSONText.maximumIntegerCount
        case .double: JSONText.maximumDoubleCount
        case .float: JSONText.maximumFloatCount
        case .string(let text): JSONText.maximumStringCount(utf8Count: text.utf8.count)
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
            for index in fields.indices {
                total += 2 + JSONText.maximumStringCount(utf8Count: fields[index].key.utf8.count) + bound(of: fields[index].value)
            }
            return total
        }
    }

    // MARK: - Writing at a pointer (the caller has made room for the bound)

    @inline(__always)
    private static func putByte(_ character: UInt8, at position: inout UnsafeMutablePointer<UInt8>) {
        position.pointee = character
        position += 1
    }

    private static func putRaw(_ text: StaticString, at position: inout UnsafeMutablePointer<UInt8>) {
        position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        position += text.utf8CodeUnitCount
    }

    private static func put(_ value: LogValue, at position: inout UnsafeMutablePointer<UInt8>) {
        switch value {
        case .null: putRaw("null", at: &position)
        case .bool(let flag): putRaw(flag ? "true" : "false", at: &position)
        case .integer(let number): JSONText.writeInteger(number, at: &position)
        case .double(let number): JSONText.writeDouble(number, at: &position)
        case .float(let number): JSONText.writeFloat(number, at: &position)
        case .string(let text): put(text, at: &position)
        case .date(let day): putDate(year: day.year, month: day.month, day: day.day, at: &position)
        case .timestamp(let moment): putTimestamp(milliseconds: UnixTime.milliseconds(moment), at: &position)
        case .array(let elements):
            putByte(UInt8(ascii: "["), at: &position)
            // Read in place: a `for` over the array copies each element out (a retain and a
            // release of its string).
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if index > 0 { putByte(UInt8(ascii: ","), at: &position) }
                    put(elements[index], at: &position)
                }
            }
            putByte(UInt8(ascii: "]"), at: &position)
        }
    }

    private static func put(_ payload: LogPayload, at position: inout UnsafeMutablePointer<UInt8>) {
        putByte(UInt8(ascii: "{"), at: &position)
        payload.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                if index > 0 { putByte(UInt8(ascii: ","), at: &position) }
                put(fields[index].key, at: &position)
                putByte(UInt8(ascii: ":"), at: &position)
                put(fields[index].value, at: &position)
            }
        }
        putByte(UInt8(ascii: "}"), at: &position)
    }
}
