/// The one ISO 8601 text of a moment, written and read without Foundation's formatters.
///
/// Written: `2026-11-30T10:29:54.123Z`, UTC, with 3 (the envelope, logview) or 6 (a
/// ``LogTimestamp``'s description) fraction digits, or none. The year has at least four digits,
/// zero-padded, a `-` in front before year 1 (year 0 is 1 BC) and all its digits after 9999
/// (`-0001-01-01…`, `10000-01-01…`): the expanded years of ISO 8601 without the `+`, the same
/// text the envelope writer has always written. Years 1 to 9999 are plain RFC 3339.
///
/// Read: `YYYY-MM-DD[(T|t| )HH:MM[:SS[(.|,)fraction]]][Z|z|±HH[:MM]]`, the year as written
/// above; a time without a zone is local, and the caller says in which zone.
public enum ISO8601 {
    /// At most this many bytes for a date: a sign and 19 digits, then `-MM-DD` (a month and
    /// day in range; a hand-made date with others takes up to 64).
    public static let maximumDateCount = 26
    /// At most this many bytes for a moment: the date, `T`, `HH:MM:SS`, `.` and six digits, `Z`.
    public static let maximumCount = maximumDateCount + 17

    // MARK: - Writing

    /// Writes a moment (microseconds since 1970) in UTC with `fractionDigits` (0, 3 or 6)
    /// digits of the second, rounded down, and `Z`.
    @_alwaysEmitIntoClient
    public static func write(microseconds: Int64, fractionDigits: Int = 3, at position: inout UnsafeMutablePointer<UInt8>) {
        writeDateTime(CivilTime(microseconds: microseconds), separator: UInt8(ascii: "T"), fractionDigits: fractionDigits, at: &position)
        position.pointee = UInt8(ascii: "Z")
        position += 1
    }

    /// Writes `YYYY-MM-DD`, the separator, `HH:MM:SS`, then `.` and `fractionDigits` (3 or 6)
    /// digits of the second, rounded down (nothing for 0).
    @_alwaysEmitIntoClient
    public static func writeDateTime(_ time: CivilTime, separator: UInt8, fractionDigits: Int = 3, at position: inout UnsafeMutablePointer<UInt8>) {
        writeDate(time, at: &position)
        position[0] = separator
        position += 1
        writeTwo(time.hour, at: &position)
        position[0] = UInt8(ascii: ":")
        position += 1
        writeTwo(time.minute, at: &position)
        position[0] = UInt8(ascii: ":")
        position += 1
        writeTwo(time.second, at: &position)
        switch fractionDigits {
        case 3:
            position[0] = UInt8(ascii: ".")
            position += 1
            writePadded(time.microsecond / 1000, width: 3, at: &position)
        case 6:
            position[0] = UInt8(ascii: ".")
            position += 1
            writePadded(time.microsecond, width: 6, at: &position)
        default:
            break
        }
    }

    /// Writes `YYYY-MM-DD` (the year as the type's documentation says; a month or day out
    /// of range, which only a hand-made value has, with all its digits).
    @_alwaysEmitIntoClient
    public static func writeDate(_ time: CivilTime, at position: inout UnsafeMutablePointer<UInt8>) {
        if time.year >= 0 && time.year <= 9999 && time.month >= 0 && time.month <= 99 && time.day >= 0 && time.day <= 99 {
            writePadded(time.year, width: 4, at: &position)
            position[0] = UInt8(ascii: "-")
            position += 1
            writeTwo(time.month, at: &position)
            position[0] = UInt8(ascii: "-")
            position += 1
            writeTwo(time.day, at: &position)
        } else {
            writeNumber(time.year, minimumWidth: 4, at: &position)
            position[0] = UInt8(ascii: "-")
            position += 1
            writeNumber(time.month, minimumWidth: 2, at: &position)
            position[0] = UInt8(ascii: "-")
            position += 1
            writeNumber(time.day, minimumWidth: 2, at: &position)
        }
    }

    /// A number of at least `minimumWidth` digits (zeros in front), a `-` first when negative
    /// (at most 20 bytes past the width).
    public static func writeNumber(_ value: Int, minimumWidth: Int, at position: inout UnsafeMutablePointer<UInt8>) {
        if value < 0 {
            position[0] = UInt8(ascii: "-")
            position += 1
        }
        let magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let width = max(digits, minimumWidth)
        rest = magnitude
        for offset in stride(from: width - 1, through: 0, by: -1) {
            position[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        position += width
    }

    @_alwaysEmitIntoClient @inline(__always)
    static func writeTwo(_ value: Int, at position: inout UnsafeMutablePointer<UInt8>) {
        position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
        position[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        position += 2
    }

    /// `value` (0 or more) padded with zeros to exactly `width` digits.
    @_alwaysEmitIntoClient @inline(__always)
    public static func writePadded(_ value: Int, width: Int, at position: inout UnsafeMutablePointer<UInt8>) {
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            position[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        position += width
    }

    /// The text of a moment in UTC with `fractionDigits` (0, 3 or 6) digits.
    public static func string(microseconds: Int64, fractionDigits: Int = 3) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumCount) { buffer in
            var position = buffer.baseAddress!
            write(microseconds: microseconds, fractionDigits: fractionDigits, at: &position)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: position - buffer.baseAddress!), as: UTF8.self)
        }
    }

    /// `YYYY-MM-DD`.
    public static func string(date: CivilTime) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            var position = buffer.baseAddress!
            writeDate(date, at: &position)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: position - buffer.baseAddress!), as: UTF8.self)
        }
    }

    // MARK: - Reading

    /// What a text names: calendar fields, and the zone's offset from UTC when it has one.
    public struct Parsed: Sendable {  // not Equatable: nothing compares two, and every app linked the conformance
        public internal(set) var time: CivilTime
        /// Whether a time of day was written (else only a date).
        public internal(set) var hasTimeOfDay: Bool
        /// Seconds east of UTC when the text has `Z` or an offset; `nil` for a local time.
        public internal(set) var offsetSeconds: Int?

        /// The moment, when the text has a zone.
        public var microseconds: Int64? {
            offsetSeconds.map { time.microseconds(offsetSeconds: $0) }
        }
    }

    /// Reads the text; `nil` for anything that is not exactly one ISO 8601 date or moment
    /// in the grammar above (a day that does not exist, an hour past 23, a second past 60).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let digit = bytes[index + offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        // The year: an optional sign, then four digits or more.
        let negative = expect(UInt8(ascii: "-"))
        if !negative { _ = expect(UInt8(ascii: "+")) }
        var yearDigits = 0
        while index + yearDigits < bytes.count, bytes[index + yearDigits] &- UInt8(ascii: "0") < 10 { yearDigits += 1 }
        guard yearDigits >= 4, yearDigits <= 9, let magnitude = number(yearDigits) else { return nil }
        guard expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")), let day = number(2) else { return nil }
        var parsed = Parsed(time: CivilTime(year: negative ? -magnitude : magnitude, month: month, day: day), hasTimeOfDay: false, offsetSeconds: nil)
        guard parsed.time.isValidDate else { return nil }
        if index == bytes.count { return parsed }
        guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: "t")) || expect(UInt8(ascii: " ")) else { return nil }
        guard let hour = number(2), hour < 24, expect(UInt8(ascii: ":")), let minute = number(2), minute < 60 else { return nil }
        parsed.hasTimeOfDay = true
        parsed.time.hour = hour
        parsed.time.minute = minute
        if expect(UInt8(ascii: ":")) {
            guard let second = number(2), second <= 60 else { return nil }
            parsed.time.second = second
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                var micros = 0
                var digits = 0
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                    if digits < 6 { micros = micros * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 6) { micros *= 10 }
                parsed.time.microsecond = micros
            }
        }
        if index == bytes.count { return parsed }
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            parsed.offsetSeconds = 0
            return index == bytes.count ? parsed : nil
        }
        let sign: Int
        if expect(UInt8(ascii: "+")) { sign = 1 } else if expect(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = number(2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if index < bytes.count {
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard index == bytes.count else { return nil }
        parsed.offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        return parsed
    }

    /// Reads the text (see ``parse(_:)-(UnsafeBufferPointer<UInt8>)``).
    public static func parse(_ text: String) -> Parsed? {
        text.withUTF8Bytes { parse($0) }
    }
}
