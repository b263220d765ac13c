import Foundation
import LogCore
import LogStore

/// Keeps a history of every log in a `LogStore`, capped by size and age: what `logview`
/// reads, and what an in-app debug screen can show (`recentLogs`).
///
/// Logs are appended in batches (one `write` per batch), so an app that is killed loses none
/// that the logger had written. The store syncs at most once per `syncInterval` (5 seconds by
/// default) while logs are being written, and at `flush()` and `shutdown()`: a sync only bounds
/// what a power loss or a kernel panic can take, and on a phone each one costs battery.
///
/// The initialiser touches no file: the output's own thread (its sync thread) opens the store
/// — creates it, recovers it — while the app goes on; logs written meanwhile wait in memory
/// for it. A store that cannot be opened is reported as a store error (``statistics``, and a
/// line on standard error), and its logs are held and counted as any refused write.
///
/// ```swift
/// let history = try LocalStoreOutput(directory: BehaviorLogger.defaultDirectory.appending(path: "history"))
/// ```
///
/// A `BufferedOutput(history:backend:)` keeps its logs in this output's store and sends them from
/// there: it is then the store's one writer (give the logger the buffered output, not this one),
/// and flushes, shuts down and erases it with itself.
public final class LocalStoreOutput: LogOutput {
    /// - `batches`: (last sequence of a batch, logs written by this output up to and including it)
    /// - `reported`, `reporting`: the count last handed to `onDurable`, and whether a thread is
    ///   calling it now (the one reporter: the counts reach the app in increasing order, and the
    ///   call is made with no lock held).
    ///
    /// A tuple, not a struct of its own: `Locked` is generic and in another module, so a
    /// struct's metadata and value witnesses would be linked into every app.
    private typealias Progress = (
        batches: [(last: UInt64, count: Int)], durableSequence: UInt64, durableCount: Int, written: Int,
        storeErrors: Int, lastError: String?, reported: Int, reporting: Bool
    )

    let writer: LogStoreWriter
    let scheduler: SyncScheduler
    /// A `BufferedOutput` made with this history sends from its store (`init(history:…)`): it
    /// is then the store's one writer, and the logger writes to it, not to this output.
    let paired: Locked<Bool>
    private let progress: Locked<Progress>
    private let refusals: StoreRefusals
    /// Logs written before the sync thread opened the store.
    private let opening: StoreOpening
    /// `shutdown()` closed the store (`deinit` has nothing left to do).
    private let closed: Locked<Bool>
    private let onDurable: (@Sendable (Int) -> Void)?
    /// The store's directory.
    public let directory: URL

    /// Makes the output, and has its own thread open (or create) the store: nothing here touches
    /// the file system, so an app's launch does not wait for the disk.
    /// - Parameters:
    ///   - directory: The store's directory (created 0700).
    ///   - configuration: Caps (size, age), segment size, sync method and file protection; the
    ///     store's defaults. (Its group-commit count and interval are not used: the output syncs
    ///     by `syncInterval`.)
    ///   - syncInterval: The longest a written log waits for its sync (5 seconds by default).
    ///   - onDurable: Told how many of the logs this output wrote since it opened are durable
    ///     — the first N, in post order; called in increasing order, one call at a time, with no
    ///     lock of the output held (it may read ``statistics``), on the thread that saw the sync:
    ///     keep it short, it holds up that thread.
    /// - Throws: Nothing any more (kept so that existing calls compile): a store that cannot be
    ///   opened (another writer holds it, the directory cannot be created) is reported by the
    ///   output's thread as a store error (``statistics``' `storeErrors` and `lastError`, and a
    ///   line on standard error), and the logs written to it are held and counted
    ///   (`heldLogs`, then `lostLogs`), never dropped unseen.
    public init(
        directory: URL, configuration: LogStoreConfiguration = .standard, syncInterval: Duration = .seconds(5),
        onDurable: (@Sendable (Int) -> Void)? = nil
    ) throws(LogStoreError) {
        self.directory = directory
        // The state is set here, not at the declarations: an initial value there was a function
        // of its own in every app (issue 26).
        paired = Locked(false)
        progress = Locked(([], 0, 0, 0, 0, nil, 0, false))
        refusals = StoreRefusals()
        opening = StoreOpening()
        closed = Locked(false)
        let path = directory.path
        self.onDurable = onDurable
        var configuration = configuration
        // The store never syncs inside an append; the scheduler does, by interval.
        configuration.syncEveryRecords = Int.max
        configuration.syncInterval = .seconds(Int32.max)
        // A buffered output that sends from this history moves a cursor in it: the history keeps
        // what was sent, until the caps drop it.
        configuration.keepsAcknowledgedRecords = true
        let box = RelayBox()
        configuration.onDurable = { [box, previous = configuration.onDurable] sequence in
            previous?(sequence)
            box.call(sequence)
        }
        let writer = LogStoreWriter(deferringOpenOf: path, configuration: configuration)
        self.writer = writer
        let errors = RelayBox()
        scheduler = SyncScheduler(writer: writer, interval: syncInterval, name: "bl-sync.\(directory.lastPathComponent)") { error in
            if let error { errors.call(error) }
        }
        box.set { [weak self] sequence in self?.durableAdvanced(to: sequence) }
        errors.setError { [weak self] error in self?.recordError(error) }
        scheduler.run { [weak self] in self?.openStore() }
    }

    /// On the sync thread, first of all: opens the store, then appends what was written meanwhile.
    private func openStore() {
        do {
            try writer.open()
        } catch {
            recordError(error)  // its logs go to the refusals below: held, then counted as lost
        }
        opening.finish { logs, _ in append(logs) }
    }

    /// Released (by its logger's release, or unused): what was written becomes durable, the
    /// sync thread ends and the store is closed, so a dropped output leaves no thread and no
    /// lock behind. (A sync on the releasing thread: the writer's, when the logger goes first.)
    deinit {
        if !closed.withLock({ $0 }) {
            opening.finish { logs, _ in append(logs) }  // released before its thread opened the store
            record(
                refusals.write([], force: true) { (batch) throws(LogStoreAppendFailure) in
                    try writer.appendReportingKept(contentsOf: batch.map(LogStoreOutbox.storeEntry))
                })
            _ = refusals.abandonHeld()
            syncNow()
            scheduler.stop()
            try? writer.close()
        }
    }

    /// How many logs this output wrote since it opened, how many of them are durable, and
    /// the store errors met (a failed append loses that batch from the history only). From
    /// memory, never waiting: before the store is open, the logs written so far are `heldLogs`.
    public var statistics: LocalStoreOutputStatistics {
        let (held, lost, _) = refusals.counts
        let queued = opening.queuedCount
        return progress.withLock {
            LocalStoreOutputStatistics(
                written: $0.written, durable: $0.durableCount, heldLogs: held + queued, lostLogs: Int(lost),
                storeErrors: $0.storeErrors, lastError: $0.lastError)
        }
    }

    public func write(_ logs: [EncodedLog]) {
        if opening.queue(logs) { return }
        append(logs)
    }

    private func append(_ logs: [EncodedLog]) {
        record(
            refusals.write(logs) { (batch) throws(LogStoreAppendFailure) in try writer.appendReportingKept(contentsOf: batch.map(LogStoreOutbox.storeEntry)) })
    }

    /// Counts what a write appended, or reports a refusal (a full disk, protected data
    /// unavailable): the logs are held and written when the store takes writes again.
    private func record(_ outcome: StoreRefusals.Outcome) {
        if outcome.kept > 0, let last = outcome.lastSequence { counted(outcome.kept, through: last) }
        if let error = outcome.firstRefusal {
            progress.withLock { state in
                state.storeErrors += 1
                state.lastError = "\(error)"
            }
        }
        refusals.printChanges(in: outcome, store: "the local store at \(directory.path)")
    }

    /// Counts logs appended to the store, the last at `last`, and arms the sync interval.
    private func counted(_ kept: Int, through last: UInt64) {
        progress.withLock { state in
            state.written += kept
            state.batches.append((last, state.written))
        }
        scheduler.appended(kept)
    }

    // MARK: A buffered output's store (`BufferedOutput(history:…)`, `LogStoreOutbox`)

    /// Appends the paired buffered output's logs: counted as this output's writes, synced on its
    /// schedule. The buffered output holds what the store refuses.
    func appendFromOutbox(_ entries: [LogStore.LogEntry]) throws(LogStoreAppendFailure) -> ClosedRange<UInt64>? {
        do {
            let sequences = try writer.appendReportingKept(contentsOf: entries)
            if let sequences { counted(entries.count, through: sequences.upperBound) }
            return sequences
        } catch {
            if error.kept > 0, let last = error.lastKeptSequence { counted(error.kept, through: last) }
            throw error
        }
    }

    /// The paired buffered output erased the store.
    func outboxErased() {
        durableAdvanced(to: writer.durableSequence)
    }

    /// The paired buffered output closes (on its sender's thread): the store is synced and
    /// closed, and the sync thread ends.
    func closeFromOutbox() throws {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        syncNow()
        scheduler.stop()
        try writer.close()
    }

    /// Syncs everything written (the sync the interval would have made later).
    private func syncNow() {
        do {
            durableAdvanced(to: try scheduler.syncNow())
        } catch {
            // Counted by the scheduler's callback.
        }
    }

    /// Writes what a full store refused earlier (if it takes it now) and syncs, on the output's
    /// sync thread: disk work stays off Swift's cooperative pool.
    public func flush() async {
        await makeDurable()
    }

    /// Writes what a full store refused earlier (if it takes it now) and syncs, on the output's
    /// sync thread: disk work stays off Swift's cooperative pool.
    public func makeDurable() async {
        await scheduler.perform { [self] in
            record(
                refusals.write([], force: true) { (batch) throws(LogStoreAppendFailure) in
                    try writer.appendReportingKept(contentsOf: batch.map(LogStoreOutbox.storeEntry))
                })
            syncNow()
        }
    }

    public func shutdown() async {
        await scheduler.perform { [self] in
            record(
                refusals.write([], force: true) { (batch) throws(LogStoreAppendFailure) in
                    try writer.appendReportingKept(contentsOf: batch.map(LogStoreOutbox.storeEntry))
                })
            let abandoned = refusals.abandonHeld()
            if abandoned > 0 {
                FileDescriptorSink.write(
                    "BehaviorLog: error: the local store at \(directory.path) still refused writes at shutdown; \(abandoned) logs held in memory are lost (statistics.lostLogs)\n"
                )
            }
            syncNow()
            // The store closes here too, on its sync thread, not on the caller's task (issue 25):
            // `stop()` on that thread ends it after this work without waiting for it.
            scheduler.stop()
            closed.withLock { $0 = true }
            do { try writer.close() } catch { recordError(error) }
        }
    }

    /// Deletes every log, index and cursor of the store, durably (`BehaviorLogger.eraseAllData()`,
    /// issue 17); the history goes on empty. On the output's thread, after the store has opened
    /// (the caller awaits it without holding a thread of Swift's cooperative pool); the logs
    /// written before the call are erased too.
    public func eraseAllData() async throws {
        let failure = Locked<(any Error)?>(nil)
        await scheduler.perform { [self] in
            // The logs held in memory for a refusing store go too: they would be written after
            // the erasure, once it takes writes again. (On this thread, not the caller's task:
            // the refusals' lock is held across a write to the store.)
            _ = refusals.discardHeld { 0 }
            do {
                try writer.eraseAll()
                durableAdvanced(to: writer.durableSequence)
            } catch {
                failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// The last `limit` logs in the store, oldest first, for an in-app debug screen. Reads on the
    /// calling thread; before the output's thread has opened the store, it waits for that (or
    /// opens it itself), and the logs written but still waiting for the store are not in it yet.
    /// - Parameter limit: How many logs at most; none for 0 or less.
    /// - Throws: `LogStoreError` when the store cannot be opened or read.
    public func recentLogs(limit: Int) throws -> [LogRecord] {
        guard limit > 0 else { return [] }
        guard try writer.open() else { throw LogStoreError.protectedDataUnavailable(directory: directory.path) }
        let last = writer.lastSequence
        return try writer.read(after: last > UInt64(limit) ? last - UInt64(limit) : 0, limit: limit)
    }

    private func durableAdvanced(to sequence: UInt64) {
        var report: Int? = progress.withLock { state in
            state.durableSequence = max(state.durableSequence, sequence)
            var done = 0
            for batch in state.batches {
                guard batch.last <= state.durableSequence else { break }
                state.durableCount = batch.count
                done += 1
            }
            state.batches.removeFirst(done)
            return claimReport(&state)
        }
        // App code, called with no lock held: whichever thread saw the sync reports, and a
        // thread that finds another one reporting leaves its count to it (so the counts still
        // arrive in increasing order, one call at a time).
        while let count = report {
            onDurable?(count)
            report = progress.withLock { state in
                state.reporting = false
                return claimReport(&state)
            }
        }
    }

    /// The count to hand to `onDurable` now, if this thread is to report it.
    private func claimReport(_ state: inout Progress) -> Int? {
        guard onDurable != nil, !state.reporting, state.durableCount > state.reported else { return nil }
        state.reporting = true
        state.reported = state.durableCount
        return state.durableCount
    }

    private func recordError(_ error: any Error) {
        let first = progress.withLock { state in
            state.storeErrors += 1
            state.lastError = "\(error)"
            return state.storeErrors == 1
        }
        if first {
            FileDescriptorSink.write(
                "BehaviorLog: error: the local store at \(directory.path) failed: \(error); the history misses those logs, check the disk\n")
        }
    }
}

/// Lets the store's durable callback reach the output, which exists only after the store opens.
private final class RelayBox: Sendable {
    private let target = Locked<(@Sendable (UInt64) -> Void)?>(nil)
    private let errorTarget = Locked<(@Sendable (any Error) -> Void)?>(nil)
    func set(_ function: @escaping @Sendable (UInt64) -> Void) { target.withLock { $0 = function } }
    func call(_ sequence: UInt64) { target.withLock { $0 }?(sequence) }
    func setError(_ function: @escaping @Sendable (any Error) -> Void) { errorTarget.withLock { $0 = function } }
    func call(_ error: any Error) { errorTarget.withLock { $0 }?(error) }
}

/// What a ``LocalStoreOutput`` did since it opened: a snapshot.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class LocalStoreOutputStatistics: Sendable, Equatable {
    /// Logs appended to the store.
    public let written: Int
    /// Of those, the first `durable` are synced.
    public let durable: Int
    /// Logs the store refused (a full disk, protected data unavailable), held in memory to be
    /// written when it takes writes again.
    public let heldLogs: Int
    /// Logs the store refused that did not fit in memory: lost to the history.
    public let lostLogs: Int
    /// Writes and syncs that failed.
    public let storeErrors: Int
    /// The last error, for a debug screen.
    public let lastError: String?

    init(written: Int, durable: Int, heldLogs: Int, lostLogs: Int, storeErrors: Int, lastError: String?) {
        self.written = written
        self.durable = durable
        self.heldLogs = heldLogs
        self.lostLogs = lostLogs
        self.storeErrors = storeErrors
        self.lastError = lastError
    }

    public static func == (lhs: LocalStoreOutputStatistics, rhs: LocalStoreOutputStatistics) -> Bool {
        lhs.written == rhs.written && lhs.durable == rhs.durable && lhs.heldLogs == rhs.heldLogs && lhs.lostLogs == rhs.lostLogs
            && lhs.storeErrors == rhs.storeErrors && lhs.lastError == rhs.lastError
    }
}
