@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import RecipeLogs
import Testing
import TestSupport

/// Issue 25, lifetimes: a logger released without `shutdown()` stops what it started — its
/// writer thread, its outputs' threads — writes what was posted, makes it durable and lets go
/// of its stores; none of its threads keeps it alive. (Tests and app extensions drop loggers.)
@Suite(.serialized) struct LoggerLifetimeTests {
    @Test func loggersReleasedWithoutShutdownLeaveNoThreadsBehind() async throws {
        let root = TemporaryDirectory("lifetime")
        defer { try? FileManager.default.removeItem(atPath: root.path) }
        let loggers = 200
        let writersBefore = Self.threads(named: { $0 == BehaviorLogger.writerThreadName })
        await onOwnThread {
            for index in 0..<loggers {
                // `bl-sync.lt<n>`: this test's sync threads, told apart from other suites' by name.
                let directory = URL(fileURLWithPath: root.path).appending(path: "lt\(index)")
                let history = try! LocalStoreOutput(directory: directory)
                let logger = BehaviorLogger(configuration: try! LoggerConfiguration(outputs: [OutputSetting(history)]))
                for step in 0..<3 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(step), position: 1, keyword: "egg")) }
            }
        }
        // Each logger's writer writes what was queued and ends; the threads go within a moment.
        let gone = await returns(within: .seconds(60)) {
            while Self.threads(named: { $0.hasPrefix("bl-sync.lt") }) > 0 { try? await Task.sleep(for: .milliseconds(20)) }
        }
        let syncThreads = Self.threads(named: { $0.hasPrefix("bl-sync.lt") })
        #expect(gone && syncThreads == 0, "\(syncThreads) sync threads of released loggers' stores are still running")
        // Other suites run loggers meanwhile, so the writer threads (all of one name) are counted
        // with room for theirs, and waited for as the sync threads are: a suite that has just
        // made a few loggers must not make this one fail.
        let writersGone = await returns(within: .seconds(60)) {
            while Self.threads(named: { $0 == BehaviorLogger.writerThreadName }) >= writersBefore + 20 {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let writersAfter = Self.threads(named: { $0 == BehaviorLogger.writerThreadName })
        #expect(writersGone, "\(writersAfter - writersBefore) more writer threads than before the \(loggers) loggers")
        // What each logger was posted is in its store, and the store is free to open again.
        for index in [0, loggers / 2, loggers - 1] {
            let directory = URL(fileURLWithPath: root.path).appending(path: "lt\(index)")
            #expect(try LogStoreReader(directory: directory.path).stats().recordCount == 3)
            #expect((try? LocalStoreOutput(directory: directory)) != nil, "the released logger's store is still locked")
        }
    }

    @Test func aReleasedLoggerIsFreedAndItsBufferedOutputToo() async throws {
        let root = TemporaryDirectory("lifetime-buffered")
        defer { try? FileManager.default.removeItem(atPath: root.path) }
        let references = Locked<(logger: WeakReference, output: WeakReference)?>(nil)
        do {
            let output = try BufferedOutput(directory: URL(fileURLWithPath: root.path).appending(path: "outbox"), backend: ScriptedBackend())
            let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)]))
            logger.post(RecipeSearch.tapSearchResult(recipeId: 1, position: 1, keyword: "egg"))
            references.withLock { $0 = (WeakReference(logger), WeakReference(output)) }
        }
        let freed = await returns(within: .seconds(30)) {
            while references.withLock({ $0!.logger.object != nil || $0!.output.object != nil }) { try? await Task.sleep(for: .milliseconds(20)) }
        }
        let (logger, output) = references.withLock { ($0!.logger.object != nil, $0!.output.object != nil) }
        #expect(freed, "still alive after release: logger \(logger), buffered output \(output)")
        // Its sender closed the store as it ended: it opens again, with the log in it.
        let outbox = URL(fileURLWithPath: root.path).appending(path: "outbox")
        @Sendable func opens() -> Bool {
            let store = LogStoreOutbox(directory: outbox.path, configuration: .standard)
            guard (try? store.open()) != nil else { return false }
            try? store.close()
            return true
        }
        let reopened = await returns(within: .seconds(30)) {
            while !opens() { try? await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(reopened, "the released output's store stayed locked")
        #expect(try LogStoreReader(directory: outbox.path).stats().recordCount == 1)
    }

    /// Threads of this process whose kernel name passes `matching` (`/proc/self/task/*/comm`).
    static func threads(named matching: (String) -> Bool) -> Int {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return 0 }
        return tasks.filter { task in
            guard let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8) else { return false }
            return matching(name.trimmingCharacters(in: .whitespacesAndNewlines))
        }.count
    }
}

final class WeakReference: @unchecked Sendable {  // set once, read under the test's lock
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
