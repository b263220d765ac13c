import Foundation
import LogCore

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
        self.now = UnixTime.microseconds(now)
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
        let civil = CivilTime(microseconds: moment, offsetSeconds: offset)
        return localMoment(CivilTime(year: civil.year, month: civil.month, day: civil.day))
    }

    private func offsetSeconds(at moment: Int64) -> Int {
        timeZone.secondsFromGMT(for: UnixTime.date(microseconds: moment))
    }

    /// The moment of local calendar fields, with the offset in force then (a guess refined once,
    /// which is exact except inside a daylight-saving jump).
    private func localMoment(_ civil: CivilTime) -> Int64 {
        let guess = civil.microseconds(offsetSeconds: 0)
        let first = civil.microseconds(offsetSeconds: offsetSeconds(at: guess))
        return civil.microseconds(offsetSeconds: offsetSeconds(at: first))
    }

    /// The moment of an ISO 8601 text only (no relative forms; LogCore's `ISO8601` grammar);
    /// local times read in ``timeZone``.
    /// `YYYY-MM-DD[(T| )HH:MM[:SS[.fraction]]][Z|±HH[:MM]]`.
    public func parseISO8601(_ text: String) -> Int64? {
        guard let parsed = ISO8601.parse(text) else { return nil }
        return parsed.microseconds ?? localMoment(parsed.time)
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
