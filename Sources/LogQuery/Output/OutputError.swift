import LogCore
import LogStore

/// Writing to the output failed (for example the reader of a pipe went away).
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The `errno` of the failed write.
    public var code: Int32
    /// Whether the reader of a pipe went away (`head`, a closed pager): a normal way to stop.
    public var isBrokenPipe: Bool { System.Failure(code).isBrokenPipe }
    public var description: String { "cannot write the output: \(System.describe(code))" }
}
