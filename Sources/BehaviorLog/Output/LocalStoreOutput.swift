import Foundation
import LogStore
import Synchronization

/// Keeps a history of every log in a `LogStore`, capped by size and age: what `logview`
/// reads, and what an in-app debug screen can show (`recentLogs`).
///
/// Logs are appended in batches (one `write` per batch) and group-committed: the store
/// syncs by count and by time, and the output syncs whenever the logger's queue runs empty,
/// so a log is durable moments after it is posted.
///
/// ```swift
/// let history = try LocalStoreOutput(directory: "/var/app/logs")   // logview --store /var/app/logs
/// ```
public final class LocalStoreOutput: LogOutput {
    private struct Progress {
        /// (last sequence of a batch, logs written by this output up to and including it)
        var batches: [(last: UInt64, count: Int)] = []
        var durableSequence: UInt64 = 0
        var durableCount = 0
        var written = 0
        var storeErrors = 0
        var lastError: String?
    }

    private let writer: LogStoreWriter
    private let progress = Locked(Progress())
    private let onDurable: (@Sendable (Int) -> Void)?
    /// The store's directory.
    public let directory: String

    /// Opens (or creates) the store.
    /// - Parameters:
    ///   - directory: The store's directory (created 0700).
    ///   - configuration: Caps (size, age), segment size and group commit; the store's defaults.
    ///   - onDurable: Told how many of the logs this output wrote since it opened are durable
    ///     — the first N, in post order; called in increasing order, under a lock (keep it short).
    /// - Throws: `LogStoreError` when the store cannot be opened (another writer holds it,
    ///   the directory cannot be created).
    public init(
        directory: String, configuration: LogStoreConfiguration = .standard,
        onDurable: (@Sendable (Int) -> Void)? = nil
    ) throws(LogStoreError) {
        self.directory = directory
        self.onDurable = onDurable
        var configuration = configuration
        let box = RelayBox()
        configuration.onDurable = { [box, previous = configuration.onDurable] sequence in
            previous?(sequence)
            box.call(sequence)
        }
        writer = try LogStoreWriter(directory: directory, configuration: configuration)
        box.set { [weak self] sequence in self?.durableAdvanced(to: sequence) }
    }

    /// How many logs this output wrote since it opened, how many of them are durable, and
    /// the store errors met (a failed append loses that batch from the history only).
    public var statistics: (written: Int, durable: Int, storeErrors: Int, lastError: String?) {
        progress.withLock { ($0.written, $0.durableCount, $0.storeErrors, $0.lastError) }
    }

    public func write(_ logs: [EncodedLog]) {
        do {
            if let range = try writer.append(contentsOf: logs.map(LogStoreOutbox.storeEntry)) {
                progress.withLock { state in
                    state.written += logs.count
                    state.batches.append((range.upperBound, state.written))
                }
                durableAdvanced(to: writer.durableSequence)
            }
        } catch {
            recordError(error)
        }
    }

    public func writerIsIdle() {
        do {
            durableAdvanced(to: try writer.sync())
        } catch {
            recordError(error)
        }
    }

    public func flush() async {
        writerIsIdle()
    }

    public func shutdown() async {
        writerIsIdle()
        do { try writer.close() } catch { recordError(error) }
    }

    /// Deletes every log, index and cursor of the store, durably (`Logger.eraseAllData()`,
    /// issue 17); the history goes on empty.
    public func eraseAllData() async throws {
        try writer.eraseAll()
        durableAdvanced(to: writer.durableSequence)
    }

    /// The last `limit` logs in the store, oldest first, for an in-app debug screen.
    public func recentLogs(limit: Int) throws -> [LogRecord] {
        let last = writer.lastSequence
        return try writer.read(after: last > UInt64(limit) ? last - UInt64(limit) : 0, limit: limit)
    }

    private func durableAdvanced(to sequence: UInt64) {
        // The callback runs under the lock, so that counts are reported in increasing order
        // whichever thread saw the sync.
        progress.withLock { state in
            state.durableSequence = max(state.durableSequence, sequence)
            let before = state.durableCount
            var done = 0
            for batch in state.batches {
                guard batch.last <= state.durableSequence else { break }
                state.durableCount = batch.count
                done += 1
            }
            state.batches.removeFirst(done)
            if state.durableCount > before { onDurable?(state.durableCount) }
        }
    }

    private func recordError(_ error: any Error) {
        let first = progress.withLock { state in
            state.storeErrors += 1
            state.lastError = "\(error)"
            return state.storeErrors == 1
        }
        if first {
            FileDescriptorSink.write("BehaviorLog: error: the local store at \(directory) failed: \(error); the history misses those logs, check the disk\n")
        }
    }
}

/// Lets the store's durable callback reach the output, which exists only after the store opens.
private final class RelayBox: Sendable {
    private let target = Locked<(@Sendable (UInt64) -> Void)?>(nil)
    func set(_ function: @escaping @Sendable (UInt64) -> Void) { target.withLock { $0 = function } }
    func call(_ sequence: UInt64) { target.withLock { $0 }?(sequence) }
}
