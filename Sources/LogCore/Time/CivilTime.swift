/// Conversions between moments (microseconds since 1970 UTC) and calendar fields, without
/// Foundation's formatters, so that a million timestamps format in milliseconds.
///
/// It lives in LogCore, under everything that prints or reads a log's time: the store, the
/// runtime's envelope, logview, the collector and the ClickHouse rows. ``ISO8601`` writes and
/// reads its text; ``UnixTime`` converts `Date`s.
///
/// Days are converted with Howard Hinnant's `days_from_civil` algorithms (proleptic Gregorian).
/// Read-only outside LogCore (`public internal(set)`): a setter and two modify accessors per
/// field were in every app (issue 26).
public struct CivilTime: Equatable, Sendable {
    public internal(set) var year: Int
    public internal(set) var month: Int
    public internal(set) var day: Int
    public internal(set) var hour: Int
    public internal(set) var minute: Int
    public internal(set) var second: Int
    /// Microseconds within the second, 0..<1_000_000.
    public internal(set) var microsecond: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, microsecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.microsecond = microsecond
    }

    /// The calendar fields of a moment, seen at `offsetSeconds` from UTC.
    @_alwaysEmitIntoClient
    public init(microseconds: Int64, offsetSeconds: Int = 0) {
        let local = microseconds + Int64(offsetSeconds) * 1_000_000
        let (seconds, micros) = Self.floorDivide(local, 1_000_000)
        let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(
            year: year, month: month, day: day,
            hour: Int(secondOfDay / 3600), minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60),
            microsecond: Int(micros))
    }

    /// The moment these fields name, read at `offsetSeconds` from UTC.
    public func microseconds(offsetSeconds: Int = 0) -> Int64 {
        let days = Self.days(fromCivil: year, month, day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        return seconds * 1_000_000 + Int64(microsecond)
    }

    /// Whether the day exists in its month (no February 30th).
    public var isValidDate: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// Division that rounds toward negative infinity, with a remainder that is never negative.
    @_alwaysEmitIntoClient
    public static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 { quotient -= 1; remainder += divisor }
        return (quotient, remainder)
    }

    public static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    @_alwaysEmitIntoClient
    public static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
