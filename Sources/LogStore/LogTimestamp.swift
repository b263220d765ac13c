import Foundation
import LogCore

/// A point in time with microsecond precision: microseconds since 1970-01-01 00:00:00 UTC.
///
/// Records carry it outside their payload, so that time-range queries never decode a payload.
public struct LogTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the Unix epoch (negative before 1970).
    public var microsecondsSince1970: Int64

    /// A timestamp from microseconds since the Unix epoch.
    public init(microsecondsSince1970: Int64) {
        self.microsecondsSince1970 = microsecondsSince1970
    }

    /// A timestamp from a `Date`, truncated to whole microseconds.
    public init(_ date: Date) {
        self.microsecondsSince1970 = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    }

    /// The current wall-clock time.
    public static func now() -> LogTimestamp {
        LogTimestamp(microsecondsSince1970: System.realtimeMicroseconds())
    }

    /// The same instant as a `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: Double(microsecondsSince1970) / 1_000_000)
    }

    /// ISO 8601 in UTC with microseconds, e.g. `2026-11-30T10:29:35.123456Z`.
    public var description: String {
        let time = CivilTime(microseconds: microsecondsSince1970)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(time.year, 4))-\(pad(time.month, 2))-\(pad(time.day, 2))T"
            + "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2)).\(pad(time.microsecond, 6))Z"
    }

    public static func < (lhs: LogTimestamp, rhs: LogTimestamp) -> Bool {
        lhs.microsecondsSince1970 < rhs.microsecondsSince1970
    }
}
