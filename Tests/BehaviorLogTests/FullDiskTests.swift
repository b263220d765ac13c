@testable import BehaviorLog
import Foundation
import LogStore
import RecipeLogs
import TestSupport
import Testing

/// A real full disk (a 16 MB tmpfs, filled but for 256 KB): what each output cannot keep is counted exactly — in its
/// statistics, the same figure as what is missing from its store — and each output takes writes
/// again by itself once space returns, without losing what it already held.
@Suite(.serialized) struct FullDiskTests {
    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root (CI runs as root)"))
    func outputsCountWhatTheyCannotKeepAndRecover() async throws {
        let disk = try #require(SmallFileSystem.mount(bytes: 16 << 20), "cannot mount a tmpfs here")
        defer { disk.unmount() }
        let backend = ScriptedBackend()
        let small = try LogStoreConfiguration(segmentBytes: 64 << 10, maximumTotalBytes: nil, maximumAge: nil)
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: disk.path + "/history"), configuration: small)
        let shipping = try BufferedOutput(
            directory: URL(fileURLWithPath: disk.path + "/outbox"), backend: backend,
            configuration: try BufferedOutputConfiguration(chunkCount: 100, flushInterval: .milliseconds(50)), storeConfiguration: small, name: "backend")
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history), OutputSetting(shipping)]))
        try disk.fill(leaving: 256 << 10)
        shipping.suspend()  // nothing is sent, so nothing the outbox holds is freed

        // About 330 bytes a log, 10 MB in all for each output: far more than the space left,
        // and more than the 10,000 logs each output holds in memory.
        let padding = String(repeating: "x", count: 250)
        let firstRun = 30_000
        // From a thread of the app's own, which waits for room: a task would drop past four
        // times the queue's capacity (statistics.taskDrops), and this counts the outputs' losses.
        await onOwnThread {
            for index in 0..<firstRun { logger.post(RecipeSearch.search(keyword: "\(index)" + padding, order: .latest, filters: [], page: 1)) }
        }
        await logger.flush()
        let full = history.statistics
        let fullOutbox = shipping.statistics
        #expect(full.lostLogs > 0 && full.storeErrors >= 1, "\(full)")
        #expect(fullOutbox.lostLogs > 0, "\(fullOutbox)")
        // Exact accounting: every log is in the store, held in memory, or counted as lost.
        let stored = try LogStoreReader(directory: disk.path + "/history").stats().recordCount
        #expect(stored == full.written)
        #expect(full.written + full.heldLogs + full.lostLogs == firstRun, "\(full)")
        #expect(fullOutbox.unsentLogs + fullOutbox.heldLogs + fullOutbox.lostLogs == firstRun, "\(fullOutbox)")

        // Space returns: past the longest backoff (5 s), both outputs write again by themselves
        // at the next log, the held logs first.
        try disk.free()
        try await Task.sleep(for: .milliseconds(5_200))
        shipping.resume()
        let secondRun = 500
        for index in 0..<secondRun { logger.post(RecipeSearch.search(keyword: "again \(index)", order: .latest, filters: [], page: 1)) }
        await logger.flush()
        let after = history.statistics
        #expect(after.heldLogs == 0 && after.lostLogs == full.lostLogs, "\(after)")
        #expect(after.written == full.written + full.heldLogs + secondRun, "\(after)")
        #expect(try LogStoreReader(directory: disk.path + "/history").stats().recordCount == after.written)
        #expect(await eventually(within: 30) { backend.accepted.count == firstRun + secondRun - fullOutbox.lostLogs })
        let shipped = shipping.statistics
        #expect(shipped.heldLogs == 0 && shipped.lostLogs == fullOutbox.lostLogs && shipped.unsentLogs == 0, "\(shipped)")
        await logger.shutdown()
    }

    /// Issue 25, defect 9: the count goes on to the end. Logs held in memory for a full store
    /// when the logger shuts down are lost, and counted so: after `shutdown()` every posted log
    /// is in exactly one count — stored or lost (the history), unsent or lost (the outbox) —
    /// with none left as "held" by a process about to end.
    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root (CI runs as root)"))
    func everyLogEndsInOneCountAtShutdown() async throws {
        let disk = try #require(SmallFileSystem.mount(bytes: 16 << 20), "cannot mount a tmpfs here")
        defer { disk.unmount() }
        let small = try LogStoreConfiguration(segmentBytes: 64 << 10, maximumTotalBytes: nil, maximumAge: nil)
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: disk.path + "/history"), configuration: small)
        let shipping = try BufferedOutput(
            directory: URL(fileURLWithPath: disk.path + "/outbox"), backend: ScriptedBackend(), storeConfiguration: small, name: "backend")
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history), OutputSetting(shipping)]))
        try disk.fill(leaving: 256 << 10)
        shipping.suspend()
        let padding = String(repeating: "x", count: 250)
        let posted = 15_000
        for index in 0..<posted { logger.post(RecipeSearch.search(keyword: "\(index)" + padding, order: .latest, filters: [], page: 1)) }
        await logger.shutdown()
        let kept = history.statistics
        #expect(kept.heldLogs == 0 && kept.lostLogs > 0, "\(kept)")
        #expect(kept.written + kept.lostLogs == posted, "\(kept)")
        #expect(try LogStoreReader(directory: disk.path + "/history").stats().recordCount == kept.written)
        let outbox = shipping.statistics
        #expect(outbox.heldLogs == 0 && outbox.lostLogs > 0, "\(outbox)")
        #expect(outbox.unsentLogs + outbox.lostLogs == posted, "\(outbox)")
    }
}
