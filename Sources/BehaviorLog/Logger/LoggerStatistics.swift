/// What a logger did since it started.
public struct LoggerStatistics: Sendable, Equatable {
    /// Logs posted (before the filters).
    public internal(set) var posted: UInt64
    /// Logs a filter dropped (sampling, for instance).
    public internal(set) var filteredOut: UInt64
    /// Logs written to the outputs (each counted once, whatever the number of outputs).
    public internal(set) var delivered: UInt64
    /// Logs that matched no output.
    public internal(set) var unrouted: UInt64
    /// Logs posted under `LogConsent.denied` that the consent-requiring outputs did not
    /// receive (a log that still went to an output without that need is counted here too).
    public internal(set) var unroutedForConsent: UInt64
    /// Times the queue was full and a posting thread waited for the writer to take it.
    public internal(set) var spills: UInt64
    /// Logs the main thread posted into a full queue: it does not wait, the queue grows past
    /// its capacity (up to four times).
    public internal(set) var mainThreadOverflows: UInt64
    /// Logs the main thread posted while the queue held four times its capacity: dropped
    /// rather than block the app's UI (a warning is printed once).
    public internal(set) var mainThreadDrops: UInt64
    /// Logs an output posted from the logger's writer thread (from its `write`, for instance)
    /// into a full queue: the writer is the thread that empties the queue, so it never waits
    /// for it; the queue grows past its capacity (up to four times).
    public internal(set) var writerThreadOverflows: UInt64
    /// Logs an output posted from the writer thread while the queue held four times its
    /// capacity: dropped, since waiting would wait for itself (a warning is printed once).
    public internal(set) var writerThreadDrops: UInt64
    /// Logs posted from a Swift concurrency task (an `async` function) into a full queue: a
    /// task runs on Swift's cooperative pool, one thread per core, which must never block, so it
    /// does not wait; the queue grows past its capacity (up to four times).
    public internal(set) var taskOverflows: UInt64
    /// Logs posted from a task while the queue held four times its capacity: dropped rather
    /// than block the pool (a warning is printed once).
    public internal(set) var taskDrops: UInt64
    /// Logs posted after `shutdown()` began; they are not written (a warning is printed once).
    public internal(set) var postedAfterShutdown: UInt64

    /// All zero. Set here, not by an initial value per property: each was a function of its
    /// own in every app (issue 26).
    init() {
        posted = 0
        filteredOut = 0
        delivered = 0
        unrouted = 0
        unroutedForConsent = 0
        spills = 0
        mainThreadOverflows = 0
        mainThreadDrops = 0
        writerThreadOverflows = 0
        writerThreadDrops = 0
        taskOverflows = 0
        taskDrops = 0
        postedAfterShutdown = 0
    }
}
