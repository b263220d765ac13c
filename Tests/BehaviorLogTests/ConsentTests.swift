@testable import BehaviorLog
import BehaviorLogTesting
import Foundation
import LogStore
import RecipeLogs
import TestSupport
import Testing

/// `LogConsent` with logs in flight: what a consent-requiring buffered output keeps, sends and
/// deletes across `setConsent` and restarts (issue 17). The process-level rule (a SIGKILL right
/// after a denial) is in ConsentCrashLoopTests.
@Suite struct ConsentTests {
    private func temporaryDirectory() -> String {
        TemporaryDirectory("consent").path
    }

    private let quick = try! BufferedOutputConfiguration(
        chunkCount: 100, flushInterval: .milliseconds(20), sendTimeout: .seconds(1), retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20))

    /// A logger with a buffered output on a real store (it needs consent) and a recorder that
    /// needs none (it sees every log, in post order: the reference).
    private struct Setup {
        let logger: BehaviorLogger
        let output: BufferedOutput
        let backend: ScriptedBackend
        let everything: RecordingOutput
    }

    private func setUp(_ directory: String, consent: LogConsent, backend: ScriptedBackend = ScriptedBackend()) throws -> Setup {
        let output = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: backend, configuration: quick)
        let everything = RecordingOutput(requiresConsent: false)
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                outputs: [OutputSetting(output), OutputSetting(everything)], consent: consent))
        return Setup(logger: logger, output: output, backend: backend, everything: everything)
    }

    private func post(_ range: Range<Int>, to logger: BehaviorLogger) async {
        await onOwnThread {
            for index in range {
                logger.post(tag: "consent.tick", payload: LogPayload([("n", .integer(Int64(index)))]))
            }
        }
    }

    @Test func pendingKeepsLogsAndGrantedSendsThemInOrder() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let setup = try setUp(directory, consent: .pending)
        await post(0..<350, to: setup.logger)
        await setup.logger.flush()
        try await Task.sleep(for: .milliseconds(150))  // 7 flush intervals: a granted output would have sent
        #expect(setup.backend.sends == 0)
        #expect(setup.output.statistics.unsentLogs == 350)

        setup.logger.setConsent(.granted)
        #expect(await eventually { setup.backend.accepted.count == 350 })
        #expect(setup.backend.accepted.map(\.uuid) == setup.everything.logs.map(\.uuid))  // in post order
        await setup.logger.shutdown()
    }

    @Test func pendingThenDeniedDeletesTheKeptLogs() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let setup = try setUp(directory, consent: .pending)
        await post(0..<200, to: setup.logger)
        await setup.logger.flush()
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 200)

        setup.logger.setConsent(.denied)
        await setup.logger.flush()  // returns once the outputs were told
        #expect(setup.output.statistics.deletedForConsent == 200)
        #expect(setup.output.statistics.unsentLogs == 0)
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 0)  // gone from disk

        // Posted under `.denied`: the output never receives them; the recorder (no consent needed) does.
        await post(200..<250, to: setup.logger)
        await setup.logger.flush()
        #expect(setup.logger.statistics.unroutedForConsent == 50)
        #expect(setup.logger.statistics.unrouted == 0)
        #expect(setup.everything.logs.count == 250)
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 0)

        // A later grant sends nothing of it.
        setup.logger.setConsent(.granted)
        await setup.logger.flush()
        try await Task.sleep(for: .milliseconds(100))
        #expect(setup.backend.sends == 0)
        await setup.logger.shutdown()
    }

    @Test func deniedThenGrantedSendsOnlyWhatWasPostedAfter() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let setup = try setUp(directory, consent: .denied)
        await post(0..<120, to: setup.logger)
        setup.logger.setConsent(.granted)
        await post(120..<200, to: setup.logger)
        await setup.logger.flush()
        #expect(await eventually { setup.backend.accepted.count == 80 })
        let posted = setup.everything.logs.map(\.uuid)
        #expect(setup.backend.accepted.map(\.uuid) == Array(posted[120...]))
        #expect(setup.logger.statistics.unroutedForConsent == 120)
        await setup.logger.shutdown()
        #expect(setup.backend.sentUUIDs.count == 80)
    }

    /// Logs still queued when the consent changes follow the consent they were posted under,
    /// while the sender is busy sending: a change takes effect exactly at the post after it.
    @Test(arguments: [LogConsent.denied, .pending])
    func aChangeTakesEffectForEveryLogPostedAfterItReturns(_ change: LogConsent) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let setup = try setUp(directory, consent: .granted)
        let switchAt = 6_000
        await onOwnThread {
            for index in 0..<12_000 {
                if index == switchAt / 2 {
                    // Let the sender get going, so the change lands while it is sending.
                    let deadline = Date().addingTimeInterval(10)
                    while setup.backend.sends == 0 && Date() < deadline { usleep(1_000) }
                }
                if index == switchAt { setup.logger.setConsent(change) }
                setup.logger.post(tag: "consent.tick", payload: LogPayload([("n", .integer(Int64(index)))]))
            }
        }
        await setup.logger.flush()
        try await Task.sleep(for: .milliseconds(100))
        let posted = setup.everything.logs.map(\.uuid)
        try #require(posted.count == 12_000)
        let before = Set(posted[..<switchAt])
        let sent = setup.backend.sentUUIDs
        #expect(!sent.isEmpty)  // the sender was busy before the change
        #expect(sent.allSatisfy { before.contains($0) }, "a log posted after setConsent(\(change)) was sent")
        if change == .denied {
            #expect(setup.logger.statistics.unroutedForConsent == 6_000)
            #expect(setup.output.statistics.unsentLogs == 0)
        } else {
            #expect(setup.logger.statistics.unroutedForConsent == 0)
            #expect(setup.output.statistics.unsentLogs >= 6_000)  // kept, not sent
            setup.logger.setConsent(.granted)
            #expect(await eventually { Set(setup.backend.accepted.map(\.uuid)) == Set(posted) })
        }
        await setup.logger.shutdown()
    }

    @Test func aRestartUnderPendingOrDeniedNeverSendsTheBacklog() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // First run: pending; the logs stay in the store.
        let first = try setUp(directory, consent: .pending)
        await post(0..<150, to: first.logger)
        await first.logger.shutdown()
        #expect(first.backend.sends == 0)

        // Second run, still pending: the backlog is held (an output alone sends its backlog at once).
        let second = try setUp(directory, consent: .pending)
        try await Task.sleep(for: .milliseconds(150))
        #expect(second.backend.sends == 0)
        #expect(second.output.statistics.unsentLogs == 150)
        await second.logger.shutdown()

        // Third run, denied: the backlog is deleted before anything could be sent.
        let third = try setUp(directory, consent: .denied)
        #expect(third.output.statistics.deletedForConsent == 150)
        #expect(try LogStoreReader(directory: directory).stats().recordCount == 0)
        await post(150..<160, to: third.logger)
        try await Task.sleep(for: .milliseconds(100))
        #expect(third.backend.sends == 0)
        await third.logger.shutdown()

        // Fourth run, granted: nothing from before is left to send; new logs go.
        let fourth = try setUp(directory, consent: .granted)
        await post(160..<170, to: fourth.logger)
        await fourth.logger.flush()
        #expect(await eventually { fourth.backend.accepted.count == 10 })
        await fourth.logger.shutdown()
        #expect(fourth.backend.accepted.map(\.uuid) == fourth.everything.logs.map(\.uuid))
    }

    @Test func whichOutputsNeedConsent() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let buffered = try BufferedOutput(directory: URL(fileURLWithPath: directory + "/outbox"), backend: ScriptedBackend())
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: directory + "/history"))
        #expect(OutputSetting(buffered).requiresConsent)
        #expect(OutputSetting(RecordingOutput()).requiresConsent)
        #expect(!OutputSetting(history).requiresConsent)
        #expect(!OutputSetting(ConsoleOutput(sink: { _ in })).requiresConsent)
        #expect(!OutputSetting(buffered, requiresConsent: false).requiresConsent)
        #expect(OutputSetting(history, requiresConsent: true).requiresConsent)
        #expect(try LoggerConfiguration(outputs: []).consent == .granted)
        // The stores open on the outputs' own threads: close them before the directory goes.
        await buffered.shutdown()
        await history.shutdown()
    }

    @Test func anOutputWhoseSettingWaivesConsentGoesOnUnderDenied() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let backend = ScriptedBackend()
        let output = try BufferedOutput(directory: URL(fileURLWithPath: directory), backend: backend, configuration: quick)
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output, requiresConsent: false)], consent: .denied))
        await post(0..<30, to: logger)
        await logger.flush()
        #expect(await eventually { backend.accepted.count == 30 })
        #expect(logger.statistics.unroutedForConsent == 0)
        await logger.shutdown()
    }

    @Test func theRecordingOutputTellsWhatItSawUnderEachConsent() async throws {
        let recorder = RecordingOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder)]))
        logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
        logger.setConsent(.pending)
        logger.post(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1))
        logger.setConsent(.denied)
        logger.post(RecipeSearch.search(keyword: "salt", order: .latest, filters: [], page: 1))
        logger.setConsent(.granted)
        logger.post(RecipeSearch.tapSearchResult(recipeId: 7, position: 1, keyword: "egg"))
        await logger.shutdown()

        #expect(recorder.consent == .granted)
        #expect(recorder.logs(under: .granted).map(\.tag) == ["recipe_search.search", "recipe_search.tap_search_result"])
        #expect(recorder.logs(under: .pending).count == 1)
        #expect(recorder.logs(under: .denied).isEmpty)
        #expect(recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1), under: .granted))
        #expect(recorder.expectLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1), count: 1, under: .pending))
        #expect(recorder.expectNotLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1), under: .granted))
        #expect(recorder.expectNotLogged(RecipeSearch.search(keyword: "salt", order: .latest, filters: [], page: 1)))
        #expect(recorder.expectCount(2, under: .granted))
        #expect(recorder.expectCount(0, under: .denied))
        withKnownIssue {
            recorder.expectLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1), under: .granted)
        } matching: {
            $0.description.contains("to be logged under consent granted")
        }
        #expect(logger.statistics.unroutedForConsent == 1)
    }
}
