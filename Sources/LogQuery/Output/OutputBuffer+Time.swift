import LogCore

extension OutputBuffer {
    /// Appends a moment in ISO 8601, UTC, with milliseconds: `2026-11-30T10:29:54.123Z`.
    @inline(__always)
    public mutating func appendISO8601(microseconds: Int64) {
        withRoom(ISO8601.maximumCount) { $0.writeISO8601(microseconds: microseconds) }
    }

    /// Appends `YYYY-MM-DD`, the separator, then `HH:MM:SS.mmm` (milliseconds rounded down).
    @inline(__always)
    package mutating func appendDateTime(_ time: CivilTime, separator: UInt8) {
        withRoom(ISO8601.maximumCount) { $0.writeDateTime(time, separator: separator) }
    }

    /// Appends `YYYY-MM-DD`.
    @inline(__always)
    package mutating func appendDate(_ time: CivilTime) {
        withRoom(ISO8601.maximumDateCount) { $0.writeDate(time) }
    }
}
