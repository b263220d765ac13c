import Foundation
import LogCore
import LogStore

/// The base of every output that ships logs: it keeps each log in its own store until the
/// backend acknowledges it, and sends from its own thread, so a slow or failing backend never
/// holds up posting or another output.
///
/// - Chunks: a chunk is sent when `chunkCount` logs or `chunkBytes` bytes are pending, or
///   when the oldest pending log has waited `flushInterval`. Only durable logs are sent: the
///   store syncs just before a chunk goes (the one sync a chunk needs), and otherwise at most
///   once per `syncInterval` (see ``BufferedOutputConfiguration/syncInterval``).
/// - Backlog: logs left unsent by an earlier run are sent at once after a restart, chunk
///   after chunk, with no pause between accepted chunks.
/// - Failures: a retryable failure (no network, timeout, 5xx) is retried with exponential
///   backoff and jitter, the same chunk again (at-least-once: the backend may see a log
///   twice, always with the same UUID — de-duplicate on it). A permanent failure (4xx)
///   sets the chunk aside in the store's `rejected` area, counts it, and moves on.
/// - `write` only appends to the store: it never reads the backlog, so posting costs the
///   same with 100,000 logs waiting behind a dead backend as with none.
public final class BufferedOutput: LogOutput {
    let core: BufferedOutputCore

    /// Makes the output and starts its sender, whose thread opens (or creates) the store and
    /// then sends its backlog: nothing here touches the file system, so an app's launch does
    /// not wait for the disk. Logs written meanwhile wait in memory for the store.
    /// - Parameters:
    ///   - directory: The output's own store (a LogStore; cursor `sent` marks what the backend
    ///     has; rejected chunks go to `directory/rejected`).
    ///   - backend: Where the logs go.
    ///   - configuration: Chunk size, interval, timeout and backoff; the send timeout is raised
    ///     to 5 seconds above the backend's `requestTimeout`, when it has one.
    ///   - storeConfiguration: The store's segment size, group commit and caps.
    ///   - name: A name for messages and statistics; the directory's name by default.
    /// - Throws: Nothing any more (kept so that existing calls compile): a store that cannot be
    ///   opened is reported by the sender as a store error (``statistics``' `storeErrors` and
    ///   `lastError`, and a line on standard error), and the logs written to it are held and
    ///   counted (`heldLogs`, then `lostLogs`), never dropped unseen.
    public convenience init(
        directory: URL, backend: any LogBackend, configuration: BufferedOutputConfiguration = .standard,
        storeConfiguration: LogStoreConfiguration = .standard, name: String? = nil
    ) throws(LogStoreError) {
        var configuration = configuration
        if let requestTimeout = backend.requestTimeout {
            configuration.sendTimeout = max(configuration.sendTimeout, requestTimeout + .seconds(5))
        }
        let storage = LogStoreOutbox(directory: directory.path, configuration: storeConfiguration, syncInterval: configuration.syncInterval)
        self.init(storage: storage, backend: backend, configuration: configuration, name: name ?? directory.lastPathComponent)
    }

    /// Makes the output over a history's store: it appends its logs to `history`'s store and
    /// sends them from there, through a cursor, so that each log is written and synced once, in
    /// one store, on the history's sync schedule (issue 26: the default set-up's trickle costs
    /// one store's syncs, and a backlog one copy on disk). The history then holds what this
    /// output is given — its tags, its route, nothing posted under `LogConsent.denied` — and
    /// keeps what was sent until its caps drop it; unsent logs its caps drop are counted in its
    /// store's `droppedByCaps` (`logview stats`). Give the logger this output only, not the
    /// history (`LoggerConfiguration` refuses both); the output flushes, shuts down and erases
    /// the history with itself. docs/Store.md says what a crash can take.
    /// - Parameters:
    ///   - history: The history whose store the output uses; its `syncInterval` is the output's
    ///     (``BufferedOutputConfiguration/syncInterval`` is not used). Rejected chunks go to
    ///     `history/rejected`.
    ///   - backend: Where the logs go.
    ///   - configuration: Chunk size, interval, timeout and backoff, as in ``init(directory:backend:configuration:storeConfiguration:name:)``.
    ///   - name: A name for messages and statistics; the history's directory's name by default.
    /// - Throws: `ConfigurationError` when another buffered output uses the history already.
    public convenience init(
        history: LocalStoreOutput, backend: any LogBackend, configuration: BufferedOutputConfiguration = .standard, name: String? = nil
    ) throws(ConfigurationError) {
        let taken = history.paired.withLock { paired in
            defer { paired = true }
            return paired
        }
        if taken {
            throw ConfigurationError(
                "BufferedOutput: the history at \(history.directory.path) is the store of another buffered output already; a history serves one")
        }
        var configuration = configuration
        if let requestTimeout = backend.requestTimeout {
            configuration.sendTimeout = max(configuration.sendTimeout, requestTimeout + .seconds(5))
        }
        self.init(
            storage: LogStoreOutbox(history: history), backend: backend, configuration: configuration,
            name: name ?? history.directory.lastPathComponent, history: history)
    }

    init(storage: any OutboxStorage, backend: any LogBackend, configuration: BufferedOutputConfiguration, name: String, history: LocalStoreOutput? = nil) {
        core = BufferedOutputCore(storage: storage, backend: backend, configuration: configuration, name: name)
        self.history = history
    }

    /// The history whose store the output uses (``init(history:backend:configuration:name:)``).
    let history: LocalStoreOutput?

    /// Released without `shutdown()` (with its logger, or unused): what it wrote becomes
    /// durable, a send in flight is abandoned (its chunk goes again at the next start), and the
    /// sender stops and closes the store; nothing it started keeps running.
    deinit {
        core.release()
    }

    /// When it sends and how it retries.
    public var configuration: BufferedOutputConfiguration { core.configuration }

    /// What the output did so far, never waiting for the store: before it is open
    /// the logs written so far are `heldLogs` and `unsentLogs` is 0.
    public var statistics: BufferedOutputStatistics { core.statistics }

    // MARK: LogOutput

    /// Appends the logs to the store. The sender is woken only when it has something new to
    /// do: the first logs after everything was sent (it starts the `flushInterval`), or a chunk
    /// that just filled. So a log costs no wake-up of the sender of its own.
    public func write(_ logs: [EncodedLog]) {
        core.write(logs)
    }

    /// Makes the written logs durable (and writes those its store refused earlier, if it takes
    /// them now), on the output's own thread.
    public func makeDurable() async {
        await core.makeWrittenLogsDurable()
    }

    /// Makes the written logs durable and sends what is pending now (cutting a backoff
    /// short); returns when nothing is left to send, when a send fails, or at once while
    /// suspended.
    public func flush() async {
        await core.flush()
    }

    public func suspend() {
        core.suspend()
    }

    public func resume() {
        core.resume()
    }

    /// Makes the logs durable, abandons a send in flight (its chunk is sent again on the
    /// next start) and stops the sender.
    public func shutdown() async {
        await core.shutdown()
    }

    // MARK: Privacy (issue 17; BufferedOutput+Privacy.swift)

    public func consentChanged(to consent: LogConsent) {
        core.consentChanged(to: consent)
    }

    /// Deletes the output's store — sent, unsent and set-aside logs, the cursor, the indexes —
    /// durably, abandoning a send in flight; then it goes on with an empty store. On the
    /// sender's thread, once the store has opened: the caller awaits it without holding a thread
    /// of Swift's cooperative pool.
    public func eraseAllData() async throws {
        try await core.eraseAllData()
    }
}
