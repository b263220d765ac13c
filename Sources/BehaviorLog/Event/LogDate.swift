import LogCore

/// A calendar date — year, month and day — with no time and no time zone.
///
/// `!date` fields use it, so that "the day the user chose" never shifts by a time zone.
public struct LogDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    // Read-only: a date is checked when made (no February 30th), and an app links no setters.
    public internal(set) var year: Int
    public internal(set) var month: Int
    public internal(set) var day: Int

    /// A date; `nil` when the month or day does not exist (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LogDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date from its ISO 8601 form, `YYYY-MM-DD` (a year before 1 or after 9999 as the
    /// envelope writes it: `-0001-01-01`, `10000-01-01`).
    public init?(_ text: String) {
        guard let parsed = ISO8601.parse(text), !parsed.hasTimeOfDay else { return nil }
        self.init(year: parsed.time.year, month: parsed.time.month, day: parsed.time.day)
    }

    /// The ISO 8601 form, `YYYY-MM-DD`, as the envelope writes it.
    public var description: String {
        ISO8601.string(date: CivilTime(year: year, month: month, day: day))
    }

    public static func < (lhs: LogDate, rhs: LogDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
