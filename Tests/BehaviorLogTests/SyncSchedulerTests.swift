@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import Testing
import TestSupport

/// An output store's syncs: at most once per interval while logs are written, none while idle,
/// and at once when asked.
@Suite struct SyncSchedulerTests {
    private func store() throws -> (LogStoreWriter, String) {
        let directory = TemporaryDirectory("sync-scheduler").path
        let configuration = try LogStoreConfiguration(syncEveryRecords: Int.max, syncInterval: .seconds(Int32.max))
        return (try LogStoreWriter(directory: directory, configuration: configuration), directory)
    }

    private func entries(_ count: Int) -> [LogEntry] {
        (0..<count).map { _ in LogEntry(tag: "a.b", timestamp: .now(), payload: Array("{}".utf8)) }
    }

    @Test func manyLogsWaitForOneSyncAtTheEndOfTheInterval() async throws {
        let (writer, directory) = try store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let syncs = AtomicCounter()
        // A store's first append creates its segment, with syncs of its own (issue 26): made
        // before the interval is measured, so that the appends below take no disk time.
        try writer.append(contentsOf: entries(1))
        try writer.sync()
        let firstAppend = ContinuousClock.now
        let scheduler = SyncScheduler(writer: writer, interval: .milliseconds(500), name: "test") { error in
            #expect(error == nil)
            syncs.add(1)
        }
        // Two thousand logs: not one sync of their own; one sync, no sooner than the interval
        // after the first, makes them all durable. (Only a lower bound on time is asserted:
        // a loaded machine may make the sync late, never early.)
        for _ in 0..<20 {
            try writer.append(contentsOf: entries(100))
            scheduler.appended(100)
        }
        #expect(await eventually { writer.durableSequence == 2_001 })
        #expect(ContinuousClock.now - firstAppend >= .milliseconds(500))
        #expect(syncs.load() == 1)
        // Idle: no further sync, however long.
        try await Task.sleep(for: .milliseconds(500))
        #expect(syncs.load() == 1)
        scheduler.stop()
        try writer.close()
    }

    @Test func syncNowMakesEverythingDurableAtOnce() async throws {
        let (writer, directory) = try store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scheduler = SyncScheduler(writer: writer, interval: .seconds(300), name: "test") { _ in }
        try writer.append(contentsOf: entries(3))
        scheduler.appended(3)
        try await Task.sleep(for: .milliseconds(50))
        #expect(writer.durableSequence == 0)
        #expect(try scheduler.syncNow() == 3)
        #expect(writer.durableSequence == 3)
        scheduler.stop()
        try writer.close()
    }

    /// The store's `onDurable` is the app's code (through `LocalStoreOutput`'s `onDurable`), so
    /// it runs with no lock of the scheduler held: here it asks for a sync itself, which waited
    /// for ever while the scheduler called it under its one-sync-at-a-time lock.
    @Test func onDurableRunsOutsideTheSchedulersLock() async throws {
        let directory = TemporaryDirectory("sync-scheduler-reentrant")
        defer { directory.remove() }
        let scheduler = Locked<SyncScheduler?>(nil)
        let inner = Locked<UInt64?>(nil)
        var configuration = try LogStoreConfiguration(syncEveryRecords: Int.max, syncInterval: .seconds(Int32.max))
        configuration.onDurable = { _ in
            // Once: a sync asked for from inside the report of the first.
            guard
                let scheduler = scheduler.withLock({ current in
                    defer { current = nil }; return current
                })
            else { return }
            inner.withLock { $0 = (try? scheduler.syncNow()) ?? 0 }
        }
        let writer = try LogStoreWriter(directory: directory.path, configuration: configuration)
        let made = SyncScheduler(writer: writer, interval: .seconds(300), name: "test") { _ in }
        scheduler.withLock { $0 = made }
        try writer.append(contentsOf: entries(3))
        made.appended(3)
        let returned = await returns(within: .seconds(60)) { _ = try? made.syncNow() }
        #expect(returned, "a sync asked for from onDurable waited for the scheduler's lock, held by its caller")
        guard returned else { return }
        #expect(inner.withLock { $0 } == 3)
        made.stop()
        try writer.close()
    }
}
