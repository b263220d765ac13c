@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import LogStoreTestSupport
import Testing
import TestSupport

/// Issue 26: an app's launch does no file-system work on its own thread. The outputs'
/// initialisers touch no file; their own threads open the stores, and the logs written
/// meanwhile wait for them. A store that cannot open is a store error, and its logs are counted.
@Suite struct StoreOpeningTests {
    private static func log(_ index: Int) -> EncodedLog {
        EncodedLog(envelope: LogEnvelope(tag: "recipe_search.search", payload: LogPayload()), body: Array("{\"n\":\(index)}".utf8))
    }

    /// Records the thread of every call the stores make.
    private final class ThreadRecorder: Sendable {
        let threads = Locked<[UInt]>([])
        var fileSystem: InterceptingFileSystem {
            InterceptingFileSystem { [threads] _ in threads.withLock { $0.append(System.currentThreadIdentifier()) } }
        }
        func calls(on thread: UInt) -> Int { threads.withLock { $0.filter { $0 == thread }.count } }
        var count: Int { threads.withLock { $0.count } }
    }

    @Test func theInitialisersMakeNoFileSystemCallOnTheCallersThread() async throws {
        let directory = TemporaryDirectory("opening")
        defer { directory.remove() }
        let recorder = ThreadRecorder()
        var configuration = LogStoreConfiguration.standard
        configuration.fileSystem = recorder.fileSystem
        // Twice: creating the stores (a first launch), then opening and recovering them.
        for launch in 1...2 {
            let caller = System.currentThreadIdentifier()
            let before = recorder.calls(on: caller)
            let history = try LocalStoreOutput(directory: directory.url.appending(path: "history"), configuration: configuration)
            let outbox = try BufferedOutput(
                directory: directory.url.appending(path: "outbox"), backend: ScriptedBackend(), storeConfiguration: configuration)
            let during = recorder.calls(on: caller) - before
            #expect(during == 0, "launch \(launch): \(during) file-system calls on the caller's thread")
            // (A write appends on the caller's thread once the store is open: a logger's writer thread.)
            history.write([Self.log(launch)])
            outbox.write([Self.log(launch)])
            await history.flush()
            await outbox.flush()
            await outbox.shutdown()
            await history.shutdown()
            #expect(history.statistics.written == 1 && history.statistics.durable == 1)
            #expect(outbox.statistics.storeErrors == 0 && outbox.statistics.sentLogs == 1)
        }
        #expect(recorder.count > 0, "the stores were opened (on their own threads)")
        #expect(try LogStoreReader(directory: directory.path + "/history").stats().recordCount == 2)
    }

    /// Issue 26's launch: a history and a buffered output, opened and shut down with no log.
    /// A store's own directory is synced into its parent by its first segment, not when it is
    /// made; a parent made on the way at once (PowerLossDirectoryTests).
    @Test func aLaunchThatLogsNothingSyncsOnlyTheParentsItMakes() async throws {
        let directory = TemporaryDirectory("quiet-launch")
        defer { directory.remove() }
        let syncs = Locked(0)
        let configuration = LogStoreConfiguration.countingSyncs(into: syncs)
        let root = directory.url.appending(path: "logs")
        func launch() async throws -> Int {
            syncs.withLock { $0 = 0 }
            let history = try LocalStoreOutput(directory: root.appending(path: "history"), configuration: configuration)
            let outbox = try BufferedOutput(directory: root.appending(path: "outbox"), backend: ScriptedBackend(), storeConfiguration: configuration)
            await outbox.shutdown()
            await history.shutdown()
            return syncs.withLock { $0 }
        }
        // First launch: `logs`, made on the way, in its parent; `history` and `outbox` wait for
        // their first segments. (Both stores may try to make `logs`: one does, and syncs.)
        #expect(try await launch() == 1)
        #expect(try await launch() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/history").filter { $0.hasPrefix("segment-") }.isEmpty)
    }

    @Test func aStoreThatCannotOpenReportsItAndCountsItsLogs() async throws {
        let directory = TemporaryDirectory("not-a-store")
        defer { directory.remove() }
        // A regular file where the store's directory should be: opening fails on the output's thread.
        let blocked = directory.url.appending(path: "history")
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: blocked)
        let history = try LocalStoreOutput(directory: blocked)
        let outbox = try BufferedOutput(directory: blocked, backend: ScriptedBackend())
        history.write((0..<3).map(Self.log))
        outbox.write((0..<3).map(Self.log))
        #expect(await eventually { history.statistics.storeErrors > 0 && outbox.statistics.storeErrors > 0 })
        let failing = history.statistics
        #expect(failing.written == 0 && failing.heldLogs == 3, "\(failing)")
        #expect(failing.lastError?.contains("use as a store directory") == true, "\(failing.lastError ?? "no error")")
        #expect(outbox.statistics.heldLogs == 3, "\(outbox.statistics)")
        #expect(throws: LogStoreError.self) { try history.recentLogs(limit: 10) }
        await history.shutdown()
        await outbox.shutdown()
        // Never dropped unseen: every log ends in a count.
        #expect(history.statistics.lostLogs == 3 && history.statistics.heldLogs == 0)
        #expect(outbox.statistics.lostLogs == 3 && outbox.statistics.heldLogs == 0)
    }

    @Test func whatNeedsTheStoreWaitsForIt() async throws {
        let directory = TemporaryDirectory("waiting")
        defer { directory.remove() }
        let first = try LocalStoreOutput(directory: directory.url)
        first.write((0..<5).map(Self.log))
        await first.shutdown()
        // Read at once after the initialiser: the earlier run's logs are there.
        let history = try LocalStoreOutput(directory: directory.url)
        #expect(try history.recentLogs(limit: 3).map { String(decoding: $0.payload, as: UTF8.self) } == (2..<5).map { "{\"n\":\($0)}" })
        // Erased at once after the initialiser: the logs written before the call go too.
        let erased = try LocalStoreOutput(directory: directory.url.appending(path: "erased"))
        erased.write([Self.log(0)])
        try await erased.eraseAllData()
        #expect(try erased.recentLogs(limit: 10).isEmpty)
        await erased.shutdown()
        await history.shutdown()
    }
}
