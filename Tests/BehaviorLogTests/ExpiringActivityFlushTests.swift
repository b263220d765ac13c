@testable import BehaviorLog
import Foundation
import LogCore
import Testing
import TestSupport

/// Issue 25, defect 6: on watchOS the expiring activity's block waited until `flush()` returned;
/// the call with `expired` true now releases it at once, and the flush still reports its end.
@Suite struct ExpiringActivityFlushTests {
    @Test func theExpiredCallReleasesTheWaitingOneAtOnce() async throws {
        let activity = ExpiringActivityFlush()
        let events = Locked<[ExpiringActivityFlush.Event]>([])
        let flushGate = Gate()
        let report: @Sendable (ExpiringActivityFlush.Event) -> Void = { event in events.withLock { $0.append(event) } }
        let waiting = Task.detached {
            await returnsOnOwnThread(within: .seconds(60)) {
                activity.run(expired: false, flush: { await flushGate.wait() }, report: report)
            }
        }
        // The system's second call, while the flush is still running.
        try await Task.sleep(for: .milliseconds(50))
        activity.run(expired: true, flush: { Issue.record("an expired activity must not flush") }, report: report)
        let released = await waiting.value
        #expect(released, "the block with expired false still waited for the flush after the time was up")
        #expect(events.withLock { $0 } == [.expired])
        // The flush goes on and reports its end.
        flushGate.open()
        let finished = await returns(within: .seconds(60)) {
            while events.withLock({ $0.count }) < 2 { try? await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(finished && events.withLock { $0 } == [.expired, .flushFinished])
    }

    @Test func aFlushThatReturnsEndsTheActivity() async throws {
        let activity = ExpiringActivityFlush()
        let events = Locked<[ExpiringActivityFlush.Event]>([])
        let returned = await returnsOnOwnThread(within: .seconds(60)) {
            activity.run(expired: false, flush: {}, report: { event in events.withLock { $0.append(event) } })
        }
        #expect(returned && events.withLock { $0 } == [.flushFinished])
    }
}

/// A flush that returns when the test opens it.
private final class Gate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
