import Dispatch
import Foundation
import LogCore
import LogStore

/// What a ``BehaviorLogger`` runs on: its queue, its writer thread and its outputs. The writer
/// thread holds the core, never the logger, so an app that releases its logger without
/// `shutdown()` frees it: the logger's `deinit` calls ``release()``, the writer writes what is
/// queued and ends, and the core (with the outputs, when nobody else holds them) goes with it.
final class LoggerCore: Sendable {
    private struct QueueState {
        /// Queued logs, their bodies not yet encoded (an `EncodedLog` from the start, so that
        /// the writer encodes in place and hands the batch on without copying a log).
        var pending: [EncodedLog] = []
        /// The payloads of the last batch written, emptied (their buffers kept), for the
        /// posting threads to free, one per post. Memory is then freed on the thread that
        /// allocated it: freeing a batch of another thread's buffers on the writer made the
        /// two threads contend for the allocator's arena lock, and the posting thread paid
        /// for it in futex wake-ups (post() p99 was 18-22 µs, now 4-6 µs). At most one batch.
        var retired: [LogPayload] = []
        var enqueued: UInt64 = 0
        var delivered: UInt64 = 0
        var writerSleeping = false
        /// The writer waits a moment for a batch to gather (see `runWriter`).
        var writerNapping = false
        /// Posting threads waiting for room in a full queue.
        var postersWaiting = 0
        var stopping = false
        var writerExited = false
        var deliveryWaiters: [(target: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
        // Consent (issue 17): the consent of the next post, and the changes the writer has not
        // taken yet — from the `index`-th log of `pending` on, `consent`.
        var consent = LogConsent.granted
        var consentChanges: [(index: Int, consent: LogConsent)] = []
        /// The writer took changes and has not yet told the outputs (a flush waits for it).
        var consentChangesInFlight = false
        /// The writer's counters as of the last batch it finished (`statistics` reads them here,
        /// under this lock, which no output is ever called under).
        var deliveryStatistics = LoggerStatistics()
    }

    /// The writer thread's own state: only the writer thread touches it, so it needs no lock,
    /// and the outputs are called with no lock of the logger held — an output may call back
    /// into the logger (`statistics`, `post`, `consent`) from `write`, `writerIsIdle` or
    /// `consentChanged` without deadlocking. Batches stay in order because one thread writes.
    private struct DeliveryState {
        var spare: [EncodedLog] = []
        var spareRetired: [LogPayload] = []
        var outputRoutes: [String: [Int]] = [:]
        var perOutput: [[EncodedLog]]
        var encoderState = EnvelopeEncoder.State()
        var deliveredSinceIdle = false
        var statistics = LoggerStatistics()
        /// The consent of the logs being delivered, as the consent-requiring outputs were told (issue 17).
        var consent = LogConsent.granted
    }

    private let configuration: LoggerConfiguration
    private let encoder: EnvelopeEncoder
    /// Whether every output takes every tag (the usual case): routing then looks at a log's
    /// route only, not its tag.
    private let outputsTakeEveryTag: Bool
    private let uuids: UUIDGenerator
    /// The queue, under the writer's worker (`Worker`, the runtime's one worker primitive): its
    /// lock is the queue's, its condition variable what the writer sleeps and naps on.
    private let queue = Worker(state: QueueState())
    private let delivery: WriterOwned<DeliveryState>
    private let filterRoutes = Locked(FilterRoutes())
    /// Signalled once per waiting poster when the writer takes the queue.
    private let roomAvailable = DispatchSemaphore(value: 0)
    private let filteredOutCount = AtomicCounter()
    private let postedAfterShutdownCount = AtomicCounter()
    private let spillCount = AtomicCounter()
    private let isMainThread: @Sendable () -> Bool
    private let mainThreadOverflowCount = AtomicCounter()
    private let mainThreadDropCount = AtomicCounter()
    private let writerThreadOverflowCount = AtomicCounter()
    private let writerThreadDropCount = AtomicCounter()
    /// The writer thread's identity (`System.currentThreadIdentifier()`), set when it starts: a
    /// post from it (an output's `write`) must never wait for the queue it alone empties.
    private let writerThread = AtomicCounter()
    /// How long the writer waits for a batch to gather, and the queue length that wakes it
    /// sooner.
    private static let napNanoseconds: UInt64 = 500_000
    /// The writer thread's name (`Thread.current.name` on it; `comm` for the kernel).
    static let writerThreadName = "bl-writer"
    private var napWakeCount: Int { max(1, configuration.queueCapacity / 4) }

    /// - Parameter isMainThread: Whether the calling thread must never wait (tests stand in
    ///   for the main thread with it).
    init(configuration: LoggerConfiguration, isMainThread: @escaping @Sendable () -> Bool) {
        self.isMainThread = isMainThread
        self.configuration = configuration
        encoder = EnvelopeEncoder(schemaVersion: configuration.schemaVersion)
        outputsTakeEveryTag = configuration.outputs.allSatisfy { $0.tagPattern == .all }
        uuids = UUIDGenerator()
        delivery = WriterOwned(DeliveryState(perOutput: Array(repeating: [], count: configuration.outputs.count), consent: configuration.consent))
        queue.withLock { state in
            state.pending.reserveCapacity(configuration.queueCapacity)
            state.consent = configuration.consent
        }
        // Consent (issue 17): each output learns the consent before it can send anything.
        for setting in configuration.outputs { setting.output.consentChanged(to: setting.requiresConsent ? configuration.consent : .granted) }
        queue.start(name: Self.writerThreadName) { [self] _ in
            writerThread.store(UInt64(System.currentThreadIdentifier()))
            runWriter()
        }
    }

    // MARK: Posting

    /// Posts a generated event. Returns at once.
    func post<Event: LogEvent>(_ event: Event) {
        let contents = event.contents
        post(tag: contents.tag, payload: contents.payload, personalDataFields: contents.personalDataFields, schema: contents.schema)
    }

    /// Posts a log by tag and payload, for logs without generated code. Returns at once.
    /// - Parameters:
    ///   - tag: The routing tag, `category.event`.
    ///   - payload: The fields.
    ///   - personalDataFields: The payload keys that hold personal data, for `PersonalDataFilter`.
    func post(tag: String, payload: consuming LogPayload, personalDataFields: [String] = []) {
        post(tag: tag, payload: consume payload, personalDataFields: personalDataFields, schema: "")
    }

    private func post(tag: String, payload: consuming LogPayload, personalDataFields: [String], schema: String) {
        let now = Date()
        // Made where it is queued (an `EncodedLog` whose body the writer fills), so that the
        // filters change it in place and it is moved, never copied, into the queue.
        var log = EncodedLog(
            envelope: LogEnvelope(
                uuid: uuids.next(at: now), time: now, tag: tag, payload: consume payload,
                personalDataFields: personalDataFields, schema: schema), body: [])
        for filter in filters(for: tag) where filter.apply(to: &log.envelope) == .drop {
            filteredOutCount.add(1)
            return
        }
        enqueue(consume log)
    }

    private func filters(for tag: String) -> [any LogFilter] {
        let identity = FilterRoutes.identity(of: tag)
        if let cached = filterRoutes.withLock({ $0.filters(for: tag, identity: identity) }) { return cached }
        // A filter that does nothing for this tag (sampling at 100%) is left out of its chain.
        let matching = configuration.filters.filter { $0.tagPattern.matches(tag) }
            .map { $0.filter.specialized(forTag: tag) }
            .filter { !($0 is any PassThroughFilter) }
        filterRoutes.withLock { $0.add(matching, for: tag, identity: identity) }
        return matching
    }

    /// Moves the log into the queue (the lock's closure takes it out of an optional, so the
    /// envelope's references are not retained and released once more on every post).
    private func enqueue(_ log: consuming EncodedLog) {
        enum Next { case none, wake, wait, wakeAndWait, rejected, overflowed, wakeAndOverflow, dropped }
        var moving: EncodedLog? = consume log
        let capacity = configuration.queueCapacity
        // Only near a full queue: which thread posts matters only then.
        var poster = Poster.other
        let (next, retired): (Next, LogPayload?) = queue.withLock { state in
            if state.stopping { return (.rejected, nil) }
            // The main thread never waits for the writer (a frozen UI is worse than a log), nor
            // does the writer thread itself (an output posting from `write`: it would wait for
            // itself, the one thread that empties the queue).
            if state.pending.count >= capacity - 1 { poster = currentPoster() }
            let mustNotWait = poster != .other
            if mustNotWait && state.pending.count >= 4 * capacity { return (.dropped, nil) }
            let retired = state.retired.popLast()
            state.pending.append(moving.take()!)
            state.enqueued += 1
            let wake = state.writerSleeping || (state.writerNapping && state.pending.count >= napWakeCount)
            if wake {
                state.writerSleeping = false
                state.writerNapping = false
            }
            if state.pending.count >= capacity {
                if mustNotWait { return (wake ? .wakeAndOverflow : .overflowed, retired) }
                state.postersWaiting += 1
                return (wake ? .wakeAndWait : .wait, retired)
            }
            return (wake ? .wake : .none, retired)
        }
        _ = consume retired  // a buffer this thread allocated, freed here, after the lock
        switch next {
        case .none: break
        case .wake: queue.wake()
        case .wait, .wakeAndWait:
            // The queue is full: wait until the writer takes it (it goes on writing meanwhile,
            // while this thread would only have waited for the writer's batch before writing
            // its own).
            if next == .wakeAndWait { queue.wake() }
            spillCount.add(1)
            BlockingCalls.check("DispatchSemaphore.wait")
            roomAvailable.wait()
        case .overflowed, .wakeAndOverflow:
            // Past the capacity, on the main thread or the writer: go on without waiting.
            if next == .wakeAndOverflow { queue.wake() }
            (poster == .writer ? writerThreadOverflowCount : mainThreadOverflowCount).add(1)
        case .dropped:
            // The dropped log is still in `moving` and is released here.
            if poster == .writer {
                if writerThreadDropCount.add(1) == 0 {
                    FileDescriptorSink.write(
                        "BehaviorLog: warning: an output posted from the logger's writer thread into a queue four times over its capacity; such logs are dropped, since the writer cannot wait for itself (counted in statistics.writerThreadDrops)\n"
                    )
                }
            } else if mainThreadDropCount.add(1) == 0 {
                FileDescriptorSink.write(
                    "BehaviorLog: warning: the main thread posted faster than the logs could be written; logs past four times the queue's capacity are dropped (counted in statistics.mainThreadDrops)\n"
                )
            }
        case .rejected:
            // The refused log is still in `moving` (its tag is read only here: retaining it
            // on every post would cost an atomic on a string the writer releases).
            if postedAfterShutdownCount.add(1) == 0, let tag = moving?.envelope.tag {
                FileDescriptorSink.write("BehaviorLog: warning: a log was posted after BehaviorLogger.shutdown(); it is not written (tag \(tag))\n")
            }
        }
    }

    /// Which thread posts, where that decides whether it may wait for room.
    private enum Poster { case other, main, writer }

    private func currentPoster() -> Poster {
        if writerThread.load() == UInt64(System.currentThreadIdentifier()) { return .writer }
        return isMainThread() ? .main : .other
    }

    // MARK: Control

    /// Waits until every log posted before the call is written to the outputs, then asks
    /// each output to make it durable and to send what is pending, all at once: an output's
    /// send (a network) never holds up another output's sync.
    func flush() async {
        await waitUntilDelivered()
        await withTaskGroup(of: Void.self) { group in
            for setting in configuration.outputs {
                let output = setting.output
                group.addTask { await output.flush() }
            }
        }
    }

    /// Stops the outputs from sending (for example when the app goes to the background);
    /// posting and writing go on.
    func suspend() {
        for setting in configuration.outputs { setting.output.suspend() }
    }

    /// Lets the outputs send again.
    func resume() {
        for setting in configuration.outputs { setting.output.resume() }
    }

    /// Writes everything queued, stops the writer and shuts the outputs down (which makes
    /// their logs durable). Logs posted afterwards are counted and not written.
    func shutdown() async {
        let alreadyExited: Bool = queue.withLock { state in
            let wasSleeping = state.writerSleeping || state.writerNapping
            state.stopping = true
            state.writerSleeping = false
            state.writerNapping = false
            if wasSleeping { queue.wake() }
            return state.writerExited
        }
        if !alreadyExited {
            await withCheckedContinuation { continuation in
                let exited = queue.withLock { state in
                    if state.writerExited { return true }
                    state.exitWaiters.append(continuation)
                    return false
                }
                if exited { continuation.resume() }
            }
        }
        for setting in configuration.outputs { await setting.output.shutdown() }
    }

    /// The logger was released without `shutdown()` (its `deinit`): the writer writes what is
    /// queued, tells the outputs it is idle and ends, without anyone waiting for it; the core,
    /// and the outputs nobody else holds, are freed when it has. Posts no longer come (no one
    /// holds the logger), so nothing is refused.
    func release() {
        queue.withLock { state in
            let wasSleeping = state.writerSleeping || state.writerNapping
            state.stopping = true
            state.writerSleeping = false
            state.writerNapping = false
            if wasSleeping { queue.wake() }
        }
    }

    // MARK: Privacy (issue 17)

    /// The user's consent as last given (`LoggerConfiguration.consent`, then `setConsent(_:)`).
    var consent: LogConsent { queue.withLock { $0.consent } }

    /// Changes the user's consent, from any thread. Every log posted after this returns follows
    /// the new consent; a log posted before it follows the consent it was posted under (the
    /// writer hands the change to the outputs between the two). Under `.denied`, consent-requiring
    /// outputs receive no log, and each buffered one deletes what it has not sent; under
    /// `.pending` they keep logs and send nothing; `.granted` lets them send. The app keeps the
    /// answer and passes it again at the next start (`LoggerConfiguration(…, consent:)`).
    func setConsent(_ consent: LogConsent) {
        let wake: Bool = queue.withLock { state in
            guard state.consent != consent else { return false }
            state.consent = consent
            state.consentChanges.append((state.pending.count, consent))
            guard state.writerSleeping || state.writerNapping else { return false }
            state.writerSleeping = false
            state.writerNapping = false
            return true
        }
        if wake { queue.wake() }
    }

    /// Deletes every log this logger's outputs keep — stores, outboxes, cursors, indexes, logs
    /// set aside — and the personal-data salt (`PersonalDataFilter` with a `PersonalDataSalt`),
    /// then goes on with empty stores and a new salt: hashes made before no longer match those
    /// made after. A send in flight is abandoned. Returns when the files are gone from disk
    /// (their directories synced). Logs posted while it runs may be erased too.
    /// - Throws: The first error of a filter or an output; the others still erase.
    func eraseAllData() async throws {
        // A new salt first, so that no log posted from here on carries a hash made with the old one;
        // on the writer's thread, not the caller's task: it is disk work (issue 25).
        let filterError = Locked<(any Error)?>(nil)
        let filters = configuration.filters
        await queue.perform {
            for setting in filters {
                do { try setting.filter.eraseAllData() } catch { filterError.withLock { $0 = $0 ?? error } }
            }
        }
        var firstError = filterError.withLock { $0 }
        await waitUntilDelivered()
        for setting in configuration.outputs {
            do { try await setting.output.eraseAllData() } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }

    /// What the logger did so far.
    var statistics: LoggerStatistics {
        var (result, enqueued) = queue.withLock { ($0.deliveryStatistics, $0.enqueued) }
        result.filteredOut = filteredOutCount.load()
        result.postedAfterShutdown = postedAfterShutdownCount.load()
        // Every post is queued, filtered out or refused after shutdown: counting them once
        // more would be one more atomic add per post.
        result.mainThreadDrops = mainThreadDropCount.load()
        result.writerThreadDrops = writerThreadDropCount.load()
        result.posted = enqueued + result.filteredOut + result.postedAfterShutdown + result.mainThreadDrops + result.writerThreadDrops
        result.spills = spillCount.load()
        result.mainThreadOverflows = mainThreadOverflowCount.load()
        result.writerThreadOverflows = writerThreadOverflowCount.load()
        return result
    }

    private func waitUntilDelivered() async {
        await withCheckedContinuation { continuation in
            let done: Bool = queue.withLock { state in
                if state.delivered >= state.enqueued && state.consentChanges.isEmpty && !state.consentChangesInFlight { return true }
                state.deliveryWaiters.append((state.enqueued, continuation))
                if state.writerSleeping || state.writerNapping {
                    state.writerSleeping = false
                    state.writerNapping = false
                    queue.wake()
                }
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// The waiters of `flush` whose logs are delivered, once no consent change is on its way
    /// to the outputs; clears the in-flight mark (the writer calls it after telling them).
    private func readyDeliveryWaiters(_ queueState: inout QueueState) -> [CheckedContinuation<Void, Never>] {
        queueState.consentChangesInFlight = false
        guard queueState.consentChanges.isEmpty else { return [] }  // the writer comes back for them
        var ready: [CheckedContinuation<Void, Never>] = []
        queueState.deliveryWaiters.removeAll { waiter in
            guard waiter.target <= queueState.delivered else { return false }
            ready.append(waiter.continuation)
            return true
        }
        return ready
    }

    // MARK: Writing

    private func runWriter() {
        var idleWasReported = true
        var napped = false
        while true {
            enum Step { case work, nap, sleep, exit }
            let step: Step = queue.withLock { state in
                if !state.consentChanges.isEmpty { return .work }  // issue 17: a consent change to hand on
                if !state.pending.isEmpty {
                    if napped || state.pending.count >= napWakeCount || state.stopping || !state.deliveryWaiters.isEmpty { return .work }
                    state.writerNapping = true
                    return .nap
                }
                if state.stopping { return .exit }
                state.writerSleeping = true
                return .sleep
            }
            switch step {
            case .work:
                deliverQueued()
                idleWasReported = false
                napped = false
            case .nap:
                // A few logs are queued: let a batch gather before taking them, on a timer,
                // so that the posting threads do not wake the writer for every few logs (a
                // futex wake is the most expensive thing a post can do). It is cut short when
                // the queue fills to `napWakeCount`, by a flush and by shutdown. An idle writer
                // still sleeps without a timer.
                let napEnd = System.monotonicNanoseconds() &+ Self.napNanoseconds
                queue.next { state -> WorkerDecision<Void> in
                    // A post that fills the queue to `napWakeCount`, a flush or a shutdown clears the flag.
                    guard state.writerNapping, System.monotonicNanoseconds() < napEnd else {
                        state.writerNapping = false
                        return .run(())
                    }
                    return .wait(untilNanoseconds: napEnd)
                }
                napped = true
            case .sleep:
                // Once per run of batches: an idle writer sleeps without timers, so an app
                // that posts nothing costs no wake-ups.
                if !idleWasReported {
                    reportIdle()
                    idleWasReported = true
                }
                // Until a post (or a flush, a consent change, a shutdown) clears the flag; one that
                // came while the outputs were told of the idle queue is seen here at once.
                queue.next { state -> WorkerDecision<Void> in
                    state.writerSleeping ? .wait(untilNanoseconds: nil) : .run(())
                }
                // Woken from an idle sleep: the log that woke it is written at once, without a
                // nap (a trickle of logs then costs one wake-up each, not two); a burst gathers
                // into batches from its second log on.
                napped = true
            case .exit:
                reportIdle()
                let waiters = queue.withLock { state in
                    state.writerExited = true
                    defer { state.exitWaiters.removeAll() }
                    return state.exitWaiters
                }
                for waiter in waiters { waiter.resume() }
                return
            }
        }
    }

    private func reportIdle() {
        delivery.withValue { state in
            guard state.deliveredSinceIdle else { return }
            state.deliveredSinceIdle = false
            for setting in configuration.outputs { setting.output.writerIsIdle() }
        }
    }

    /// Writes the queued logs to the outputs, and lets the posters waiting for room go on.
    /// Runs on the writer (the only thread that delivers, which keeps batches in order); the
    /// queue's lock is taken only to swap the batch in and to publish what was delivered, never
    /// around an output's call.
    private func deliverQueued() {
        let resumed: [CheckedContinuation<Void, Never>] = delivery.withValue { state in
            var batch = state.spare
            var consentChanges: [(index: Int, consent: LogConsent)] = []  // issue 17
            let waiting = queue.withLock { queueState in
                swap(&batch, &queueState.pending)
                swap(&consentChanges, &queueState.consentChanges)  // issue 17
                if !consentChanges.isEmpty { queueState.consentChangesInFlight = true }
                defer { queueState.postersWaiting = 0 }
                return queueState.postersWaiting
            }
            for _ in 0..<waiting { roomAvailable.signal() }
            guard !batch.isEmpty else {
                state.spare = batch
                // Issue 17: a consent change with no log around it; a flush waiting for it may go on.
                guard !consentChanges.isEmpty else { return [] }
                for change in consentChanges { consentTakesEffect(change.consent, state: &state) }
                return queue.withLock { queueState in readyDeliveryWaiters(&queueState) }
            }
            if consentChanges.isEmpty {
                deliver(&batch, state: &state)
            } else {
                deliver(&batch, across: consentChanges, state: &state)  // issue 17
            }
            let count = UInt64(batch.count)
            // The strings and values go here; the payloads' buffers go back to the posters.
            var retired = state.spareRetired
            batch.withUnsafeMutableBufferPointer { logs in
                for index in logs.indices { retired.append(logs[index].envelope.payload.emptiedStorage()) }
            }
            batch.removeAll(keepingCapacity: true)
            state.spare = batch
            state.deliveredSinceIdle = true
            let ready: [CheckedContinuation<Void, Never>] = queue.withLock { queueState in
                swap(&retired, &queueState.retired)
                queueState.delivered += count
                queueState.deliveryStatistics = state.statistics
                return readyDeliveryWaiters(&queueState)
            }
            // What the posters left of the batch before (they posted fewer logs than it held).
            retired.removeAll(keepingCapacity: true)
            state.spareRetired = retired
            return ready
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Encodes each log of the batch in place and hands it to its outputs. When every log
    /// goes to every output (the usual case), each output gets the batch itself — no log is
    /// copied; otherwise each output gets its own list.
    private func deliver(_ batch: inout [EncodedLog], state: inout DeliveryState) {
        let outputs = configuration.outputs
        var everyLogEverywhere = true
        var accepting: [Int] = []
        // Issue 17: under `.denied`, the outputs that need consent receive nothing.
        let denied = state.consent == .denied
        batch.withUnsafeMutableBufferPointer { logs in
            for index in logs.indices {
                // Through the pointer, so that reading the envelope borrows it (no copy).
                let log = logs.baseAddress! + index
                accepting.removeAll(keepingCapacity: true)
                var withheld = false
                if outputsTakeEveryTag {
                    for output in outputs.indices where outputs[output].route.accepts(log.pointee.envelope.route) {
                        if denied && outputs[output].requiresConsent { withheld = true; continue }
                        accepting.append(output)
                    }
                } else {
                    for output in outputRoutes(for: log.pointee.envelope.tag, state: &state)
                    where outputs[output].route.accepts(log.pointee.envelope.route) {
                        if denied && outputs[output].requiresConsent { withheld = true; continue }
                        accepting.append(output)
                    }
                }
                if withheld { state.statistics.unroutedForConsent += 1 }
                if accepting.count != outputs.count { everyLogEverywhere = false }
                if accepting.isEmpty {
                    if !withheld { state.statistics.unrouted += 1 }
                    continue
                }
                state.statistics.delivered += 1
                encoder.encode(&log.pointee, state: &state.encoderState)
            }
        }
        if everyLogEverywhere {
            for output in outputs { output.output.write(batch) }
            return
        }
        for log in batch where !log.body.isEmpty {
            let route = log.envelope.route
            let tagged = outputsTakeEveryTag ? Array(outputs.indices) : outputRoutes(for: log.envelope.tag, state: &state)
            for output in tagged where outputs[output].route.accepts(route) && !(denied && outputs[output].requiresConsent) {
                state.perOutput[output].append(log)
            }
        }
        for index in state.perOutput.indices where !state.perOutput[index].isEmpty {
            outputs[index].output.write(state.perOutput[index])
            state.perOutput[index].removeAll(keepingCapacity: true)
        }
    }

    // MARK: Consent (issue 17)

    /// Delivers a batch in which the consent changed: each run of logs under the consent it
    /// was posted under, each change handed to the consent-requiring outputs between the last
    /// log posted before it and the first posted after it. (Rare, so the runs are copies.)
    private func deliver(_ batch: inout [EncodedLog], across changes: [(index: Int, consent: LogConsent)], state: inout DeliveryState) {
        var start = 0
        for change in changes {
            let end = min(max(change.index, start), batch.count)
            if end > start {
                var run = Array(batch[start..<end])
                deliver(&run, state: &state)
            }
            start = end
            consentTakesEffect(change.consent, state: &state)
        }
        if start < batch.count {
            var run = Array(batch[start...])
            deliver(&run, state: &state)
        }
    }

    /// Tells the consent-requiring outputs of a change (on the writer, in post order).
    private func consentTakesEffect(_ consent: LogConsent, state: inout DeliveryState) {
        guard consent != state.consent else { return }
        state.consent = consent
        for setting in configuration.outputs where setting.requiresConsent { setting.output.consentChanged(to: consent) }
    }

    /// The outputs whose tag pattern matches `tag`, matched once per tag.
    private func outputRoutes(for tag: String, state: inout DeliveryState) -> [Int] {
        if let cached = state.outputRoutes[tag] { return cached }
        let matching = configuration.outputs.indices.filter { configuration.outputs[$0].tagPattern.matches(tag) }
        state.outputRoutes[tag] = matching
        return matching
    }
}
