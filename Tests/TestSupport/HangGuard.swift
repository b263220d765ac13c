import Foundation
import LogCore

/// Runs `body` in a task of its own and reports whether it returned within `limit`: a hang
/// guard for tests of deadlocks (a task group would wait for a child that never returns; this
/// does not). Not a timing assertion: give it a limit far above what the work needs.
public func returns(within limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
    let outcome = Locked<Bool?>(nil)
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        @Sendable func finish(_ value: Bool) {
            let first = outcome.withLock { state -> Bool in
                guard state == nil else { return false }
                state = value
                return true
            }
            if first { continuation.resume(returning: value) }
        }
        Task.detached {
            await body()
            finish(true)
        }
        Task.detached {
            try? await Task.sleep(for: limit)
            finish(false)
        }
    }
}

/// ``returns(within:_:)`` for blocking work: `body` runs on a thread of its own (not Swift's
/// cooperative pool, which a hung call would hold for good).
public func returnsOnOwnThread(within limit: Duration, _ body: @escaping @Sendable () -> Void) async -> Bool {
    await returns(within: limit) {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                body()
                continuation.resume()
            }.start()
        }
    }
}
