import Dispatch
import Foundation
import LogCore

/// A logger's queue and the thread that empties it (`bl-writer`): posts go into the
/// ``LogQueue`` under the worker's lock; the thread takes it in batches, encodes each log once,
/// routes the batch (``LogRouter``) and hands each output its share, in post order.
///
/// The thread holds this object, never the ``BehaviorLogger``, so that an app that releases its
/// logger without `shutdown()` frees it: the logger's `deinit` calls ``stop()``, the thread
/// writes what is queued and ends, and this object (with the outputs, when nobody else holds
/// them) goes with it.
final class LogWriter: Sendable {
    typealias Queue = LogQueue<CheckedContinuation<Void, Never>>

    /// What the posting threads and the writer share, under the worker's lock: the queue, and
    /// the writer's counters as of the last batch it finished (`statistics` reads them here,
    /// under this lock, which no output is ever called under).
    ///
    /// This and ``DeliveryState`` are tuples, not structs of their own: `Worker` and
    /// `WriterOwned` are generic (`Worker` in another module), so a struct's metadata and value
    /// witnesses would be linked into every app.
    typealias Shared = (queue: Queue, published: LoggerStatistics)

    /// The writer thread's own state: only the writer thread touches it, so it needs no lock,
    /// and the outputs are called with no lock of the logger held — an output may call back
    /// into the logger (`statistics`, `post`, `consent`) from `write`, `writerIsIdle` or
    /// `consentChanged` without deadlocking. Batches stay in order because one thread writes.
    /// `consent` is the consent of the logs being delivered, as the consent-requiring outputs
    /// were told (issue 17).
    private typealias DeliveryState = (
        spare: [EncodedLog], spareRetired: [LogPayload], encoderState: EnvelopeEncoder.State, deliveredSinceIdle: Bool,
        statistics: LoggerStatistics, consent: LogConsent
    )

    /// The writer thread's name (`Thread.current.name` on it; `comm` for the kernel).
    static let threadName = "bl-writer"
    /// How long the writer waits for a batch to gather (``LogQueue/napWakeCount`` logs wake it sooner).
    private static let napNanoseconds: UInt64 = 500_000

    private let outputs: [OutputSetting]
    private let encoder: EnvelopeEncoder
    /// The queue, under the writer's worker (`Worker`, the runtime's one worker primitive): its
    /// lock is the queue's, its condition variable what the writer sleeps and naps on.
    private let worker: Worker<Shared>
    private let delivery: WriterOwned<DeliveryState>
    /// Apart from `delivery`, so that routing can encode into the delivery state. Only the
    /// writer thread calls it.
    private let router: LogRouter
    /// Signalled once per waiting poster when the writer takes the queue.
    private let roomAvailable = DispatchSemaphore(value: 0)
    private let isMainThread: @Sendable () -> Bool
    /// The writer thread's identity (`System.currentThreadIdentifier()`), set when it starts: a
    /// post from it (an output's `write`) must never wait for the queue it alone empties.
    private let writerThread = AtomicCounter()

    /// Tells the outputs the consent, then starts the thread.
    /// - Parameter isMainThread: Whether the calling thread must never wait (tests stand in
    ///   for the main thread with it).
    init(configuration: LoggerConfiguration, isMainThread: @escaping @Sendable () -> Bool) {
        outputs = configuration.outputs
        encoder = EnvelopeEncoder(schemaVersion: configuration.schemaVersion)
        self.isMainThread = isMainThread
        worker = Worker(state: (LogQueue(capacity: configuration.queueCapacity, consent: configuration.consent), LoggerStatistics()))
        delivery = WriterOwned(([], [], EnvelopeEncoder.newState(), false, LoggerStatistics(), configuration.consent))
        router = LogRouter(configuration.outputs)
        // Consent (issue 17): each output learns the consent before it can send anything.
        for setting in outputs { setting.output.consentChanged(to: setting.requiresConsent ? configuration.consent : .granted) }
        worker.start(name: Self.threadName) { [self] _ in
            writerThread.store(UInt64(System.currentThreadIdentifier()))
            run()
        }
    }

    // MARK: Posting

    /// Moves the log into the queue (the lock's closure takes it out of an optional, so the
    /// envelope's references are not retained and released once more on every post), then does
    /// what the queue decided, with the lock released.
    func enqueue(_ log: consuming EncodedLog) {
        var moving: EncodedLog? = consume log
        let (admission, wake, retired) = worker.withLock { shared in
            shared.queue.post(&moving) { currentPoster() }
        }
        _ = consume retired  // a buffer this thread allocated, freed here, after the lock
        if wake { worker.wake() }
        switch admission {
        case .queued, .overflow:
            break
        case .spill:
            // The queue is full: wait until the writer takes it (it goes on writing meanwhile,
            // while this thread would only have waited for the writer's batch before writing
            // its own).
            BlockingCalls.check("DispatchSemaphore.wait")
            roomAvailable.wait()
        case .drop(let poster, let first):
            // The dropped log is still in `moving` and is released here.
            guard first else { break }
            if poster == .writer {
                FileDescriptorSink.write(
                    "BehaviorLog: warning: an output posted from the logger's writer thread into a queue four times over its capacity; such logs are dropped, since the writer cannot wait for itself (counted in statistics.writerThreadDrops)\n"
                )
            } else if poster == .task {
                FileDescriptorSink.write(
                    "BehaviorLog: warning: a Swift concurrency task posted faster than the logs could be written; logs past four times the queue's capacity are dropped rather than block the cooperative pool (counted in statistics.taskDrops)\n"
                )
            } else {
                FileDescriptorSink.write(
                    "BehaviorLog: warning: the main thread posted faster than the logs could be written; logs past four times the queue's capacity are dropped (counted in statistics.mainThreadDrops)\n"
                )
            }
        case .rejected(let first):
            // The refused log is still in `moving` (its tag is read only here: retaining it
            // on every post would cost an atomic on a string the writer releases).
            if first, let tag = moving?.envelope.tag {
                FileDescriptorSink.write("BehaviorLog: warning: a log was posted after BehaviorLogger.shutdown(); it is not written (tag \(tag))\n")
            }
        }
    }

    /// Which thread posts (asked under the queue's lock, only near a full queue). The main
    /// thread is asked first: a task on the main actor counts as the main thread.
    private func currentPoster() -> Queue.Poster {
        if writerThread.load() == UInt64(System.currentThreadIdentifier()) { return .writer }
        if isMainThread() { return .main }
        return withUnsafeCurrentTask { $0 != nil } ? .task : .other
    }

    // MARK: Control

    /// Waits until every log posted before the call is handed to the outputs (and every
    /// consent change before it), without holding a thread of Swift's cooperative pool.
    func waitUntilDelivered() async {
        await withCheckedContinuation { continuation in
            let (done, wake) = worker.withLock { $0.queue.waitUntilDelivered(continuation) }
            if wake { worker.wake() }
            if done { continuation.resume() }
        }
    }

    /// Runs `work` on the writer's thread (disk work an `async` caller must not do on Swift's
    /// cooperative pool), and returns when it has run.
    func perform(_ work: @escaping @Sendable () -> Void) async {
        await worker.perform(work)
    }

    /// Refuses posts from now on: the writer writes what is queued, tells the outputs it is
    /// idle and ends, without anyone waiting for it (the logger's `deinit`; `shutdown()` then
    /// waits with ``waitForExit()``).
    func stop() {
        if worker.withLock({ $0.queue.stop() }) { worker.wake() }
    }

    /// Waits until the writer has ended (after ``stop()``).
    func waitForExit() async {
        await withCheckedContinuation { continuation in
            if !worker.withLock({ $0.queue.waitForExit(continuation) }) { continuation.resume() }
        }
    }

    /// The consent of the next post.
    var consent: LogConsent { worker.withLock { $0.queue.consent } }

    /// Every log posted after this returns follows `consent`; the writer tells the outputs
    /// between the last log posted before and the first posted after.
    func setConsent(_ consent: LogConsent) {
        if worker.withLock({ $0.queue.setConsent(consent) }) { worker.wake() }
    }

    /// The queue's counts and the writer's, as of its last batch.
    var statistics: LoggerStatistics {
        worker.withLock { shared in
            var result = shared.published
            shared.queue.counted(in: &result)
            return result
        }
    }

    // MARK: The thread

    private func run() {
        var idleWasReported = true
        var napped = false
        while true {
            switch worker.withLock({ $0.queue.nextStep(napped: napped) }) {
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
                worker.next { shared -> WorkerDecision<Void> in
                    shared.queue.napContinues(now: System.monotonicNanoseconds(), until: napEnd) ? .wait(untilNanoseconds: napEnd) : .run(())
                }
                napped = true
            case .sleep:
                // Once per run of batches: an idle writer sleeps without timers, so an app
                // that posts nothing costs no wake-ups.
                if !idleWasReported {
                    reportIdle()
                    idleWasReported = true
                }
                // Until a post (or a flush, a consent change, a shutdown) ends it; one that
                // came while the outputs were told of the idle queue is seen here at once.
                worker.next { shared -> WorkerDecision<Void> in
                    shared.queue.writerSleeping ? .wait(untilNanoseconds: nil) : .run(())
                }
                // Woken from an idle sleep: the log that woke it is written at once, without a
                // nap (a trickle of logs then costs one wake-up each, not two); a burst gathers
                // into batches from its second log on.
                napped = true
            case .exit:
                reportIdle()
                for waiter in worker.withLock({ $0.queue.writerExits() }) { waiter.resume() }
                return
            }
        }
    }

    private func reportIdle() {
        delivery.withValue { state in
            guard state.deliveredSinceIdle else { return }
            state.deliveredSinceIdle = false
            for setting in outputs { setting.output.writerIsIdle() }
        }
    }

    /// Writes the queued logs to the outputs, and lets the posters waiting for room go on.
    /// Runs on the writer (the only thread that delivers, which keeps batches in order); the
    /// queue's lock is taken only to swap the batch in and to publish what was delivered, never
    /// around an output's call.
    private func deliverQueued() {
        let resumed: [CheckedContinuation<Void, Never>] = delivery.withValue { state in
            var batch = state.spare
            var consentChanges: [Queue.ConsentChange] = []  // issue 17
            let waiting = worker.withLock { $0.queue.take(into: &batch, consentChanges: &consentChanges) }
            for _ in 0..<waiting { roomAvailable.signal() }
            guard !batch.isEmpty else {
                state.spare = batch
                // Issue 17: a consent change with no log around it; a flush waiting for it may go on.
                guard !consentChanges.isEmpty else { return [] }
                for change in consentChanges { consentTakesEffect(change.consent, state: &state) }
                return worker.withLock { $0.queue.consentChangesDelivered() }
            }
            if consentChanges.isEmpty {
                deliver(&batch, state: &state)
            } else {
                deliver(&batch, across: consentChanges, state: &state)  // issue 17
            }
            let count = batch.count
            // The strings and values go here; the payloads' buffers go back to the posters.
            var retired = state.spareRetired
            batch.withUnsafeMutableBufferPointer { logs in
                for index in logs.indices { retired.append(logs[index].envelope.payload.emptiedStorage()) }
            }
            batch.removeAll(keepingCapacity: true)
            state.spare = batch
            state.deliveredSinceIdle = true
            let statistics = state.statistics
            let ready = worker.withLock { shared in
                shared.published = statistics
                return shared.queue.batchDelivered(count, retired: &retired)
            }
            // What the posters left of the batch before (they posted fewer logs than it held).
            retired.removeAll(keepingCapacity: true)
            state.spareRetired = retired
            return ready
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Encodes each log that goes somewhere, in place, and hands each output its logs: the
    /// batch itself when every log goes to every output (the usual case: no log is copied).
    private func deliver(_ batch: inout [EncodedLog], state: inout DeliveryState) {
        let consent = state.consent
        let routed = router.route(&batch, consent: consent) { log in encoder.encode(&log, state: &state.encoderState) }
        state.statistics.delivered += routed.delivered
        state.statistics.unrouted += routed.unrouted
        state.statistics.unroutedForConsent += routed.unroutedForConsent
        guard let perOutput = routed.perOutput else {
            for setting in outputs { setting.output.write(batch) }
            return
        }
        for index in perOutput.indices where !perOutput[index].isEmpty { outputs[index].output.write(perOutput[index]) }
    }

    // MARK: Consent (issue 17)

    /// Delivers a batch in which the consent changed: each run of logs under the consent it
    /// was posted under, each change handed to the consent-requiring outputs between the last
    /// log posted before it and the first posted after it. (Rare, so the runs are copies.)
    private func deliver(
        _ batch: inout [EncodedLog], across changes: [Queue.ConsentChange], state: inout DeliveryState
    ) {
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
        for setting in outputs where setting.requiresConsent { setting.output.consentChanged(to: consent) }
    }
}
