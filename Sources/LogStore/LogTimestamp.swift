import Foundation
import LogCore

/// A point in time with microsecond precision: microseconds since 1970-01-01 00:00:00 UTC.
///
/// Records carry it outside their payload, so that time-range queries never decode a payload.
/// `Comparable`, not `Hashable`, and read-only for apps: nothing hashes or changes one, and
/// every app linked that code (issue 26).
public struct LogTimestamp: Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the Unix epoch (negative before 1970).
    public internal(set) var microsecondsSince1970: Int64

    /// A timestamp from microseconds since the Unix epoch.
    public init(microsecondsSince1970: Int64) {
        self.microsecondsSince1970 = microsecondsSince1970
    }

    /// A timestamp from a `Date`, rounded to the nearest microsecond (the project's one rule,
    /// which gives back the microseconds a date was made from).
    public init(_ date: Date) {
        self.microsecondsSince1970 = UnixTime.microseconds(date)
    }

    /// The current wall-clock time.
    public static func now() -> LogTimestamp {
        LogTimestamp(microsecondsSince1970: System.realtimeMicroseconds())
    }

    /// The same instant as a `Date`.
    public var date: Date {
        UnixTime.date(microseconds: microsecondsSince1970)
    }

    /// ISO 8601 in UTC with microseconds, e.g. `2026-11-30T10:29:35.123456Z`.
    public var description: String {
        ISO8601.string(microseconds: microsecondsSince1970, fractionDigits: 6)
    }

    public static func < (lhs: LogTimestamp, rhs: LogTimestamp) -> Bool {
        lhs.microsecondsSince1970 < rhs.microsecondsSince1970
    }
}
