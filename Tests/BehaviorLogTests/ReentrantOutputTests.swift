@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import RecipeLogs
import Testing
import TestSupport

/// Item 5 of issue 14: the logger calls no output under a lock that the output's own calls
/// into the logger need. An output that reads `statistics` (and posts) from `write`,
/// `writerIsIdle`, `consentChanged` and `flush` must not deadlock; a deadlock shows as a
/// call that never returns, so each step waits under a generous guard (a hang guard, not a
/// timing assertion: it only fails when the call has not returned after a minute).
@Suite struct ReentrantOutputTests {
    @Test func anOutputThatReadsTheStatisticsInWriteAndFlushDoesNotDeadlock() async throws {
        let output = ReentrantOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output, requiresConsent: true)]))
        output.logger = logger
        let posted = await returns(within: .seconds(60)) {
            for index in 0..<200 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
            await logger.flush()
            logger.setConsent(.pending)
            logger.post(RecipeSearch.tapSearchResult(recipeId: 200, position: 1, keyword: "egg"))
            await logger.flush()
        }
        #expect(posted, "posting and flushing did not return: an output's call into the logger deadlocked")
        // A deadlocked logger stays so: reading its statistics would hang this test too.
        guard posted else { return }
        // The output saw the logger's counters from inside each of its methods; in `write` they
        // counted the batches written before, none of the one being written. The counters are
        // published once per batch, and a consent change inside a batch splits it into two
        // writes: the second sees what the first saw (whether the writer took the change within
        // a batch is a race, so either is right).
        // The writer tells the outputs it is idle when it goes to sleep, which can come after
        // the last flush returned (a flush waits for the writes, not for the sleep).
        #expect(await eventually { output.seen.idles > 0 }, "the writer never reported itself idle: writerIsIdle deadlocked or was not called")
        let seen = output.seen
        #expect(seen.writes > 0 && seen.flushes == 2 && seen.consentChanges >= 2)
        let writtenBefore = seen.deliveredBeforeWrite.reduce(into: [UInt64(0)]) { $0.append($0.last! + UInt64($1.batch)) }
        let delivered = seen.deliveredBeforeWrite.map(\.delivered)
        for (index, count) in delivered.enumerated() {
            let sameBatchAsThePrevious = index > 0 && count == delivered[index - 1]
            #expect(count == writtenBefore[index] || sameBatchAsThePrevious, "write \(index) saw \(count) delivered: \(delivered) against \(writtenBefore)")
        }
        // The one log the output posted from `write` went through like any other.
        #expect(output.reposted)
        let shutDown = await returns(within: .seconds(60)) { await logger.shutdown() }
        #expect(shutDown, "shutdown did not return")
        guard shutDown else { return }
        let statistics = logger.statistics
        #expect(statistics.posted == 202 && statistics.delivered == 202)
        #expect(output.tags.filter { $0 == "reentrant.posted" }.count == 1)
    }
}

extension ReentrantOutputTests {
    /// Issue 25, defect 3: an output's `write` runs on the writer thread, the one thread that
    /// empties the queue, so a post from it into a full queue must not wait for the writer
    /// (today it waited for itself). It goes past the capacity, counted, and beyond four times
    /// the capacity it is dropped, counted: every post ends in exactly one count.
    @Test func anOutputThatPostsIntoAFullQueueFromWriteNeverWaits() async throws {
        let output = PostingOutput(postsPerFirstWrite: 40)
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], queueCapacity: 8))
        output.logger = logger
        let returned = await returns(within: .seconds(60)) {
            logger.post(tag: "app.first", payload: LogPayload())
            await logger.flush()
            await logger.shutdown()
        }
        #expect(returned, "a post from the writer thread into a full queue waited for the writer: the logger hung")
        guard returned else { return }
        // 7 posts fit the queue (capacity 8, the 8th fills it), 25 go past it up to 32, 8 are dropped.
        let statistics = logger.statistics
        #expect(statistics.posted == 41)
        #expect(statistics.writerThreadOverflows == 25 && statistics.writerThreadDrops == 8, "\(statistics)")
        #expect(statistics.delivered == 33 && statistics.spills == 0, "\(statistics)")
        #expect(output.tags.count == 33)
    }
}

/// Posts `postsPerFirstWrite` logs from its first `write` (on the writer thread).
private final class PostingOutput: LogOutput {
    private let postsPerFirstWrite: Int
    private let state = Locked((tags: [String](), posted: false))
    private let loggerReference = Locked<BehaviorLogger?>(nil)
    var logger: BehaviorLogger? {
        get { loggerReference.withLock { $0 } }
        set { loggerReference.withLock { $0 = newValue } }
    }
    var tags: [String] { state.withLock { $0.tags } }

    init(postsPerFirstWrite: Int) { self.postsPerFirstWrite = postsPerFirstWrite }

    func write(_ logs: [EncodedLog]) {
        let first = state.withLock { state in
            state.tags += logs.map(\.envelope.tag)
            defer { state.posted = true }
            return !state.posted
        }
        guard first, let logger else { return }
        for index in 0..<postsPerFirstWrite { logger.post(tag: "echo.e\(index)", payload: LogPayload()) }
    }

    func shutdown() async { loggerReference.withLock { $0 = nil } }
}

/// Calls back into its logger from every method the writer calls.
private final class ReentrantOutput: LogOutput {
    struct Seen {
        var writes = 0
        var idles = 0
        var flushes = 0
        var consentChanges = 0
        var deliveredBeforeWrite: [(delivered: UInt64, batch: Int)] = []
        var tags: [String] = []
        var reposted = false
    }

    private let state = Locked(Seen())
    private let loggerReference = Locked<BehaviorLogger?>(nil)
    var logger: BehaviorLogger? {
        get { loggerReference.withLock { $0 } }
        set { loggerReference.withLock { $0 = newValue } }
    }

    var seen: Seen { state.withLock { $0 } }
    var tags: [String] { state.withLock { $0.tags } }
    var reposted: Bool { state.withLock { $0.reposted } }

    func write(_ logs: [EncodedLog]) {
        let delivered = logger?.statistics.delivered ?? 0
        let repost = state.withLock { seen in
            seen.writes += 1
            seen.deliveredBeforeWrite.append((delivered, logs.count))
            seen.tags += logs.map(\.envelope.tag)
            defer { seen.reposted = true }
            return !seen.reposted
        }
        // The queue is empty here (the writer took it), so this post does not wait.
        if repost { logger?.post(tag: "reentrant.posted", payload: LogPayload()) }
    }

    func writerIsIdle() {
        _ = logger?.statistics
        state.withLock { $0.idles += 1 }
    }

    func consentChanged(to consent: LogConsent) {
        _ = logger?.statistics
        _ = logger?.consent
        state.withLock { $0.consentChanges += 1 }
    }

    func flush() async {
        _ = logger?.statistics
        state.withLock { $0.flushes += 1 }
    }
}
