import Foundation
import LogStore
import LogCore
import TestSupport
import Testing
@testable import LogQuery

/// Following while a writer appends, rotates segments and restarts.
@Suite struct FollowTests {
    @Test func followsAppendsAcrossRotationAndWriterRestarts() async throws {
        try await followWhileWriting(deadline: 60)
    }

    /// A full-suite run once failed the test above: the follower saw record 51 (the writer's
    /// first flush) and then nothing for 60 s. Two synchronous crash-loop tests held both threads
    /// of Swift's cooperative pool (a 2-core machine) for over a minute; the writer, a task on
    /// that pool, could not resume from its first `Task.sleep` until they ended. Here every
    /// thread of the pool is held until the follower is done: the writer and the follower
    /// must both run on threads of their own.
    @Test func followsWhileTheCooperativePoolIsBlocked() async throws {
        try await followWhileWriting(deadline: 30, blockingThePool: true)
    }

    /// Follows a store while a writer appends 300 logs in three runs (each a restart: a new
    /// writer, a new segment), with small segments, and checks that every matching log is seen
    /// once, in order. With `blockingThePool`, every thread of the cooperative pool is held
    /// until the follower stops.
    private func followWhileWriting(deadline seconds: TimeInterval, blockingThePool: Bool = false) async throws {
        let store = TestStore()
        try store.fill(count: 50, seed: 5, segmentBytes: 4096)
        let startAfter = try store.query().lastSequence()
        let done = AtomicCounter()
        let blocker = blockingThePool ? PoolBlocker() : nil

        // The writer and the follower each run on a thread of their own: neither may wait for a
        // thread of the cooperative pool, which other suites' synchronous tests can hold for a
        // minute on a loaded machine.
        let writerThread = ThreadJob {
            for run in 0..<3 {
                let writer = try store.writer(segmentBytes: 4096)
                for index in 0..<100 {
                    let tag = index % 2 == 0 ? "recipe_search.search" : "home_banner.show_banner"
                    try store.append(
                        writer, tag: tag, microseconds: TestStore.start + 1_000_000_000 + Int64(run * 1000 + index),
                        body: #"{"schema":"v1","common":{},"violations":[],"payload":{"run":\#(run),"index":\#(index)}}"#)
                    if index % 10 == 0 { try writer.flush(); Thread.sleep(forTimeInterval: 0.002) }
                }
                try writer.close()
            }
        }

        let query = try QueryOptions(tags: ["recipe_search.*"], conditions: ["index<90"]).query(clock: fixedClock)
        let followerThread = ThreadJob { () throws -> [LogRecordView.Owned] in
            defer { blocker?.unblock() }
            var seen: [LogRecordView.Owned] = []
            let deadline = Date().addingTimeInterval(seconds)
            try store.query().follow(
                query, after: startAfter, pollInterval: 0.005,
                shouldStop: { done.load() != 0 || Date() > deadline }
            ) { log in
                seen.append(log.owned)
                if seen.count == 135 { done.store(1) }
                return true
            }
            return seen
        }
        let seen = try await followerThread.value
        try await writerThread.value

        let expected = store.written.filter { log in
            log.sequence > startAfter && log.withStoredLog { query.matches($0) }
        }
        #expect(expected.count == 135)
        #expect(seen.map(\.sequence) == expected.map(\.sequence))
        #expect(seen == expected)
        #expect(try store.segmentFiles().count > 4)
    }

    @Test func stopsWhenAsked() throws {
        let store = try TestStore().fill(count: 10)
        let start = Date()
        var calls = 0
        try store.query().follow(
            LogQuery(), after: 0, pollInterval: 0.01,
            shouldStop: {
                calls += 1; return calls > 5
            }
        ) { _ in true }
        #expect(Date().timeIntervalSince(start) < 5)
    }
}

/// Holds every thread of Swift's cooperative pool (as long synchronous tests running in
/// parallel do) until ``unblock()``: tasks started meanwhile, or suspended, wait until then.
private final class PoolBlocker: Sendable {
    private let release = DispatchSemaphore(value: 0)
    /// More tasks than the pool has threads: the extra ones wait in its queue.
    private let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2

    init() {
        for _ in 0..<count {
            Task.detached { [release] in PoolBlocker.wait(release) }
        }
    }

    func unblock() {
        for _ in 0..<count { release.signal() }
    }

    private static func wait(_ semaphore: DispatchSemaphore) {
        semaphore.wait()
    }
}
