import Foundation
import LogStore

/// A moment written on the command line (`--since`, `--until`, `--where time>…`):
/// ISO 8601, or relative to now.
///
/// | Written | Means |
/// | --- | --- |
/// | `2026-11-30T10:15:00Z`, `2026-11-30T19:15:00+09:00` | that moment |
/// | `2026-11-30T10:15`, `2026-11-30 10:15:30.250` | that local time (the `TZ` time zone) |
/// | `2026-11-30` | the start of that local day |
/// | `30s`, `10m`, `2h`, `3d`, `1w` | that long before now |
/// | `now`, `today`, `yesterday` | now; the start of today; of yesterday (local) |
public struct TimeExpression: Sendable {
    /// The current moment, microseconds since 1970 UTC.
    public var now: Int64
    /// The time zone of times written without an offset, and of `today`.
    public var timeZone: TimeZone

    /// - Parameters:
    ///   - now: the moment relative times count back from (now unless given).
    ///   - timeZone: the zone of local times (the system's unless given).
    public init(now: Date = Date(), timeZone: TimeZone = .current) {
        self.now = Int64((now.timeIntervalSince1970 * 1_000_000).rounded(.down))
        self.timeZone = timeZone
    }

    /// The moment `text` names, in microseconds since 1970 UTC.
    /// - Throws: ``TimeExpressionError`` saying which forms are accepted.
    public func parse(_ text: String) throws(TimeExpressionError) -> Int64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "now": return now
        case "today": return startOfLocalDay(containing: now)
        case "yesterday": return startOfLocalDay(containing: startOfLocalDay(containing: now) - 1)
        default: break
        }
        if let relative = parseRelative(trimmed) { return relative }
        if let absolute = parseISO8601(trimmed) { return absolute }
        throw TimeExpressionError(text: text)
    }

    private func parseRelative(_ text: String) -> Int64? {
        guard let unit = text.last, let amount = Int64(text.dropLast()), amount >= 0 else { return nil }
        let seconds: Int64
        switch unit {
        case "s": seconds = 1
        case "m": seconds = 60
        case "h": seconds = 3600
        case "d": seconds = 86_400
        case "w": seconds = 7 * 86_400
        default: return nil
        }
        let (span, overflow) = amount.multipliedReportingOverflow(by: seconds * 1_000_000)
        return overflow ? nil : now - span
    }

    private func startOfLocalDay(containing moment: Int64) -> Int64 {
        let offset = offsetSeconds(at: moment)
        var civil = CivilTime(microseconds: moment, offsetSeconds: offset)
        civil.hour = 0; civil.minute = 0; civil.second = 0; civil.microsecond = 0
        return localMoment(civil)
    }

    private func offsetSeconds(at moment: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment) / 1_000_000))
    }

    /// The moment of local calendar fields, with the offset in force then (a guess refined once,
    /// which is exact except inside a daylight-saving jump).
    private func localMoment(_ civil: CivilTime) -> Int64 {
        let guess = civil.microseconds(offsetSeconds: 0)
        let first = civil.microseconds(offsetSeconds: offsetSeconds(at: guess))
        return civil.microseconds(offsetSeconds: offsetSeconds(at: first))
    }

    /// The moment of an ISO 8601 text only (no relative forms); local times read in ``timeZone``.
    /// `YYYY-MM-DD[(T| )HH:MM[:SS[.fraction]]][Z|±HH[:MM]]`.
    public func parseISO8601(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
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
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else { return nil }
        var civil = CivilTime(year: year, month: month, day: day)
        guard civil.isValidDate else { return nil }
        if index == bytes.count { return localMoment(civil) }
        guard expect("T") || expect("t") || expect(" ") else { return nil }
        guard let hour = number(2), hour < 24, expect(":"), let minute = number(2), minute < 60 else { return nil }
        civil.hour = hour
        civil.minute = minute
        if expect(":") {
            guard let second = number(2), second < 60 else { return nil }
            civil.second = second
            if expect(".") || expect(",") {
                var micros = 0
                var digits = 0
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                    if digits < 6 { micros = micros * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 6) { micros *= 10 }
                civil.microsecond = micros
            }
        }
        if index == bytes.count { return localMoment(civil) }
        if expect("Z") || expect("z") {
            return index == bytes.count ? civil.microseconds(offsetSeconds: 0) : nil
        }
        let sign: Int
        if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
        guard let offsetHours = number(2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if index < bytes.count {
            _ = expect(":")
            guard let minutes = number(2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard index == bytes.count else { return nil }
        return civil.microseconds(offsetSeconds: sign * (offsetHours * 3600 + offsetMinutes * 60))
    }
}

/// A time that could not be read, with the forms that are accepted.
public struct TimeExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String

    public var description: String {
        "cannot read the time '\(text)'; write ISO 8601 (2026-11-30, 2026-11-30T10:15, 2026-11-30T10:15:00Z) "
            + "or a span before now (30s, 10m, 2h, 3d, 1w), now, today or yesterday"
    }
}
