import LogStore

extension OutputBuffer {
    /// Appends a moment in ISO 8601, UTC, with milliseconds: `2026-11-30T10:29:54.123Z`.
    @inline(__always)
    public mutating func appendISO8601(microseconds: Int64) {
        withRoom(24) { $0.writeISO8601(microseconds: microseconds) }
    }

    /// Appends `YYYY-MM-DD`, the separator, then `HH:MM:SS.mmm` (milliseconds rounded down).
    @inline(__always)
    public mutating func appendDateTime(_ time: CivilTime, separator: UInt8) {
        withRoom(23) { $0.writeDateTime(time, separator: separator) }
    }

    /// Appends `YYYY-MM-DD`.
    @inline(__always)
    public mutating func appendDate(_ time: CivilTime) {
        withRoom(10) { $0.writeDate(time) }
    }
}

/// ISO 8601 text of a moment, UTC with milliseconds: `2026-11-30T10:29:54.123Z`.
public func iso8601(microseconds: Int64) -> String {
    var buffer = OutputBuffer.collecting()
    buffer.appendISO8601(microseconds: microseconds)
    return buffer.text
}
