@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import RecipeLogs
import Testing
import TestSupport

/// Issue 25, item 4: `flush()` makes every output durable first, all at once, then has every
/// output send; a network send never holds up another output's sync. Each wait has its own
/// deadline, so a hang fails the test rather than the suite: generous ones (hang guards, not
/// timings), since other suites may hold Swift's cooperative pool for half a minute under
/// ThreadSanitizer. The held send never ends before `open()`, so a history whose sync waited
/// for it fails however long the deadline.
@Suite struct LoggerFlushTests {
    @Test func theHistoryIsDurableWhileABufferedOutputListedFirstIsStillSending() async throws {
        let directory = TemporaryDirectory("flush-order")
        defer { directory.remove() }
        let backend = GateBackend()
        defer { backend.open() }  // a failed test leaves no send hanging
        let durable = Locked(0)
        // Syncs only when asked: without `flush()` nothing here would make the history durable.
        let history = try LocalStoreOutput(
            directory: directory.url.appending(path: "history"), syncInterval: .seconds(3_600),
            onDurable: { count in durable.withLock { $0 = max($0, count) } })
        backend.history.withLock { $0 = history }
        let outbox = try BufferedOutput(
            directory: directory.url.appending(path: "outbox"), backend: backend,
            configuration: try BufferedOutputConfiguration(flushInterval: .seconds(3_600), sendTimeout: .seconds(600), syncInterval: .seconds(3_600)))
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(outbox), OutputSetting(history)]))
        for index in 0..<50 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }

        let flushed = Locked(false)
        let flush = Task {
            await logger.flush()
            flushed.withLock { $0 = true }
        }
        // The backend holds the send; meanwhile the history is durable, and said so.
        let durableWhileSending = await eventually(within: 120) { backend.sends >= 1 && durable.withLock { $0 } == 50 }
        #expect(durableWhileSending, "the history's sync waited for the buffered output's send (sends \(backend.sends), durable \(durable.withLock { $0 }))")
        #expect(history.statistics.durable == 50)
        #expect(!flushed.withLock { $0 }, "flush() returns only once the send is answered")
        // Every output was durable before any output sent.
        #expect(backend.historyDurableAtFirstSend == 50)

        backend.open()
        let returned = await returns(within: .seconds(120)) { await flush.value }
        #expect(returned, "flush() did not return once the backend answered")
        #expect(backend.acceptedLogs == 50 && outbox.statistics.sentLogs == 50)
        let shutDown = await returns(within: .seconds(120)) { await logger.shutdown() }
        #expect(shutDown, "shutdown did not return")
    }

    @Test func everyOutputIsMadeDurableBeforeAnyOutputFlushes() async throws {
        let events = Locked<[String]>([])
        let slow = PhaseOutput(name: "slow", events: events, durableDelay: .milliseconds(200))
        let quick = PhaseOutput(name: "quick", events: events, durableDelay: .zero)
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(slow), OutputSetting(quick)]))
        logger.post(tag: "app.first", payload: LogPayload())
        let returned = await returns(within: .seconds(120)) {
            await logger.flush()
            await logger.shutdown()
        }
        #expect(returned, "flush or shutdown did not return")
        let seen = events.withLock { $0 }
        // Both durable phases start at once (the quick one ends before the slow one), and both
        // end before either flush begins.
        #expect(seen.prefix(4).sorted() == ["durable quick", "durable slow", "start durable quick", "start durable slow"], "\(seen)")
        #expect(seen.firstIndex(of: "durable quick")! < seen.firstIndex(of: "durable slow")!, "\(seen)")
        #expect(Set(seen.dropFirst(4).prefix(2)) == ["flush slow", "flush quick"], "\(seen)")
    }
}

/// Holds every send until `open()`; notes how much of the history was durable when the first
/// send began.
private final class GateBackend: LogBackend {
    private let state = Locked((open: false, sends: 0, accepted: 0, historyDurableAtFirstSend: -1))
    let history = Locked<LocalStoreOutput?>(nil)

    func open() { state.withLock { $0.open = true } }
    var sends: Int { state.withLock { $0.sends } }
    var acceptedLogs: Int { state.withLock { $0.accepted } }
    var historyDurableAtFirstSend: Int { state.withLock { $0.historyDurableAtFirstSend } }

    func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        let durable = history.withLock { $0 }?.statistics.durable ?? -1
        state.withLock { state in
            if state.sends == 0 { state.historyDurableAtFirstSend = durable }
            state.sends += 1
        }
        while !state.withLock({ $0.open }) {
            if Task.isCancelled { return .retryableFailure("cancelled") }
            try? await Task.sleep(for: .milliseconds(5))
        }
        state.withLock { $0.accepted += chunk.logs.count }
        return .accepted
    }
}

/// Notes when its durable phase starts and ends and when it flushes.
private final class PhaseOutput: LogOutput {
    private let name: String
    private let events: Locked<[String]>
    private let durableDelay: Duration

    init(name: String, events: Locked<[String]>, durableDelay: Duration) {
        self.name = name
        self.events = events
        self.durableDelay = durableDelay
    }

    var requiresConsentByDefault: Bool { false }
    func write(_ logs: [EncodedLog]) {}
    func consentChanged(to consent: LogConsent) {}
    func eraseAllData() async throws {}

    func makeDurable() async {
        events.withLock { $0.append("start durable \(name)") }
        try? await Task.sleep(for: durableDelay)
        events.withLock { $0.append("durable \(name)") }
    }

    func flush() async {
        events.withLock { $0.append("flush \(name)") }
    }
}
