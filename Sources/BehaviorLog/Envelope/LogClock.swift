import Foundation

/// Conversions between `Date` and the integer times the envelope and the store use.
enum LogClock {
    /// Microseconds since 1970, rounded to the nearest, so that a time read back from
    /// milliseconds is written again as the same milliseconds.
    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// Whole milliseconds since 1970 (rounded down).
    static func milliseconds(_ date: Date) -> Int64 {
        let micro = microseconds(date)
        return micro >= 0 ? micro / 1000 : (micro - 999) / 1000
    }

    /// Nanoseconds since 1970 (microsecond precision).
    static func nanoseconds(_ date: Date) -> Int64 { microseconds(date) * 1000 }

    static func date(nanoseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(nanoseconds / 1000) / 1_000_000)
    }
}
