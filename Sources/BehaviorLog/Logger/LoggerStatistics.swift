/// What a logger did since it started.
public struct LoggerStatistics: Sendable, Equatable {
    /// Logs posted (before the filters).
    public var posted: UInt64 = 0
    /// Logs a filter dropped (sampling, for instance).
    public var filteredOut: UInt64 = 0
    /// Logs written to the outputs (each counted once, whatever the number of outputs).
    public var delivered: UInt64 = 0
    /// Logs that matched no output.
    public var unrouted: UInt64 = 0
    /// Times the queue was full and a posting thread waited for the writer to take it.
    public var spills: UInt64 = 0
    /// Logs the main thread posted into a full queue: it does not wait, the queue grows past
    /// its capacity (up to four times).
    public var mainThreadOverflows: UInt64 = 0
    /// Logs the main thread posted while the queue held four times its capacity: dropped
    /// rather than block the app's UI (a warning is printed once).
    public var mainThreadDrops: UInt64 = 0
    /// Logs posted after `shutdown()` began; they are not written (a warning is printed once).
    public var postedAfterShutdown: UInt64 = 0
}
