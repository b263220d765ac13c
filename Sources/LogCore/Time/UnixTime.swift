import Foundation

/// The one rule between `Date` and the integer times of the store and the envelope.
///
/// A `Date` is a `Double` of seconds, so a moment made from whole microseconds often comes
/// back a hair below them (1.000001 s is 1.00000099999… in binary). Rounding to the nearest
/// microsecond gives back the microseconds that made the date; truncating would lose one.
/// So: **microseconds = the nearest whole microsecond, halves away from zero**; milliseconds
/// and seconds are then the floor of those (a moment before 1970 belongs to the millisecond
/// that starts before it, as ``CivilTime`` counts).
public enum UnixTime {
    /// Microseconds since 1970 UTC, rounded to the nearest.
    @_alwaysEmitIntoClient
    public static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// Whole milliseconds since 1970 UTC: the floor of ``microseconds(_:)`` / 1000.
    @_alwaysEmitIntoClient
    public static func milliseconds(_ date: Date) -> Int64 {
        milliseconds(microseconds: microseconds(date))
    }

    /// The millisecond a moment in microseconds falls in (the floor).
    @_alwaysEmitIntoClient
    public static func milliseconds(microseconds: Int64) -> Int64 {
        microseconds >= 0 ? microseconds / 1000 : (microseconds - 999) / 1000
    }

    /// The `Date` of microseconds since 1970 UTC.
    @_alwaysEmitIntoClient
    public static func date(microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }
}
