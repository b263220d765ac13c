@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import RecipeLogs
import Testing
import TestSupport

@Suite struct LocalStoreOutputTests {
    @Test func everyLogIsStoredWithItsEnvelopeAndReportedDurableInOrder() async throws {
        let directory = TemporaryDirectory("history").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reported = Locked<[Int]>([])
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: directory), onDurable: { count in reported.withLock { $0.append(count) } })
        let recorder = RecordingOutputForStore()
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                outputs: [OutputSetting(history), OutputSetting(recorder)], schemaVersion: "v9"))
        for index in 0..<2_500 {
            logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg"))
        }
        await logger.shutdown()

        let counts = reported.withLock { $0 }
        #expect(counts == counts.sorted() && counts.last == 2_500)
        #expect(history.statistics.durable == 2_500 && history.statistics.storeErrors == 0)

        let records = try LogStoreReader(directory: directory).read(after: 0, limit: 5_000)
        let posted = recorder.logs
        #expect(records.count == 2_500)
        for (record, log) in zip(records, posted) {
            #expect(record.tag == log.envelope.tag && record.uuid == log.envelope.uuid)
            #expect(record.payload == log.body)
            // The framing's time is the envelope's, to the microsecond.
            #expect(record.timestamp.microsecondsSince1970 == UnixTime.microseconds(log.envelope.time))
        }
        #expect(
            String(decoding: records[0].payload, as: UTF8.self)
                == #"{"schema":"v9","common":{},"violations":[],"payload":{"recipe_id":0,"position":1,"keyword":"egg"}}"#)
    }

    @Test func recentLogsForADebugScreen() async throws {
        let directory = TemporaryDirectory("history").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: directory))
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history)]))
        for index in 0..<50 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        await logger.flush()
        let recent = try history.recentLogs(limit: 5)
        #expect(recent.map(\.sequence) == [46, 47, 48, 49, 50])
        #expect(String(decoding: recent.last!.envelope, as: UTF8.self).contains(#""seq":50,"#))
        await logger.shutdown()
    }

    /// Issue 25, defect 1: `onDurable` is app code, called with no lock of the output held, so
    /// a callback that reads the output's statistics does not deadlock (it ran under the lock
    /// `statistics` takes).
    @Test func anOnDurableCallbackMayReadTheOutputsStatistics() async throws {
        let directory = TemporaryDirectory("history").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outputReference = Locked<LocalStoreOutput?>(nil)
        let seen = Locked<[(count: Int, durable: Int)]>([])
        let history = try LocalStoreOutput(
            directory: URL(fileURLWithPath: directory),
            onDurable: { count in
                let durable = outputReference.withLock { $0 }?.statistics.durable ?? -1
                seen.withLock { $0.append((count, durable)) }
            })
        outputReference.withLock { $0 = history }
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history)]))
        let returned = await returns(within: .seconds(60)) {
            for index in 0..<100 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
            await logger.flush()
        }
        #expect(returned, "flush did not return: onDurable, reading statistics, deadlocked on the output's lock")
        guard returned else { return }
        await logger.shutdown()
        let reports = seen.withLock { $0 }
        #expect(reports.last?.count == 100)
        // In increasing order, and the statistics read inside already counted each report.
        #expect(reports.map(\.count) == reports.map(\.count).sorted())
        #expect(reports.allSatisfy { $0.durable >= $0.count }, "\(reports)")
        outputReference.withLock { $0 = nil }
    }

    /// Issue 25, item 4: `flush()` and `shutdown()` sync on the output's own thread
    /// (`bl-sync.<directory>`), never on Swift's cooperative pool; onDurable reports from there.
    @Test func aFlushSyncsOnTheOutputsOwnThread() async throws {
        let directory = TemporaryDirectory("own-sync").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let threads = Locked<[String]>([])
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: directory), syncInterval: .seconds(3600)) { _ in
            let name = Thread.current.name ?? "unnamed"
            threads.withLock { $0.append(name) }
        }
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history)]))
        for index in 0..<20 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        await logger.flush()
        await logger.shutdown()
        let names = threads.withLock { $0 }
        let expected = "bl-sync." + URL(fileURLWithPath: directory).lastPathComponent
        // (Linux cuts a thread's name to 15 bytes.)
        #expect(!names.isEmpty && names.allSatisfy { $0 == expected || $0 == String(expected.prefix(15)) }, "\(names)")
    }

    /// Issue 25, defect 10: a negative limit is no logs, not a trap.
    @Test func recentLogsWithANegativeOrZeroLimitIsEmpty() async throws {
        let directory = TemporaryDirectory("history").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: directory))
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history)]))
        for index in 0..<5 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        await logger.flush()
        #expect(try history.recentLogs(limit: -1).isEmpty)
        #expect(try history.recentLogs(limit: Int.min).isEmpty)
        #expect(try history.recentLogs(limit: 0).isEmpty)
        #expect(try history.recentLogs(limit: 2).map(\.sequence) == [4, 5])
        await logger.shutdown()
    }

    /// Reported by the second output's thread, which opens its store (issue 26: not its initialiser).
    @Test func aSecondWriterOnTheSameStoreIsAClearError() async throws {
        let directory = TemporaryDirectory("history").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try LocalStoreOutput(directory: URL(fileURLWithPath: directory))
        #expect(try first.recentLogs(limit: 1).isEmpty)  // open
        let second = try LocalStoreOutput(directory: URL(fileURLWithPath: directory))
        #expect(await eventually { second.statistics.storeErrors > 0 })
        #expect(second.statistics.lastError?.contains("another writer") == true, "\(second.statistics.lastError ?? "no error")")
        #expect(throws: LogStoreError.self) { try second.recentLogs(limit: 1) }
        await second.shutdown()
        await first.shutdown()
    }
}

/// Keeps the encoded logs, to compare with what the store holds.
final class RecordingOutputForStore: LogOutput {
    private let stored = Locked<[EncodedLog]>([])
    func write(_ logs: [EncodedLog]) { stored.withLock { $0.append(contentsOf: logs) } }
    var logs: [EncodedLog] { stored.withLock { $0 } }
}

@Suite struct DefaultDirectoryTests {
    /// On Linux the default follows XDG; on Apple platforms it is Application Support (which
    /// only an Apple build can show).
    @Test func theDefaultDirectoryIsTheAppsDataDirectory() {
        let directory = BehaviorLogger.defaultDirectory
        #expect(directory.lastPathComponent == "BehaviorLog")
        #if os(tvOS)
        #expect(directory.path.contains("Caches"))
        #elseif canImport(Darwin)
        #expect(directory.path.contains("Application Support"))
        #else
        let base = ProcessInfo.processInfo.environment["XDG_DATA_HOME"] ?? (NSHomeDirectory() + "/.local/share")
        #expect(directory.deletingLastPathComponent().standardizedFileURL.path == URL(fileURLWithPath: base).standardizedFileURL.path)
        #endif
    }
}
