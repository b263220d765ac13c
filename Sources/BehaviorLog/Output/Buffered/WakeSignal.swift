import LogStore
import Synchronization

/// Wakes one waiting task: `signal()` from any thread; `wait(for:)` returns at the first
/// signal (a signal sent while nobody waits is kept for the next wait) or after the timeout.
final class WakeSignal: Sendable {
    private struct State {
        var signaled = false
        var waiter: CheckedContinuation<Void, Never>?
        var generation = 0
    }

    private let state = Locked(State())
    private let timers: SenderThread

    /// - Parameter timers: Where the timeouts run.
    init(timers: SenderThread) {
        self.timers = timers
    }

    func signal() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard let waiter = state.waiter else {
                state.signaled = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Waits for a signal, or `timeout` seconds (`nil`: no timeout).
    func wait(for timeout: Double?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let generation: Int? = state.withLock { state in
                if state.signaled {
                    state.signaled = false
                    return nil
                }
                state.waiter = continuation
                state.generation += 1
                return state.generation
            }
            guard let generation else { return continuation.resume() }
            guard let timeout else { return }
            timers.schedule(after: timeout) { [self] in
                let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
                    guard state.generation == generation, let waiter = state.waiter else { return nil }
                    state.waiter = nil
                    return waiter
                }
                waiter?.resume()
            }
        }
    }
}
