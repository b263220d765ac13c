import Foundation
import LogCore
import LogStore

/// What a ``BufferedOutput`` runs on: its store, its sender and their state. The sender holds
/// the core, never the output, so an output released without `shutdown()` (its logger released
/// too) is freed: its `deinit` calls ``release()``, which makes the store durable and stops the
/// sender, which closes the store as it ends.
final class BufferedOutputCore: Sendable {
    /// A class, not a struct: `Worker` is generic and in another module, so a struct's metadata
    /// and value witnesses (2.2 KB for these fields) would be linked into every app; one object
    /// per output, reached only under the worker's lock (so no run-time exclusivity checks).
    final class State {
        @exclusivity(unchecked) var suspended = false
        @exclusivity(unchecked) var stopping = false
        @exclusivity(unchecked) var senderFinished = false
        @exclusivity(unchecked) var flushRequested = false
        @exclusivity(unchecked) var flushWaiters: [CheckedContinuation<Void, Never>] = []
        @exclusivity(unchecked) var finishWaiters: [CheckedContinuation<Void, Never>] = []
        @exclusivity(unchecked) var abandonSend: (@Sendable () -> Void)?
        @exclusivity(unchecked) var appendedBytes = 0
        /// The counts ``BufferedOutputStatistics`` reports, as a tuple: the statistics are an
        /// immutable class made when read.
        @exclusivity(unchecked) var statistics = (
            sentLogs: 0, sentChunks: 0, retryableFailures: 0, rejectedChunks: 0, rejectedLogs: 0, storeErrors: 0,
            deletedForConsent: 0, lastError: String?.none
        )
        @exclusivity(unchecked) var reportedStoreError = false
        /// The output was released without `shutdown()`: the sender closes the store as it ends.
        @exclusivity(unchecked) var released = false
        // Issue 17 (BufferedOutput+Privacy.swift): the consent it was told (`nil` until a logger
        // tells it, or it is used directly), and how many times its logs were erased.
        @exclusivity(unchecked) var consent: LogConsent?
        @exclusivity(unchecked) var erasures = 0
        /// A wake-up the sender has not seen yet (kept for its next wait, as a semaphore keeps a signal).
        @exclusivity(unchecked) var wakePending = false
        // The send in flight (`send(_:unlessErasedSince:)`): its number, when its task began
        // (the timeout runs from there), and its outcome (the first of the backend's answer,
        // the timeout and an abandonment decides it; a later one is ignored).
        @exclusivity(unchecked) var sendGeneration: UInt64 = 0
        @exclusivity(unchecked) var sendStartedAt: UInt64?
        @exclusivity(unchecked) var sendOutcome: LogDeliveryResult?
    }

    let storage: any OutboxStorage
    private let backend: any LogBackend
    /// When it sends and how it retries.
    let configuration: BufferedOutputConfiguration
    private let name: String
    /// The sender's thread (`bl-send.<name>`), with the output's state under its lock: the one
    /// worker primitive of the runtime. Its waits are timed waits on its condition variable (an
    /// idle sender waits with no deadline and costs nothing).
    let worker = Worker(state: State())
    var state: Worker<State> { worker }
    /// Wakes the sender (a wake-up sent while it does not wait is kept for its next wait).
    let wake: SenderWake
    let refusals = StoreRefusals()
    /// Logs written before the sender opened the store.
    let opening = StoreOpening()

    init(storage: any OutboxStorage, backend: any LogBackend, configuration: BufferedOutputConfiguration, name: String) {
        self.storage = storage
        self.backend = backend
        self.configuration = configuration
        self.name = name
        wake = SenderWake(worker: worker)
        storage.onSyncFailure { [weak self] error in self?.recordStoreError(error, lost: 0) }
        // Its own thread, not Swift's cooperative pool: it opens, syncs and reads the store
        // (blocking disk work) and waits between sends. The thread holds the core, never the output.
        worker.start(name: "bl-send.\(name)") { [self] _ in runSender(backlogAtStart: openStorage()) }
    }

    /// On the sender's thread, first of all: opens the store and appends what was written
    /// meanwhile. A store that cannot open is a store error; its logs go to the refusals (held,
    /// then counted as lost).
    /// - Returns: Whether an earlier run left logs to send.
    private func openStorage() -> Bool {
        do {
            try storage.open()
        } catch {
            recordStoreError(error, lost: 0)
        }
        // Counted before the logs written meanwhile are appended: those wait for their chunk.
        let backlog = storage.pendingCount > 0
        opening.finish { logs, isDiscarded in append(logs, unless: isDiscarded) }
        return backlog
    }

    /// What the output did so far.
    var statistics: BufferedOutputStatistics {
        let counts = state.withLock { $0.statistics }
        let (held, lost, _) = refusals.counts
        return BufferedOutputStatistics(
            sentLogs: counts.sentLogs, sentChunks: counts.sentChunks, retryableFailures: counts.retryableFailures,
            rejectedChunks: counts.rejectedChunks, rejectedLogs: counts.rejectedLogs, unsentLogs: storage.pendingCount,
            heldLogs: held + opening.queuedCount, lostLogs: Int(lost), droppedByCaps: storage.droppedByCaps,
            storeErrors: counts.storeErrors, deletedForConsent: counts.deletedForConsent, lastError: counts.lastError)
    }

    // MARK: LogOutput

    /// Appends the logs to the store. The sender is woken only when it has something new to
    /// do: the first logs after everything was sent (it starts the `flushInterval`), or a chunk
    /// that just filled. So a log costs no wake-up of the sender of its own.
    func write(_ logs: [EncodedLog]) {
        if !keepsWrittenLogs(logs.count) { return }  // issue 17: under `.denied`, nothing is kept
        if opening.queue(logs) { return }
        append(logs)
    }

    /// Appends through ``StoreRefusals``: the logs of a write the store refuses (a full disk,
    /// protected data unavailable) are held in memory and appended, first, when it takes writes
    /// again; what does not fit is counted as lost.
    /// (`isDiscarded`: the logs waited for the store to open, and a denial of consent discarded
    /// them meanwhile; they are then counted as deleted, not appended.)
    private func append(_ logs: [EncodedLog], force: Bool = false, unless isDiscarded: () -> Bool = { false }) {
        record(refusals.write(logs, force: force, unless: isDiscarded) { (batch) throws(LogStoreAppendFailure) in try storage.append(batch) })
    }

    /// What an ``append(_:force:unless:)`` did: counts, errors, and the sender woken when it has
    /// a chunk to send. Apart from `append`, which the optimizer copies for its callers that
    /// pass no `isDiscarded` (it propagates the `{ false }`), so that this body is not copied.
    private func record(_ outcome: StoreRefusals.Outcome) {
        if outcome.discarded > 0 {
            state.withLock { $0.statistics.deletedForConsent += outcome.discarded }
        }
        if let error = outcome.firstRefusal {
            state.withLock { state in
                state.statistics.storeErrors += 1
                state.statistics.lastError = "\(name): store: \(error)"
            }
        }
        refusals.printChanges(in: outcome, store: "\(name): its store")
        guard outcome.kept > 0 else { return }
        let bytes = outcome.keptBytes, count = outcome.kept
        // Constant time (the exact count walks the store's segment summaries under its lock,
        // which a backlog of a million logs made the cost of every write).
        let pending = storage.pendingUpperBound
        let chunkCount = configuration.chunkCount, chunkBytes = configuration.chunkBytes
        let wakeSender = state.withLock { state in
            let bytesBefore = state.appendedBytes
            state.appendedBytes += bytes
            return pending <= count
                || (pending >= chunkCount && pending - count < chunkCount)
                || (state.appendedBytes >= chunkBytes && bytesBefore < chunkBytes)
        }
        if wakeSender { wake.signal() }
    }

    private func makeDurable() {
        do {
            try storage.makeDurable()
        } catch {
            recordStoreError(error, lost: 0)
        }
        wake.signal()
    }

    /// Makes the written logs durable (`LogOutput.makeDurable()`). Disk work, so on the
    /// sender's thread, which does it even while a send is in flight.
    func makeWrittenLogsDurable() async {
        await worker.perform { [self] in
            append([], force: true)  // logs the store refused earlier, if it takes them now
            makeDurable()
        }
    }

    /// Makes the written logs durable and sends what is pending now (cutting a backoff
    /// short); returns when nothing is left to send, when a send fails, or at once while
    /// suspended.
    func flush() async {
        usedDirectly()  // issue 17
        await makeWrittenLogsDurable()
        await withCheckedContinuation { continuation in
            let now: Bool = state.withLock { state in
                if state.suspended || state.consent != .granted || state.stopping || state.senderFinished { return true }
                state.flushRequested = true
                state.flushWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() } else { wake.signal() }
        }
    }

    func suspend() {
        state.withLock { $0.suspended = true }
    }

    func resume() {
        usedDirectly()  // issue 17
        state.withLock { $0.suspended = false }
        wake.signal()
    }

    /// Makes the logs durable, abandons a send in flight (its chunk is sent again on the
    /// next start) and stops the sender.
    func shutdown() async {
        await worker.perform { [self] in
            // The last try for logs the store refused; what it still refuses is lost with the process.
            append([], force: true)
            let abandoned = refusals.abandonHeld()
            if abandoned > 0 {
                FileDescriptorSink.write(
                    "BehaviorLog: error: \(name): its store still refused writes at shutdown; \(abandoned) logs held in memory are lost (statistics.lostLogs)\n"
                )
            }
            makeDurable()
        }
        let abandon = state.withLock { state in
            state.stopping = true
            return state.abandonSend
        }
        abandon?()
        wake.signal()
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state in
                if state.senderFinished { return true }
                state.finishWaiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    /// The output was released without `shutdown()`: abandons a send in flight and stops the
    /// sender without waiting for it; the sender makes the written logs durable and closes the
    /// store as it ends (and the core goes with it).
    func release() {
        let abandon: (@Sendable () -> Void)?? = state.withLock { state in
            guard !state.stopping else { return nil }
            state.stopping = true
            state.released = true
            return .some(state.abandonSend)
        }
        guard let abandon else { return }  // shut down already
        abandon?()
        wake.signal()
    }

    // MARK: Sending

    private func runSender(backlogAtStart: Bool) {
        var generator = SystemRandomNumberGenerator()
        let clock = ContinuousClock()
        var failures = 0
        // A backlog from an earlier run is due at once.
        var dueAt: ContinuousClock.Instant? = backlogAtStart ? clock.now : nil
        while true {
            let (stopping, suspended, flushRequested, appendedBytes, held) = state.withLock {
                ($0.stopping, $0.suspended, $0.flushRequested, $0.appendedBytes, $0.consent != .granted)
            }
            if stopping { break }
            if suspended || held {  // issue 17: nothing is sent without consent
                resolveFlushWaiters()
                waitForWake(seconds: nil)
                continue
            }
            let pending = storage.pendingCount
            if pending == 0 {
                dueAt = nil
                // The byte count starts over only when nothing at all is pending: logs
                // appended but not yet durable are counted, and due when their group commit
                // lands. Checked under the lock that `write` counts under, so that a batch
                // appended meanwhile is never forgotten. (Starting over corrects the count
                // after a cap dropped logs unsent.)
                state.withLock { state in
                    if storage.isDrained { state.appendedBytes = 0 }
                }
                resolveFlushWaiters()
                waitForWake(seconds: nil)
                continue
            }
            let due = dueAt ?? clock.now.advanced(by: configuration.flushInterval)
            dueAt = due
            let full = pending >= configuration.chunkCount || appendedBytes >= configuration.chunkBytes
            if !full && !flushRequested && clock.now < due {
                waitForWake(seconds: Self.seconds(due - clock.now))
                continue
            }

            let erasuresAtRead = state.withLock { $0.erasures }  // issue 17
            let logs: [LogRecord]
            do {
                // Only durable logs are sent: sync first unless the chunk is durable already
                // (an earlier sync, on the interval or for a larger backlog, may have made it so).
                if storage.unsentCount < min(pending, configuration.chunkCount) { try storage.makeDurable() }
                logs = try storage.readUnsent(maxCount: configuration.chunkCount, maxBytes: configuration.chunkBytes)
            } catch {
                recordStoreError(error, lost: 0)
                failures += 1
                pause(configuration.backoff.delay(afterFailures: failures, using: &generator))
                continue
            }
            guard let last = logs.last else {
                // Counted as pending but not readable (the sequence numbers of a failed write):
                // nothing to send until new logs come.
                dueAt = nil
                resolveFlushWaiters()
                waitForWake(seconds: nil)
                continue
            }
            let bytes = logs.reduce(0) { $0 + $1.payload.count }
            let result = send(LogChunk(logs: logs), unlessErasedSince: erasuresAtRead)
            // Issue 17: the logs were erased meanwhile (denied consent, `eraseAllData`): nothing to acknowledge.
            if state.withLock({ $0.erasures != erasuresAtRead }) { continue }
            if state.withLock({ $0.stopping }) && result != .accepted { break }
            switch result {
            case .accepted:
                failures = 0
                do { try storage.acknowledge(through: last.sequence) } catch { recordStoreError(error, lost: 0) }
                state.withLock { state in
                    state.statistics.sentLogs += logs.count
                    state.statistics.sentChunks += 1
                    state.appendedBytes = max(0, state.appendedBytes - bytes)
                }
            case .retryableFailure(let reason, let retryAfter):
                failures += 1
                state.withLock { state in
                    state.statistics.retryableFailures += 1
                    state.statistics.lastError = "\(name): \(reason)"
                }
                resolveFlushWaiters()
                let notBefore = retryAfter.map { clock.now.advanced(by: max(.zero, $0)) }
                pause(configuration.backoff.delay(afterFailures: failures, using: &generator), notBefore: notBefore)
            case .permanentFailure(let reason):
                failures = 0
                do {
                    try storage.setAside(logs, reason: reason)
                    try storage.acknowledge(through: last.sequence)
                } catch {
                    recordStoreError(error, lost: 0)
                }
                state.withLock { state in
                    state.statistics.rejectedChunks += 1
                    state.statistics.rejectedLogs += logs.count
                    state.appendedBytes = max(0, state.appendedBytes - bytes)
                    state.statistics.lastError = "\(name): rejected \(logs.count) logs: \(reason)"
                }
            }
        }
        // Released without shutdown(): what it wrote becomes durable here, on this thread.
        if state.withLock({ $0.released }) {
            append([], force: true)
            _ = refusals.abandonHeld()
            makeDurable()
        }
        do { try storage.close() } catch { recordStoreError(error, lost: 0) }
        let waiters = state.withLock { state in
            state.senderFinished = true
            defer { state.finishWaiters.removeAll(); state.flushWaiters.removeAll() }
            return state.finishWaiters + state.flushWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private static func seconds(_ duration: Duration) -> Double { duration.seconds }

    /// Waits `seconds`, ignoring wake-ups from new logs, but not a stop or a flush (which
    /// tries at once: the app asked for it) — except before `notBefore`, the backend's own
    /// `Retry-After`: sending sooner would only be refused again, so until then a flush
    /// returns at once (as after any failed send) and the wait goes on.
    private func pause(_ seconds: Double, notBefore: ContinuousClock.Instant? = nil) {
        let clock = ContinuousClock()
        let backoffEnd = clock.now.advanced(by: .seconds(seconds))
        let deadline = notBefore.map { max($0, backoffEnd) } ?? backoffEnd
        while clock.now < deadline {
            let (stopping, flushRequested) = state.withLock { ($0.stopping, $0.flushRequested) }
            if stopping { return }
            if flushRequested {
                guard let notBefore, clock.now < notBefore else { return }
                resolveFlushWaiters()
                continue
            }
            waitForWake(seconds: Self.seconds(deadline - clock.now))
        }
    }

    private func resolveFlushWaiters() {
        let waiters = state.withLock { state in
            state.flushRequested = false
            defer { state.flushWaiters.removeAll() }
            return state.flushWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits for a wake-up (one sent since the last wait counts) or `seconds`, on the sender's thread.
    private func waitForWake(seconds: Double?) {
        let deadline = seconds.map { System.monotonicNanoseconds() &+ UInt64(max(0, min($0, 1e9)) * 1e9) }
        worker.next { state -> WorkerDecision<Void> in
            if state.wakePending {
                state.wakePending = false
                return .run(())
            }
            if let deadline, System.monotonicNanoseconds() >= deadline { return .run(()) }
            return .wait(untilNanoseconds: deadline)
        }
    }

    /// Sends a chunk; gives up (retryable) after the timeout or when the output stops. The one
    /// place the runtime calls into `async` code: the backend's `send` runs in a task, and the
    /// sender's thread waits for its answer, the timeout or an abandonment on its condition
    /// variable. A send abandoned before its task begins never reaches the backend, and no timer
    /// outlives the send (the timeout is the thread's timed wait).
    private func send(_ chunk: LogChunk, unlessErasedSince erasures: Int) -> LogDeliveryResult {
        let timeout = configuration.sendTimeout.seconds
        let worker = self.worker
        let generation: UInt64? = state.withLock { state in
            guard state.erasures == erasures else { return nil }  // issue 17: erased since the chunk was read
            state.sendGeneration += 1
            state.sendStartedAt = nil
            state.sendOutcome = nil
            let generation = state.sendGeneration
            state.abandonSend = {
                worker.withLock { state in
                    if state.sendGeneration == generation && state.sendOutcome == nil {
                        state.sendOutcome = .retryableFailure("the output stopped during the send")
                    }
                }
                worker.wake()
            }
            return generation
        }
        guard let generation else { return .retryableFailure("the output's logs were erased") }
        let backend = self.backend
        let task = Task.detached(priority: .utility) {
            // The timeout starts when the send does: a task that waits for a thread of the shared
            // pool (an app can keep it busy) is late, not failed, and is not sent twice.
            let current = worker.withLock { state -> Bool in
                guard state.sendGeneration == generation, state.sendOutcome == nil else { return false }
                state.sendStartedAt = System.monotonicNanoseconds()
                return true
            }
            guard current else { return }
            worker.wake()
            let result = await backend.send(chunk)
            worker.withLock { state in
                if state.sendGeneration == generation && state.sendOutcome == nil { state.sendOutcome = result }
            }
            worker.wake()
        }
        let timeoutNanoseconds = UInt64(max(0, min(timeout, 1e9)) * 1e9)
        let result: LogDeliveryResult = worker.next { state in
            if let outcome = state.sendOutcome { return .run(outcome) }
            guard let started = state.sendStartedAt else { return .wait(untilNanoseconds: nil) }
            let deadline = started &+ timeoutNanoseconds
            guard System.monotonicNanoseconds() >= deadline else { return .wait(untilNanoseconds: deadline) }
            let expired = LogDeliveryResult.retryableFailure("no answer within \(timeout) s")
            state.sendOutcome = expired
            return .run(expired)
        }
        state.withLock { $0.abandonSend = nil }
        task.cancel()
        return result
    }

    func recordStoreError(_ error: any Error, lost: Int) {
        let first = state.withLock { state in
            state.statistics.storeErrors += 1
            state.statistics.lastError = "\(name): store: \(error)"
            defer { state.reportedStoreError = true }
            return !state.reportedStoreError
        }
        if first {
            FileDescriptorSink.write("BehaviorLog: error: \(name): its store failed: \(error)\(lost > 0 ? " (\(lost) logs not kept)" : ""); check the disk\n")
        }
    }
}

/// Wakes a buffered output's sender: the wake-up is kept until its next wait.
struct SenderWake: Sendable {
    let worker: Worker<BufferedOutputCore.State>

    func signal() {
        worker.withLock { $0.wakePending = true }
        worker.wake()
    }
}
