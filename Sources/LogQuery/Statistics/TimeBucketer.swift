import Foundation
import LogCore
import LogStore

/// Finds the bucket of many moments quickly: the time zone's offset is looked up once per
/// UTC hour seen, not once per log.
public struct TimeBucketer {
    public let bucket: TimeBucket
    public let timeZone: TimeZone
    private var cachedHour: Int64 = .min
    private var cachedOffset: Int64 = 0

    public init(bucket: TimeBucket, timeZone: TimeZone) {
        self.bucket = bucket
        self.timeZone = timeZone
    }

    /// The start of the bucket holding `microseconds` (microseconds since 1970 UTC).
    public mutating func start(of microseconds: Int64) -> Int64 {
        let offset = offset(at: microseconds)
        let local = microseconds + offset
        let size = bucket.nominalMicroseconds
        let floor = CivilTime.floorDivide(local, size).0 * size
        return floor - offset
    }

    /// The start of the bucket after the one starting at `start`.
    public mutating func next(after start: Int64) -> Int64 {
        // Step past the bucket, then snap to its start: exact across offset changes.
        self.start(of: start + bucket.nominalMicroseconds + bucket.nominalMicroseconds / 2)
    }

    private mutating func offset(at microseconds: Int64) -> Int64 {
        let hour = CivilTime.floorDivide(microseconds, 3_600_000_000).0
        if hour != cachedHour {
            cachedHour = hour
            cachedOffset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour) * 3600))) * 1_000_000
        }
        return cachedOffset
    }

    /// The label of a bucket on the local clock: `2026-11-30 10:31`, `2026-11-30 10:00`, `2026-11-30`.
    public func label(of start: Int64) -> String {
        let offset = timeZone.secondsFromGMT(for: UnixTime.date(microseconds: start))
        let time = CivilTime(microseconds: start, offsetSeconds: offset)
        var buffer = OutputBuffer.collecting()
        buffer.appendDate(time)
        if bucket != .day {
            buffer.append(UInt8(ascii: " "))
            buffer.appendPadded(time.hour, width: 2)
            buffer.append(UInt8(ascii: ":"))
            buffer.appendPadded(time.minute, width: 2)
        }
        return buffer.text
    }
}
