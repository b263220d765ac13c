/// The logger's bounded queue and its policy, as a value: what a post does with a full queue,
/// when the writer gathers, naps, sleeps or ends, which `flush` waits may go on, and the counts.
/// No lock and no thread: ``LogWriter`` keeps it under its worker's lock, and each method is one
/// decision taken there; what follows from it (waking the writer, waiting for room, a warning)
/// is the caller's, with the lock released.
///
/// - A full queue (`capacity` logs): a posting thread waits until the writer takes the queue
///   (a *spill*), so memory stays bounded and nothing is dropped — except the main thread (a
///   frozen UI is worse than a log), the writer thread (an output posting from `write`: it
///   would wait for itself, the one thread that empties the queue) and a Swift concurrency task
///   (a thread of the cooperative pool, which has one per core, must never block). Their logs go
///   on past the capacity (an *overflow*), and from four times the capacity on they are dropped.
/// - Consent changes are kept by index (issue 17): from the `index`-th queued log on,
///   `consent`; the writer hands each change to the outputs between the logs around it.
///
/// Generic over what a waiter is (`flush` and `shutdown` park continuations here), so that the
/// tests run it with plain values.
struct LogQueue<Waiter> {
    /// Which thread posts, where that decides whether it may wait for room.
    enum Poster: Equatable { case other, main, task, writer }

    /// What became of a post; the caller acts on it once the lock is released.
    enum Admission: Equatable {
        /// Queued, with room to spare.
        case queued
        /// Queued, and the queue is now full: the poster waits until the writer takes it
        /// (``LogWriter`` signals it; counted in `spills`).
        case spill
        /// Queued past the capacity by a thread that must not wait (counted).
        case overflow(Poster)
        /// Not queued: four times the capacity from a thread that must not wait (counted;
        /// `first`: the first such drop of that thread, for a one-time warning).
        case drop(Poster, first: Bool)
        /// Not queued: the logger is stopping (counted; `first` as above).
        case rejected(first: Bool)
    }

    /// A change of consent not yet handed to the outputs: from the `index`-th queued log on.
    /// A tuple, not a struct nested in this generic type, whose metadata and value witnesses
    /// every app linked.
    typealias ConsentChange = (index: Int, consent: LogConsent)

    /// What the writer does next (``nextStep(napped:)``).
    enum WriterStep: Equatable { case work, nap, sleep, exit }

    let capacity: Int
    /// The queue length that cuts the writer's nap short: a quarter of the capacity.
    let napWakeCount: Int

    /// Queued logs, their bodies not yet encoded (an `EncodedLog` from the start, so that
    /// the writer encodes in place and hands the batch on without copying a log).
    private(set) var pending: [EncodedLog] = []
    /// The payloads of the last batch written, emptied (their buffers kept), for the
    /// posting threads to free, one per post. Memory is then freed on the thread that
    /// allocated it: freeing a batch of another thread's buffers on the writer made the
    /// two threads contend for the allocator's arena lock, and the posting thread paid
    /// for it in futex wake-ups (post() p99 was 18-22 µs, now 4-6 µs). At most one batch.
    private var retired: [LogPayload] = []
    private(set) var writerSleeping = false
    /// The writer waits a moment for a batch to gather (``nextStep(napped:)``).
    private(set) var writerNapping = false
    /// Posting threads waiting for room in a full queue.
    private(set) var postersWaiting = 0
    private(set) var stopping = false
    private(set) var writerExited = false
    private var deliveryWaiters: [(target: UInt64, waiter: Waiter)] = []
    private var exitWaiters: [Waiter] = []
    /// The consent of the next post, and the changes the writer has not taken yet.
    private(set) var consent: LogConsent
    private(set) var consentChanges: [ConsentChange] = []
    /// The writer took changes and has not yet told the outputs (a flush waits for it).
    private var consentChangesInFlight = false

    // The counts (``counted(in:)``).
    private(set) var enqueued: UInt64 = 0
    private(set) var delivered: UInt64 = 0
    private var spills: UInt64 = 0
    private var mainThreadOverflows: UInt64 = 0
    private var mainThreadDrops: UInt64 = 0
    private var writerThreadOverflows: UInt64 = 0
    private var writerThreadDrops: UInt64 = 0
    private var taskOverflows: UInt64 = 0
    private var taskDrops: UInt64 = 0
    private var postedAfterShutdown: UInt64 = 0

    /// - Parameters:
    ///   - capacity: How many logs the queue holds before a post waits (at least 1).
    ///   - consent: The consent of the first post.
    init(capacity: Int, consent: LogConsent) {
        self.capacity = capacity
        napWakeCount = max(1, capacity / 4)
        self.consent = consent
        pending.reserveCapacity(capacity)
    }

    // MARK: Posting

    /// Takes the log out of `log` into the queue, or leaves it there when the queue refuses it
    /// (the caller releases it after the lock, and may read its tag for a warning).
    /// - Parameter poster: Which thread posts; asked only near a full queue, where it matters.
    /// - Returns: What became of the post; whether the writer is to be woken (it slept, or it
    ///   naps and the queue reached ``napWakeCount``); and a payload of the last batch written,
    ///   for the posting thread to free after the lock.
    @inline(__always)
    mutating func post(_ log: inout EncodedLog?, poster: () -> Poster) -> (admission: Admission, wakeWriter: Bool, retired: LogPayload?) {
        if stopping {
            postedAfterShutdown += 1
            return (.rejected(first: postedAfterShutdown == 1), false, nil)
        }
        let poster = pending.count >= capacity - 1 ? poster() : .other
        let mustNotWait = poster != .other
        if mustNotWait && pending.count >= 4 * capacity {
            let drops: UInt64
            switch poster {
            case .writer: drops = add(1, to: &writerThreadDrops)
            case .task: drops = add(1, to: &taskDrops)
            case .main, .other: drops = add(1, to: &mainThreadDrops)
            }
            return (.drop(poster, first: drops == 1), false, nil)
        }
        let retired = retired.popLast()
        pending.append(log.take()!)
        enqueued += 1
        let wake = writerSleeping || (writerNapping && pending.count >= napWakeCount)
        if wake {
            writerSleeping = false
            writerNapping = false
        }
        guard pending.count >= capacity else { return (.queued, wake, retired) }
        if mustNotWait {
            switch poster {
            case .writer: writerThreadOverflows += 1
            case .task: taskOverflows += 1
            case .main, .other: mainThreadOverflows += 1
            }
            return (.overflow(poster), wake, retired)
        }
        postersWaiting += 1
        spills += 1
        return (.spill, wake, retired)
    }

    @inline(__always)
    private func add(_ count: UInt64, to counter: inout UInt64) -> UInt64 {
        counter += count
        return counter
    }

    // MARK: The writer

    /// What the writer does next: work when logs or a consent change wait — once it has napped,
    /// or when the queue reached ``napWakeCount``, or a flush or a stop waits; else nap (a few
    /// logs: let a batch gather); sleep when nothing is queued; exit when stopping and empty.
    mutating func nextStep(napped: Bool) -> WriterStep {
        if !consentChanges.isEmpty { return .work }
        if !pending.isEmpty {
            if napped || pending.count >= napWakeCount || stopping || !deliveryWaiters.isEmpty { return .work }
            writerNapping = true
            return .nap
        }
        if stopping { return .exit }
        writerSleeping = true
        return .sleep
    }

    /// Whether the writer's nap goes on at `now` (a post that filled the queue to
    /// ``napWakeCount``, a flush or a stop ended it, or its time is up).
    mutating func napContinues(now: UInt64, until end: UInt64) -> Bool {
        guard writerNapping, now < end else {
            writerNapping = false
            return false
        }
        return true
    }

    /// Takes the queued logs and the consent changes: `batch` and `changes` (empty; the
    /// batch's capacity is reused) become the queue's.
    /// - Returns: How many posters waited for room; each may go on.
    mutating func take(into batch: inout [EncodedLog], consentChanges changes: inout [ConsentChange]) -> Int {
        assert(batch.isEmpty && changes.isEmpty, "the writer takes the queue into empty arrays")
        swap(&batch, &pending)
        swap(&changes, &consentChanges)
        if !changes.isEmpty { consentChangesInFlight = true }
        defer { postersWaiting = 0 }
        return postersWaiting
    }

    /// The writer handed `count` logs to the outputs: `retired` (their emptied payloads) is
    /// swapped for what the posters left of the batch before.
    /// - Returns: The `flush` waiters that may go on.
    mutating func batchDelivered(_ count: Int, retired: inout [LogPayload]) -> [Waiter] {
        swap(&retired, &self.retired)
        delivered += UInt64(count)
        return readyWaiters()
    }

    /// The writer handed the consent changes it took to the outputs, with no log around them.
    /// - Returns: The `flush` waiters that may go on.
    mutating func consentChangesDelivered() -> [Waiter] {
        readyWaiters()
    }

    /// The writer ends.
    /// - Returns: The `shutdown` waiters, to resume.
    mutating func writerExits() -> [Waiter] {
        writerExited = true
        defer { exitWaiters.removeAll() }
        return exitWaiters
    }

    /// The waiters whose logs are delivered, once no consent change is on its way to the outputs.
    private mutating func readyWaiters() -> [Waiter] {
        consentChangesInFlight = false
        guard consentChanges.isEmpty else { return [] }  // the writer comes back for them
        // The targets never decrease (each is `enqueued` when its waiter came), so the ready
        // waiters are the first ones: a prefix, not a `removeAll(where:)` and its closure.
        var count = 0
        while count < deliveryWaiters.count && deliveryWaiters[count].target <= delivered { count += 1 }
        guard count > 0 else { return [] }
        var ready: [Waiter] = []
        ready.reserveCapacity(count)
        for index in 0..<count { ready.append(deliveryWaiters[index].waiter) }
        deliveryWaiters.removeFirst(count)
        return ready
    }

    // MARK: Control

    /// Parks `waiter` until every log queued so far is delivered and every consent change is
    /// handed to the outputs (`flush`).
    /// - Returns: `done` when that is so already (`waiter` is not kept: resume it); whether the
    ///   writer is to be woken (it slept or napped).
    mutating func waitUntilDelivered(_ waiter: Waiter) -> (done: Bool, wakeWriter: Bool) {
        if delivered >= enqueued && consentChanges.isEmpty && !consentChangesInFlight { return (true, false) }
        deliveryWaiters.append((enqueued, waiter))
        return (false, interruptWriterRest())
    }

    /// Refuses posts from now on; the writer delivers what is queued and ends.
    /// - Returns: Whether the writer is to be woken.
    mutating func stop() -> Bool {
        stopping = true
        return interruptWriterRest()
    }

    /// Parks `waiter` until the writer ends.
    /// - Returns: `false` when it has ended already (`waiter` is not kept: resume it).
    mutating func waitForExit(_ waiter: Waiter) -> Bool {
        guard !writerExited else { return false }
        exitWaiters.append(waiter)
        return true
    }

    /// Every log posted from now on follows `consent`.
    /// - Returns: Whether the writer is to be woken.
    mutating func setConsent(_ consent: LogConsent) -> Bool {
        guard consent != self.consent else { return false }
        self.consent = consent
        consentChanges.append((pending.count, consent))
        return interruptWriterRest()
    }

    /// Ends the writer's sleep or nap. - Returns: Whether it slept or napped (wake it).
    private mutating func interruptWriterRest() -> Bool {
        guard writerSleeping || writerNapping else { return false }
        writerSleeping = false
        writerNapping = false
        return true
    }

    // MARK: Counts

    /// Adds the queue's counts to `statistics`: every post it saw is queued, dropped or
    /// refused (`posted` counts them; the filters' drops are the caller's), and the spills and
    /// overflows.
    func counted(in statistics: inout LoggerStatistics) {
        statistics.posted += enqueued + mainThreadDrops + writerThreadDrops + taskDrops + postedAfterShutdown
        statistics.spills = spills
        statistics.mainThreadOverflows = mainThreadOverflows
        statistics.mainThreadDrops = mainThreadDrops
        statistics.writerThreadOverflows = writerThreadOverflows
        statistics.writerThreadDrops = writerThreadDrops
        statistics.taskOverflows = taskOverflows
        statistics.taskDrops = taskDrops
        statistics.postedAfterShutdown = postedAfterShutdown
    }
}
