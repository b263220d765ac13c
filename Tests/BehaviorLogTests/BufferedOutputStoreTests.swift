@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import TestSupport
import Testing

/// `BufferedOutput` on the real `LogStore`: restarts, failures and a large backlog.
@Suite struct BufferedOutputStoreTests {
    private func temporaryDirectory() -> String {
        TemporaryDirectory("buffered").path
    }

    private func post(_ count: Int, from start: Int = 0, to outputs: [any LogOutput]) async throws -> [UUID] {
        let recorder = UUIDRecorder()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: outputs.map { OutputSetting($0) } + [OutputSetting(recorder)]))
        await onOwnThread {
            for index in start..<start + count {
                logger.post(tag: "recipe_search.select_recipe", payload: LogPayload([("recipe_id", .integer(Int64(index)))]))
            }
        }
        await logger.shutdown()
        return recorder.uuids
    }

    private let fast = try! BufferedOutputConfiguration(
        chunkCount: 100, flushInterval: .seconds(3600), sendTimeout: .milliseconds(200), retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20))

    @Test func unsentLogsAreResumedAfterARestartAtFullSpeed() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // First run: the backend is down; 1,050 logs stay in the store.
        let down = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: FailingBackend(), configuration: fast)
        let posted = try await post(1_050, to: [down])
        #expect(down.statistics.sentLogs == 0)

        // Second run: the backlog goes out at once, chunk after chunk, though the interval is an hour.
        let backend = ScriptedBackend()
        let up = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: backend, configuration: fast)
        up.resume()  // used without a logger, an output holds its backlog until its first direct use
        #expect(await eventually { backend.accepted.count == 1_050 })
        #expect(backend.chunkSizes == Array(repeating: 100, count: 10) + [50])
        #expect(backend.accepted.map(\.uuid) == posted)  // in order, same UUIDs
        #expect(backend.accepted.map(\.sequence) == Array(1...1_050))
        await up.shutdown()
        #expect(try LogStoreReader(directory: directory).acknowledgedSequence(cursor: "sent") == 1_050)

        // Third run: nothing is sent again.
        let again = ScriptedBackend()
        let third = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: again, configuration: fast)
        third.resume()
        try await Task.sleep(for: .milliseconds(100))
        #expect(again.sends == 0)
        await third.shutdown()
    }

    @Test func aBackendThatFailsTimesOutAndRecoversLosesNothing() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let backend = ScriptedBackend([.retryable, .hang(0.6), .retryable, .accept, .retryable, .hang(0.4), .permanent])
        let output = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: backend, configuration: fast)
        let posted = try await post(600, to: [output])
        let reopened = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: backend, configuration: fast)
        reopened.resume()  // used without a logger, an output holds its backlog until its first direct use
        #expect(await eventually { reopened.statistics.unsentLogs == 0 && backend.accepted.count >= 500 })
        try await Task.sleep(for: .milliseconds(700))  // late answers of the timed-out sends arrive
        let accepted = backend.accepted
        let rejected = try LogStoreReader(directory: (directory as NSString).appendingPathComponent("rejected")).read(after: 0, limit: 1_000)
        // No loss: each log was accepted or, for the one rejected chunk, set aside.
        #expect(Set(accepted.map(\.uuid)).union(rejected.map(\.uuid)) == Set(posted))
        #expect(rejected.count == 100)
        // Duplicates only by at-least-once: the same log, the same UUID, byte for byte.
        for copies in Dictionary(grouping: accepted, by: \.uuid).values {
            #expect(copies.allSatisfy { $0 == copies[0] })
        }
        #expect(accepted.count > Set(accepted.map(\.uuid)).count)  // the timed-out chunks came twice
        await reopened.shutdown()
    }

    @Test func postingBehind100KUnsentLogsNeverTouchesTheBacklog() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 100,000 logs pile up behind a dead backend.
        let seed = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: FailingBackend(), configuration: fast)
        _ = try await post(100_000, to: [seed])

        // Reopen through a counting wrapper of the real store, and post 5,000 more.
        let storage = CountingOutbox(LogStoreOutbox(directory: directory, configuration: .standard))
        let output = BufferedOutput(storage: storage, backend: FailingBackend(), configuration: fast, name: "dead")
        #expect(await eventually { storage.unsentCount == 100_000 }, "the sender opens the store (issue 26)")
        _ = try await post(5_000, to: [output])
        let counts = storage.counts
        #expect(counts.appendedLogs == 5_000)
        // The only reads are the sender's retries of the first chunk: one chunk each, from the
        // sender's task; posting (the logger's writer thread) never read anything.
        #expect(counts.readsOnPostingPath == 0)
        #expect(counts.largestRead <= 100)
        #expect(counts.reads <= output.statistics.retryableFailures + 1)
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 105_000)
    }
}

/// Records the UUIDs the logger delivered, in order.
final class UUIDRecorder: LogOutput {
    private let stored = Locked<[UUID]>([])
    func write(_ logs: [EncodedLog]) { stored.withLock { $0.append(contentsOf: logs.map(\.envelope.uuid)) } }
    var uuids: [UUID] { stored.withLock { $0 } }
}

/// Wraps the real store's outbox and counts how it is used, and from which thread.
final class CountingOutbox: OutboxStorage {
    struct Counts {
        var appendedLogs = 0
        var reads = 0
        var largestRead = 0
        var readsOnPostingPath = 0
    }

    private let base: LogStoreOutbox
    private let state = Locked(Counts())

    init(_ base: LogStoreOutbox) { self.base = base }

    var counts: Counts { state.withLock { $0 } }

    func open() throws { try base.open() }

    func append(_ logs: [EncodedLog]) throws(LogStoreAppendFailure) -> ClosedRange<UInt64>? {
        let range = try base.append(logs)
        state.withLock { $0.appendedLogs += logs.count }
        return range
    }

    func makeDurable() throws { try base.makeDurable() }

    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [LogRecord] {
        let logs = try base.readUnsent(maxCount: maxCount, maxBytes: maxBytes)
        let onWriter = Thread.current.name == BehaviorLogger.writerThreadName
        state.withLock { state in
            state.reads += 1
            state.largestRead = max(state.largestRead, logs.count)
            if onWriter { state.readsOnPostingPath += 1 }
        }
        return logs
    }

    func acknowledge(through sequence: UInt64) throws { try base.acknowledge(through: sequence) }
    func setAside(_ logs: [LogRecord], reason: String) throws { try base.setAside(logs, reason: reason) }
    var unsentCount: Int { base.unsentCount }
    var pendingCount: Int { base.pendingCount }
    var pendingUpperBound: Int { base.pendingUpperBound }
    func onSyncFailure(_ handler: @escaping @Sendable (any Error) -> Void) { base.onSyncFailure(handler) }
    var isDrained: Bool { base.isDrained }
    var setAsideCount: Int { base.setAsideCount }
    func close() throws { try base.close() }
    func eraseAll() throws -> Int { try base.eraseAll() }
}
