import Dispatch
import LogCore
import LogStore

/// Wakes one waiting task: `signal()` from any thread; `wait(for:)` returns at the first
/// signal (a signal sent while nobody waits is kept for the next wait) or after the timeout.
///
/// A timeout is a Dispatch timer that the signal cancels, so a wait that ends early leaves
/// nothing behind to wake the process later; a wait without a timeout costs no timer at all.
final class WakeSignal: Sendable {
    private struct State {
        var signaled = false
        var waiter: CheckedContinuation<Void, Never>?
        var timeout: DispatchWorkItem?
    }

    private let state = Locked(State())
    private let timers: DispatchQueue

    /// - Parameter timers: Where the timeouts run.
    init(timers: DispatchQueue) {
        self.timers = timers
    }

    func signal() {
        let (waiter, timeout): (CheckedContinuation<Void, Never>?, DispatchWorkItem?) = state.withLock { state in
            guard let waiter = state.waiter else {
                state.signaled = true
                return (nil, nil)
            }
            state.waiter = nil
            defer { state.timeout = nil }
            return (waiter, state.timeout)
        }
        timeout?.cancel()
        waiter?.resume()
    }

    /// Waits for a signal, or `timeout` seconds (`nil`: no timeout).
    func wait(for timeout: Double?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let item = timeout.map { _ in
                DispatchWorkItem { [self] in
                    let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
                        defer { state.waiter = nil; state.timeout = nil }
                        return state.waiter
                    }
                    waiter?.resume()
                }
            }
            let waiting: Bool = state.withLock { state in
                if state.signaled {
                    state.signaled = false
                    return false
                }
                state.waiter = continuation
                state.timeout = item
                return true
            }
            guard waiting else { return continuation.resume() }
            if let item, let timeout { timers.asyncAfter(deadline: .now() + max(0, timeout), execute: item) }
        }
    }
}
