import Dispatch
import LogCore

/// The body of a watchOS expiring activity that flushes the logger
/// (`ProcessInfo.performExpiringActivity(withReason:using:)`, `AppLifecycleObserver`), kept
/// apart from the platform so that every platform tests it.
///
/// The system calls the block once with `expired` false: the activity lasts until the block
/// returns, so it starts the flush and waits. When the time is up it calls the block again,
/// with `expired` true (possibly at once, possibly while the first call waits): that call
/// releases the first one at once, so the activity ends when the system asks, not when the
/// flush happens to return. The flush goes on meanwhile and reports when it finishes.
final class ExpiringActivityFlush: Sendable {
    /// What the activity reports, once each at most.
    enum Event: Sendable, Equatable {
        /// The flush returned.
        case flushFinished
        /// The system said the time is up.
        case expired
    }

    private let released = DispatchSemaphore(value: 0)
    private let isReleased = Locked(false)

    /// One call of the activity's block. Returns when the activity may end: for `expired`
    /// false, when the flush returned or a call with `expired` true came; for `expired` true,
    /// at once.
    /// - Parameters:
    ///   - expired: What the system passed.
    ///   - flush: The flush (run on a task of its own).
    ///   - report: Told of each event as it happens.
    func run(expired: Bool, flush: @escaping @Sendable () async -> Void, report: @escaping @Sendable (Event) -> Void) {
        if expired {
            report(.expired)
            release()
            return
        }
        Task.detached { [self] in
            await flush()
            report(.flushFinished)
            release()
        }
        // A thread of the activity's own queue (not Swift's cooperative pool) waits here.
        BlockingCalls.check("DispatchSemaphore.wait")
        released.wait()
    }

    private func release() {
        let first = isReleased.withLock { released in
            defer { released = true }
            return !released
        }
        if first { released.signal() }
    }
}
