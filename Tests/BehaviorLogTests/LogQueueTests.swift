@testable import BehaviorLog
import Testing

/// The logger's queue policy as a value, without threads: each branch of a post (queued, spill,
/// overflow, drop, refused), the writer's steps, the waits of `flush` and `shutdown`, consent
/// changes by index, and the counts. (The threads that act on these decisions are exercised by
/// LoggerTests and ReentrantOutputTests.)
@Suite struct LogQueueTests {
    typealias Queue = LogQueue<Int>

    private static func log(_ tag: String = "app.event") -> EncodedLog? {
        EncodedLog(envelope: LogEnvelope(tag: tag, payload: LogPayload()), body: [])
    }

    /// Posts one log from `poster`, and checks that the queue took it or left it.
    private static func post(_ queue: inout Queue, from poster: Queue.Poster = .other) -> (admission: Queue.Admission, wakeWriter: Bool) {
        var log = log()
        let (admission, wake, _) = queue.post(&log) { poster }
        switch admission {
        case .queued, .spill, .overflow: #expect(log == nil, "a queued log is moved out of the caller's optional")
        case .drop, .rejected: #expect(log != nil, "a refused log stays with the caller, who releases it after the lock")
        }
        return (admission, wake)
    }

    private static func statistics(_ queue: Queue) -> LoggerStatistics {
        var statistics = LoggerStatistics()
        queue.counted(in: &statistics)
        return statistics
    }

    @Test func postsBelowTheCapacityAreQueuedAndAskNotWhichThreadPosts() {
        var queue = Queue(capacity: 8, consent: .granted)
        var asked = 0
        for expected in 1...6 {
            var log = Self.log()
            let (admission, wake, retired) = queue.post(&log) {
                asked += 1
                return .main
            }
            #expect(admission == .queued && !wake && retired == nil)
            #expect(queue.pending.count == expected)
        }
        #expect(asked == 0, "the poster's thread matters only near a full queue")
        #expect(queue.enqueued == 6 && queue.postersWaiting == 0)
    }

    @Test func aFullQueueMakesAnOrdinaryPosterWaitAndTheWriterLetsItGo() {
        var queue = Queue(capacity: 4, consent: .granted)
        for _ in 0..<3 { #expect(Self.post(&queue).admission == .queued) }
        #expect(Self.post(&queue).admission == .spill)
        #expect(Self.post(&queue).admission == .spill, "a second thread waits too (the queue is over its capacity by the first)")
        #expect(queue.postersWaiting == 2)
        var batch: [EncodedLog] = []
        var changes: [Queue.ConsentChange] = []
        #expect(queue.take(into: &batch, consentChanges: &changes) == 2, "the writer lets both posters go")
        #expect(batch.count == 5 && queue.pending.isEmpty && queue.postersWaiting == 0)
        let statistics = Self.statistics(queue)
        #expect(statistics.spills == 2 && statistics.posted == 5 && statistics.mainThreadOverflows == 0)
    }

    @Test func theMainThreadOverflowsToFourTimesTheCapacityThenDrops() {
        var queue = Queue(capacity: 4, consent: .granted)
        var admissions: [Queue.Admission] = []
        for _ in 0..<20 { admissions.append(Self.post(&queue, from: .main).admission) }
        // 3 fit, the 4th fills the queue: 13 go past it up to 16; the 4 after that are dropped,
        // and only the first drop asks for the warning.
        #expect(admissions[0..<3].allSatisfy { $0 == .queued })
        #expect(admissions[3..<16].allSatisfy { $0 == .overflow(.main) })
        #expect(admissions[16] == .drop(.main, first: true))
        #expect(admissions[17..<20].allSatisfy { $0 == .drop(.main, first: false) })
        #expect(queue.pending.count == 16 && queue.postersWaiting == 0)
        let statistics = Self.statistics(queue)
        #expect(statistics.mainThreadOverflows == 13 && statistics.mainThreadDrops == 4 && statistics.spills == 0)
        #expect(statistics.writerThreadOverflows == 0 && statistics.writerThreadDrops == 0)
        #expect(statistics.posted == 20, "every post is counted once: queued or dropped")
    }

    @Test func theWriterThreadNeverWaitsAndIsCountedApart() {
        // As ReentrantOutputTests' output posting 40 logs from `write` into a queue of 8.
        var queue = Queue(capacity: 8, consent: .granted)
        var admissions: [Queue.Admission] = []
        for _ in 0..<40 { admissions.append(Self.post(&queue, from: .writer).admission) }
        #expect(admissions.filter { $0 == .queued }.count == 7)
        #expect(admissions.filter { $0 == .overflow(.writer) }.count == 25)
        #expect(admissions.filter { $0 == .drop(.writer, first: true) }.count == 1)
        #expect(admissions.filter { $0 == .drop(.writer, first: false) }.count == 7)
        let statistics = Self.statistics(queue)
        #expect(statistics.writerThreadOverflows == 25 && statistics.writerThreadDrops == 8)
        #expect(statistics.mainThreadOverflows == 0 && statistics.mainThreadDrops == 0 && statistics.posted == 40)
        // Once the writer took the queue, the main thread's first drop still warns: its own count.
        var batch: [EncodedLog] = []
        var changes: [Queue.ConsentChange] = []
        _ = queue.take(into: &batch, consentChanges: &changes)
        for _ in 0..<32 { _ = Self.post(&queue, from: .main) }
        #expect(Self.post(&queue, from: .main).admission == .drop(.main, first: true))
        #expect(Self.statistics(queue).mainThreadDrops == 1 && Self.statistics(queue).writerThreadDrops == 8)
    }

    @Test func aTaskNeverWaitsAndIsCountedApart() {
        // A post from an `async` function: a thread of Swift's cooperative pool must not block.
        var queue = Queue(capacity: 4, consent: .granted)
        var admissions: [Queue.Admission] = []
        for _ in 0..<20 { admissions.append(Self.post(&queue, from: .task).admission) }
        #expect(admissions[0..<3].allSatisfy { $0 == .queued })
        #expect(admissions[3..<16].allSatisfy { $0 == .overflow(.task) })
        #expect(admissions[16] == .drop(.task, first: true))
        #expect(admissions[17..<20].allSatisfy { $0 == .drop(.task, first: false) })
        #expect(queue.postersWaiting == 0)
        let statistics = Self.statistics(queue)
        #expect(statistics.taskOverflows == 13 && statistics.taskDrops == 4 && statistics.spills == 0)
        #expect(statistics.mainThreadOverflows == 0 && statistics.mainThreadDrops == 0)
        #expect(statistics.posted == 20, "every post is counted once: queued or dropped")
    }

    @Test func aQueueOfOneSpillsAtOnce() {
        var queue = Queue(capacity: 1, consent: .granted)
        #expect(queue.napWakeCount == 1)
        #expect(Self.post(&queue).admission == .spill)
        #expect(Self.post(&queue, from: .main).admission == .overflow(.main))
        for _ in 0..<2 { #expect(Self.post(&queue, from: .main).admission == .overflow(.main)) }
        #expect(Self.post(&queue, from: .main).admission == .drop(.main, first: true))
    }

    @Test func postsAfterAStopAreRefusedAndCounted() {
        var queue = Queue(capacity: 4, consent: .granted)
        #expect(Self.post(&queue).admission == .queued)
        let wake = queue.stop()
        #expect(!wake, "the writer was awake: nothing to wake")
        #expect(Self.post(&queue).admission == .rejected(first: true))
        #expect(Self.post(&queue, from: .main).admission == .rejected(first: false))
        let statistics = Self.statistics(queue)
        #expect(statistics.postedAfterShutdown == 2 && statistics.posted == 3 && queue.pending.count == 1)
    }

    @Test func theWriterNapsForAFewLogsAndSleepsOnAnEmptyQueue() {
        var queue = Queue(capacity: 16, consent: .granted)
        #expect(queue.napWakeCount == 4)
        #expect(queue.nextStep(napped: false) == .sleep && queue.writerSleeping)
        // The first post wakes a sleeping writer, which then writes without a nap.
        #expect(Self.post(&queue).wakeWriter && !queue.writerSleeping)
        #expect(queue.nextStep(napped: true) == .work)
        // A few logs: it naps; posts wake it only once a quarter of the capacity is queued.
        #expect(queue.nextStep(napped: false) == .nap && queue.writerNapping)
        let napGoesOn = queue.napContinues(now: 10, until: 20)
        #expect(napGoesOn)
        for _ in 0..<2 { #expect(!Self.post(&queue).wakeWriter) }
        #expect(Self.post(&queue).wakeWriter, "the 4th queued log cuts the nap short")
        #expect(!queue.napContinues(now: 10, until: 20) && !queue.writerNapping)
        #expect(queue.nextStep(napped: false) == .work, "a quarter of the capacity is worth a batch at once")
        // A nap ends at its deadline too.
        var other = Queue(capacity: 16, consent: .granted)
        _ = Self.post(&other)
        #expect(other.nextStep(napped: false) == .nap)
        #expect(!other.napContinues(now: 20, until: 20) && !other.writerNapping)
        #expect(other.nextStep(napped: true) == .work)
    }

    @Test func aStopEndsARestAndTheWriterExitsOnceTheQueueIsEmpty() {
        var queue = Queue(capacity: 16, consent: .granted)
        _ = Self.post(&queue)
        #expect(queue.nextStep(napped: false) == .nap)
        let wake = queue.stop()
        #expect(wake, "a napping writer is woken")
        #expect(queue.nextStep(napped: false) == .work, "a stop does not wait for a batch to gather")
        let parked = queue.waitForExit(1)
        #expect(parked)
        var batch: [EncodedLog] = []
        var changes: [Queue.ConsentChange] = []
        _ = queue.take(into: &batch, consentChanges: &changes)
        var retired: [LogPayload] = []
        #expect(queue.batchDelivered(batch.count, retired: &retired).isEmpty)
        #expect(queue.nextStep(napped: false) == .exit)
        #expect(queue.writerExits() == [1] && queue.writerExited)
        let parkedAfterExit = queue.waitForExit(2)
        #expect(!parkedAfterExit, "after the exit a waiter goes on at once")
    }

    @Test func theLastBatchsPayloadsAreFreedByThePosters() {
        var queue = Queue(capacity: 16, consent: .granted)
        var retired = [LogPayload(), LogPayload()]
        _ = queue.batchDelivered(0, retired: &retired)
        #expect(retired.isEmpty, "the queue held none before")
        var frees = 0
        for _ in 0..<3 {
            var log = Self.log()
            if queue.post(&log, poster: { .other }).retired != nil { frees += 1 }
        }
        #expect(frees == 2, "one payload per post, as many as the batch held")
    }

    @Test func aFlushWaitsForItsLogsOnly() {
        var queue = Queue(capacity: 16, consent: .granted)
        #expect(queue.waitUntilDelivered(1) == (done: true, wakeWriter: false))
        #expect(queue.nextStep(napped: false) == .sleep)
        for _ in 0..<3 { _ = Self.post(&queue) }
        #expect(queue.waitUntilDelivered(1) == (done: false, wakeWriter: false), "the first post woke the writer already")
        #expect(queue.nextStep(napped: false) == .work, "a flush waiting: no nap")
        var batch: [EncodedLog] = []
        var changes: [Queue.ConsentChange] = []
        _ = queue.take(into: &batch, consentChanges: &changes)
        _ = Self.post(&queue)
        #expect(queue.waitUntilDelivered(2) == (done: false, wakeWriter: false))
        var retired: [LogPayload] = []
        #expect(queue.batchDelivered(batch.count, retired: &retired) == [1], "the second flush waits for the fourth log")
        batch.removeAll()
        _ = queue.take(into: &batch, consentChanges: &changes)
        #expect(queue.batchDelivered(batch.count, retired: &retired) == [2])
        #expect(queue.delivered == 4 && queue.enqueued == 4)
    }

    @Test func consentChangesAreKeptByIndexAndHoldAFlushUntilHandedOn() {
        var queue = Queue(capacity: 16, consent: .pending)
        #expect(queue.nextStep(napped: false) == .sleep)
        let unchanged = queue.setConsent(.pending)
        #expect(!unchanged, "no change")
        let wake = queue.setConsent(.granted)
        #expect(wake, "a change wakes a sleeping writer")
        _ = Self.post(&queue)
        _ = Self.post(&queue)
        let wakeAgain = queue.setConsent(.denied)
        #expect(!wakeAgain)
        #expect(queue.consent == .denied)
        #expect(queue.consentChanges.map(\.index) == [0, 2] && queue.consentChanges.map(\.consent) == [.granted, .denied])
        #expect(queue.nextStep(napped: false) == .work, "a change is handed on without a nap")
        var batch: [EncodedLog] = []
        var changes: [Queue.ConsentChange] = []
        _ = queue.take(into: &batch, consentChanges: &changes)
        #expect(changes.count == 2 && queue.consentChanges.isEmpty)
        // Taken but not yet handed to the outputs: a flush still waits.
        #expect(queue.waitUntilDelivered(1).done == false)
        var retired: [LogPayload] = []
        #expect(queue.batchDelivered(batch.count, retired: &retired) == [1])
        #expect(queue.waitUntilDelivered(2).done)
        // A change with no log around it, and another after it was taken: the waiter stays.
        _ = queue.setConsent(.granted)
        batch.removeAll()
        changes.removeAll()
        _ = queue.take(into: &batch, consentChanges: &changes)
        #expect(!queue.waitUntilDelivered(3).done)
        _ = queue.setConsent(.pending)
        #expect(queue.consentChangesDelivered().isEmpty, "the writer comes back for the newer change")
        changes.removeAll()
        _ = queue.take(into: &batch, consentChanges: &changes)
        #expect(queue.consentChangesDelivered() == [3])
    }
}
