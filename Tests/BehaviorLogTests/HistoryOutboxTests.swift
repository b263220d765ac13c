@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import LogStoreTestSupport
import TestSupport
import Testing

/// `BufferedOutput(history:…)` (issue 26 target 3): the output appends its logs to the history's
/// store and sends them from there through its cursor `sent`, so each log is written and synced
/// once. Order, acknowledgement, restarts, the caps, consent, erasure, tags; power losses are in
/// OutboxPowerLossTests (the same scenarios, on a history's store).
@Suite struct HistoryOutboxTests {
    private let fast = try! BufferedOutputConfiguration(
        chunkCount: 100, flushInterval: .seconds(3600), sendTimeout: .milliseconds(200), retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20))

    private struct Setup {
        let history: LocalStoreOutput
        let output: BufferedOutput
        let logger: BehaviorLogger
        let everything: UUIDRecorder
    }

    /// A logger with the shared set-up (the output only; the history is its store) and a recorder
    /// of every log posted (no consent needed: the reference).
    private func setUp(
        _ directory: URL, backend: any LogBackend, consent: LogConsent = .granted, tagPattern: String = "**",
        storeConfiguration: LogStoreConfiguration = .standard
    ) throws -> Setup {
        let history = try LocalStoreOutput(directory: directory, configuration: storeConfiguration)
        let output = try BufferedOutput(history: history, backend: backend, configuration: fast)
        let everything = UUIDRecorder()
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                outputs: [try OutputSetting(output, tagPattern: tagPattern), OutputSetting(everything, requiresConsent: false)], consent: consent))
        return Setup(history: history, output: output, logger: logger, everything: everything)
    }

    private func post(_ range: Range<Int>, tag: String = "recipe_search.select_recipe", to logger: BehaviorLogger) async {
        await onOwnThread {
            for index in range { logger.post(tag: tag, payload: LogPayload([("recipe_id", .integer(Int64(index)))])) }
        }
    }

    @Test func theOutputSendsFromItsHistoryInOrderAndTheHistoryKeepsWhatWasSent() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let backend = ScriptedBackend()
        let setup = try setUp(directory.url, backend: backend)
        await post(0..<250, to: setup.logger)
        await setup.logger.flush()
        #expect(await eventually { backend.accepted.count == 250 })
        #expect(backend.accepted.map(\.uuid) == setup.everything.uuids)  // in post order
        #expect(backend.accepted.map(\.sequence) == Array(1...250))
        #expect(setup.history.statistics.written == 250)
        #expect(setup.output.statistics.unsentLogs == 0)
        await setup.logger.shutdown()
        // One store: the history's, with every log (sent ones too) and the output's cursor.
        let reader = try LogStoreReader(directory: directory.path)
        #expect(try reader.read(after: 0, limit: 1_000).map(\.uuid) == setup.everything.uuids)
        #expect(try reader.acknowledgedSequence(cursor: "sent") == 250)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix("outputs") })
    }

    @Test func aRestartResumesAtTheCursorAndSendsNothingTwice() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        // First run: the backend is down; 300 logs wait in the history.
        let down = try setUp(directory.url, backend: FailingBackend())
        await post(0..<300, to: down.logger)
        await down.logger.shutdown()
        #expect(down.output.statistics.sentLogs == 0)

        // Second run: the backlog goes at once, in order, though the interval is an hour.
        let backend = ScriptedBackend()
        let up = try setUp(directory.url, backend: backend)
        #expect(await eventually { backend.accepted.count == 300 })
        #expect(backend.accepted.map(\.uuid) == down.everything.uuids)
        await post(300..<310, to: up.logger)
        await up.logger.flush()
        #expect(await eventually { backend.accepted.count == 310 })
        await up.logger.shutdown()

        // Third run: nothing again.
        let again = ScriptedBackend()
        let third = try setUp(directory.url, backend: again)
        await third.logger.flush()
        try await Task.sleep(for: .milliseconds(100))
        #expect(again.sends == 0)
        await third.logger.shutdown()
        #expect(try LogStoreReader(directory: directory.path).stats().recordCount == 310)
    }

    @Test func aHistoryKeptBeforeTheOutputUsedItIsNotSent() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        // An app that kept a history alone (or beside an outbox of its own) moves to the shared set-up.
        let alone = try LocalStoreOutput(directory: directory.url)
        let before = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(alone)]))
        await post(0..<40, to: before)
        await before.shutdown()

        let backend = ScriptedBackend()
        let setup = try setUp(directory.url, backend: backend)
        await post(40..<47, to: setup.logger)
        await setup.logger.flush()
        #expect(await eventually { backend.accepted.count == 7 })
        await setup.logger.shutdown()
        #expect(backend.accepted.map(\.uuid) == setup.everything.uuids)
        #expect(try LogStoreReader(directory: directory.path).stats().recordCount == 47)
    }

    /// Issue 26's launch, in the shared set-up: the cursor is made with the first log, so a
    /// launch that logs nothing syncs at most the directories it creates, and then nothing.
    @Test func aLaunchThatLogsNothingMakesNoSyncForTheCursor() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let syncs = Locked(0)
        let configuration = LogStoreConfiguration.countingSyncs(into: syncs)
        let root = directory.url.appending(path: "logs")
        func launch() async throws -> Int {
            syncs.withLock { $0 = 0 }
            let history = try LocalStoreOutput(directory: root.appending(path: "history"), configuration: configuration)
            let output = try BufferedOutput(history: history, backend: ScriptedBackend())
            await output.shutdown()
            return syncs.withLock { $0 }
        }
        #expect(try await launch() <= 2)  // the entries of the directories it creates (logs, history)
        #expect(try await launch() == 0)
        #expect(try LogStoreReader(directory: root.appending(path: "history").path).stats().cursors.isEmpty)
    }

    @Test func aHistoryKeptBeforeCountsOnlyTheUnsentLogsItsCapsDropAfterward() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let small = try LogStoreConfiguration(segmentBytes: 4096, maximumTotalBytes: 16384)
        let alone = try LocalStoreOutput(directory: directory.url, configuration: small)
        let before = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(alone)]))
        await post(0..<600, to: before)
        await before.shutdown()
        #expect(try LogStoreReader(directory: directory.path).stats().droppedByCaps > 0)  // a history's own drops

        let setup = try setUp(directory.url, backend: FailingBackend(), storeConfiguration: small)
        await post(600..<603, to: setup.logger)
        await setup.logger.flush()
        #expect(setup.output.statistics.droppedByCaps == 0)
        #expect(setup.output.statistics.unsentLogs == 3)
        await setup.logger.shutdown()
        #expect(try LogStoreReader(directory: directory.path).stats().droppedByCaps == 0)
    }

    @Test func theLoggerRefusesTheHistoryBesideItsOutputAndAHistoryServesOneOutput() throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let history = try LocalStoreOutput(directory: directory.url)
        let output = try BufferedOutput(history: history, backend: FailingBackend())
        #expect(throws: ConfigurationError.self) {
            try LoggerConfiguration(outputs: [OutputSetting(history), OutputSetting(output)])
        }
        #expect(throws: ConfigurationError.self) { try BufferedOutput(history: history, backend: FailingBackend()) }
        _ = try LoggerConfiguration(outputs: [OutputSetting(output)])
    }

    @Test func theHistoryHoldsTheTagsItsOutputTakes() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let backend = ScriptedBackend()
        let setup = try setUp(directory.url, backend: backend, tagPattern: "recipe_search.*")
        await post(0..<5, tag: "recipe_search.select_recipe", to: setup.logger)
        await post(5..<9, tag: "recipe_detail.open", to: setup.logger)
        await post(9..<12, tag: "recipe_search.search", to: setup.logger)
        await setup.logger.flush()
        #expect(await eventually { backend.accepted.count == 8 })
        await setup.logger.shutdown()
        #expect(backend.accepted.allSatisfy { $0.tag.hasPrefix("recipe_search.") })
        #expect(try LogStoreReader(directory: directory.path).read(after: 0, limit: 100).map(\.tag) == backend.accepted.map(\.tag))
    }

    @Test func unsentLogsTheCapsDropAreCountedAndTheRestIsSent() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let small = try LogStoreConfiguration(segmentBytes: 4096, maximumTotalBytes: 16384)
        // The backend is down: the history's cap drops the oldest unsent logs.
        let down = try setUp(directory.url, backend: FailingBackend(), storeConfiguration: small)
        await post(0..<600, to: down.logger)
        await down.logger.flush()
        let dropped = down.output.statistics.droppedByCaps
        let unsent = down.output.statistics.unsentLogs
        #expect(dropped > 0)
        #expect(dropped + unsent == 600)  // every log is sent-to-be or counted, exactly
        await down.logger.shutdown()
        #expect(try LogStoreReader(directory: directory.path).stats().droppedByCaps == UInt64(dropped))

        // Reopened, the store closes the segment the last run wrote to, and its cap may drop
        // more: counted the same way, and every other log is sent.
        let backend = ScriptedBackend()
        let up = try setUp(directory.url, backend: backend, storeConfiguration: small)
        #expect(await eventually { backend.accepted.count > 0 && backend.accepted.count + up.output.statistics.droppedByCaps == 600 })
        #expect(backend.accepted.map(\.uuid) == Array(down.everything.uuids.suffix(backend.accepted.count)))
        await up.logger.shutdown()
    }

    @Test func aDenialMovesTheCursorPastTheUnsentLogsAndTheHistoryKeepsThem() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let backend = ScriptedBackend()
        let setup = try setUp(directory.url, backend: backend, consent: .pending)
        await post(0..<20, to: setup.logger)  // kept, unsent
        await setup.logger.flush()
        #expect(setup.output.statistics.unsentLogs == 20)
        setup.logger.setConsent(.denied)
        await post(20..<25, to: setup.logger)  // not the output's: not in its history either
        setup.logger.setConsent(.granted)
        await post(25..<32, to: setup.logger)
        await setup.logger.flush()
        #expect(await eventually { backend.accepted.count == 7 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(backend.accepted.map(\.uuid) == Array(setup.everything.uuids[25..<32]))
        #expect(setup.output.statistics.deletedForConsent == 20)  // the 5 posted under it never reached it
        await setup.logger.shutdown()
        let records = try LogStoreReader(directory: directory.path).read(after: 0, limit: 100)
        #expect(records.map(\.uuid) == Array(setup.everything.uuids[0..<20] + setup.everything.uuids[25..<32]))

        // A restart sends none of the denied ones.
        let again = ScriptedBackend()
        let restarted = try setUp(directory.url, backend: again)
        await restarted.logger.flush()
        try await Task.sleep(for: .milliseconds(100))
        #expect(again.sends == 0)
        await restarted.logger.shutdown()
    }

    @Test func aLaunchUnderDenialDropsTheBacklogForGood() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let down = try setUp(directory.url, backend: FailingBackend())
        await post(0..<10, to: down.logger)
        await down.logger.shutdown()

        let denied = try setUp(directory.url, backend: ScriptedBackend(), consent: .denied)
        #expect(await eventually { denied.output.statistics.deletedForConsent == 10 })
        #expect(denied.output.statistics.unsentLogs == 0)
        await denied.logger.shutdown()

        let backend = ScriptedBackend()
        let granted = try setUp(directory.url, backend: backend)
        await granted.logger.flush()
        try await Task.sleep(for: .milliseconds(100))
        #expect(backend.sends == 0)
        await granted.logger.shutdown()
        #expect(try LogStoreReader(directory: directory.path).stats().recordCount == 10)  // the history keeps them
    }

    @Test func eraseAllDataErasesTheHistoryAndSendingGoesOn() async throws {
        let directory = TemporaryDirectory("history-outbox")
        defer { directory.remove() }
        let setup = try setUp(directory.url, backend: FailingBackend())
        await post(0..<30, to: setup.logger)
        await setup.logger.flush()
        try await setup.logger.eraseAllData()
        #expect(try LogStoreReader(directory: directory.path).stats().recordCount == 0)
        #expect(setup.output.statistics.unsentLogs == 0)
        await post(30..<33, to: setup.logger)
        await setup.logger.shutdown()

        let backend = ScriptedBackend()
        let restarted = try setUp(directory.url, backend: backend)
        #expect(await eventually { backend.accepted.count == 3 })
        #expect(backend.accepted.map(\.uuid) == Array(setup.everything.uuids[30..<33]))
        await restarted.logger.shutdown()
    }
}
