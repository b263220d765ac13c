@testable import BehaviorLog
import Foundation
import LogStore
import Synchronization
import Testing

/// The outbox's group commit on its own thread: by count, by time, and on request.
@Suite struct GroupCommitThreadTests {
    private func store() throws -> (LogStoreWriter, String) {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("group-commit-\(UUID().uuidString.prefix(8))")
        let configuration = try LogStoreConfiguration(syncEveryRecords: Int.max, syncIntervalMilliseconds: Int(Int32.max))
        return (try LogStoreWriter(directory: directory, configuration: configuration), directory)
    }

    private func entries(_ count: Int) -> [LogEntry] {
        (0..<count).map { _ in LogEntry(tag: "a.b", timestamp: .now(), payload: Array("{}".utf8)) }
    }

    @Test func syncsByCountByTimeAndOnRequest() async throws {
        let (writer, directory) = try store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let syncs = Atomic(0)
        let thread = GroupCommitThread(writer: writer, everyRecords: 10, intervalMilliseconds: 300_000, name: "test") { error in
            #expect(error == nil)
            syncs.add(1, ordering: .relaxed)
        }
        // By count: ten logs are due at once.
        try writer.append(contentsOf: entries(10))
        thread.appended(10)
        #expect(await eventually { writer.durableSequence == 10 })
        // Fewer than ten wait for the interval (five minutes here) — or for a request.
        try writer.append(contentsOf: entries(3))
        thread.appended(3)
        try await Task.sleep(for: .milliseconds(100))
        #expect(writer.durableSequence == 10)
        thread.requestSync()
        #expect(await eventually { writer.durableSequence == 13 })
        #expect(syncs.load(ordering: .relaxed) == 2)
        thread.stop()
        try writer.close()
    }

    @Test func aTrickleIsSyncedAfterTheInterval() async throws {
        let (writer, directory) = try store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let thread = GroupCommitThread(writer: writer, everyRecords: 1_000, intervalMilliseconds: 50, name: "test") { _ in }
        try writer.append(contentsOf: entries(2))
        thread.appended(2)
        #expect(await eventually { writer.durableSequence == 2 })
        thread.stop()
        try writer.close()
    }
}
