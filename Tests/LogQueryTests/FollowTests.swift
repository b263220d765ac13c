import Foundation
import LogStore
import Synchronization
import Testing
@testable import LogQuery

/// Following while a writer appends, rotates segments and restarts.
@Suite struct FollowTests {
    @Test func followsAppendsAcrossRotationAndWriterRestarts() async throws {
        let store = TestStore()
        try store.fill(count: 50, seed: 5, segmentBytes: 4096)
        let startAfter = try store.query().lastSequence()
        let done = Atomic<Bool>(false)

        // The writer: three runs (each a restart: a new writer, a new segment), small segments.
        let writerTask = Task.detached {
            for run in 0..<3 {
                let writer = try store.writer(segmentBytes: 4096)
                for index in 0..<100 {
                    let tag = index % 2 == 0 ? "recipe_search.search" : "home_banner.show_banner"
                    try store.append(writer, tag: tag, microseconds: TestStore.start + 1_000_000_000 + Int64(run * 1000 + index),
                                     body: #"{"schema":"v1","common":{},"violations":[],"payload":{"run":\#(run),"index":\#(index)}}"#)
                    if index % 10 == 0 { try writer.flush(); try await Task.sleep(for: .milliseconds(2)) }
                }
                try writer.close()
            }
        }

        let query = try QueryOptions(tags: ["recipe_search.*"], conditions: ["index<90"]).query(clock: fixedClock)
        let reader = try store.query()
        var seen: [StoredLog.Owned] = []
        let deadline = Date().addingTimeInterval(60)
        try reader.follow(query, after: startAfter, pollInterval: 0.005,
                          shouldStop: { done.load(ordering: .relaxed) || Date() > deadline }) { log in
            seen.append(log.owned)
            if seen.count == 135 { done.store(true, ordering: .relaxed) }
            return true
        }
        try await writerTask.value

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
        try store.query().follow(LogQuery(), after: 0, pollInterval: 0.01, shouldStop: { calls += 1; return calls > 5 }) { _ in true }
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
