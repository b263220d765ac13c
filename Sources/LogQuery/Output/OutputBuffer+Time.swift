import LogStore

extension OutputBuffer {
    /// Appends a moment in ISO 8601, UTC, with milliseconds: `2026-11-30T10:29:54.123Z`.
    @inline(__always)
    public mutating func appendISO8601(microseconds: Int64) {
        appendDateTime(CivilTime(microseconds: microseconds), separator: UInt8(ascii: "T"))
        append(UInt8(ascii: "Z"))
    }

    /// Appends `YYYY-MM-DD`, the separator, then `HH:MM:SS.mmm` (milliseconds rounded down).
    @inline(__always)
    public mutating func appendDateTime(_ time: CivilTime, separator: UInt8) {
        appendDate(time)
        append(separator)
        appendPadded(time.hour, width: 2)
        append(UInt8(ascii: ":"))
        appendPadded(time.minute, width: 2)
        append(UInt8(ascii: ":"))
        appendPadded(time.second, width: 2)
        append(UInt8(ascii: "."))
        appendPadded(time.microsecond / 1000, width: 3)
    }

    /// Appends `YYYY-MM-DD`.
    @inline(__always)
    public mutating func appendDate(_ time: CivilTime) {
        appendPadded(time.year, width: 4)
        append(UInt8(ascii: "-"))
        appendPadded(time.month, width: 2)
        append(UInt8(ascii: "-"))
        appendPadded(time.day, width: 2)
    }
}

/// ISO 8601 text of a moment, UTC with milliseconds: `2026-11-30T10:29:54.123Z`.
public func iso8601(microseconds: Int64) -> String {
    var buffer = OutputBuffer.collecting()
    buffer.appendISO8601(microseconds: microseconds)
    return buffer.text
}
