/// Writes a stream of logs in one format; the query calls ``begin(into:)`` once, then
/// ``write(_:into:)`` per log, then ``end(into:)``.
public protocol LogFormatter {
    /// Writes what comes before the first log (a header, `[`).
    mutating func begin(into output: inout OutputBuffer)
    /// Writes one log.
    mutating func write(_ log: StoredLog, into output: inout OutputBuffer)
    /// Writes what comes after the last log.
    mutating func end(into output: inout OutputBuffer)
}

extension LogFormatter {
    public mutating func begin(into output: inout OutputBuffer) {}
    public mutating func end(into output: inout OutputBuffer) {}
}
