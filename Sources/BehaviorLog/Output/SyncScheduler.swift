import Dispatch
import Foundation
import LogCore
import LogStore

/// When an output's store syncs: at most once per `interval`, on a thread of its own, and only
/// while something written is not yet durable; or at once when asked (``syncNow()``: before a
/// buffered output sends a chunk, on `flush()`, `shutdown()` and when the app goes to the
/// background).
///
/// Why: a killed app loses nothing that reached `write(2)`; a sync only bounds what a power
/// loss or a kernel panic can take, and on a phone each one costs flash time and battery
/// (`F_FULLFSYNC` takes milliseconds). So a log never costs a sync of its own: at 100 logs/s a
/// store syncs once per interval, not a hundred times. An idle store costs nothing: the thread
/// waits without a timer until something is appended, and arms one interval then.
final class SyncScheduler: Sendable {
    private struct State {
        var appended = 0
        var firstAppendNanoseconds: UInt64 = 0
        var stopped = false
    }

    /// What the thread does next, decided under the lock.
    private enum Step {
        case sync
        case wait(untilNanoseconds: UInt64?)
        case exit
    }

    private let state = Locked(State())
    /// Wakes the thread: at the first append after a sync, and at `stop()`. A signal sent while
    /// the thread is not waiting is kept, and costs at most one extra look at the state.
    private let wakeup = DispatchSemaphore(value: 0)
    /// Signalled when the thread has ended; `stop()` passes it on, so every caller returns.
    private let exited = DispatchSemaphore(value: 0)

    private let writer: LogStoreWriter
    private let intervalNanoseconds: UInt64
    private let onSync: @Sendable ((any Error)?) -> Void

    /// - Parameters:
    ///   - interval: The longest a written log waits for its sync.
    ///   - onSync: Called after each sync this scheduler makes (on its thread, or on the caller
    ///     of ``syncNow()``), with the error if it failed.
    init(writer: LogStoreWriter, interval: Duration, name: String, onSync: @escaping @Sendable ((any Error)?) -> Void) {
        self.writer = writer
        let (seconds, attoseconds) = interval.components
        intervalNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        self.onSync = onSync
        Thread.start(named: name) { [self] in run() }
    }

    /// Counts `count` logs written; the first after a sync arms the interval (one wake-up of the
    /// thread per interval, not per log).
    func appended(_ count: Int) {
        let first = state.withLock { state in
            let first = state.appended == 0
            if first { state.firstAppendNanoseconds = System.monotonicNanoseconds() }
            state.appended += count
            return first
        }
        if first { wakeup.signal() }
    }

    /// Syncs now, on the calling thread.
    /// - Returns: the store's durable sequence.
    @discardableResult
    func syncNow() throws -> UInt64 {
        state.withLock { $0.appended = 0 }
        do {
            let durable = try writer.sync()
            onSync(nil)
            return durable
        } catch {
            onSync(error)
            throw error
        }
    }

    /// Ends the thread (after a sync in progress), and waits for it.
    func stop() {
        state.withLock { $0.stopped = true }
        wakeup.signal()
        exited.wait()
        exited.signal()
    }

    private func run() {
        while true {
            let step: Step = state.withLock { state in
                if state.stopped { return .exit }
                guard state.appended > 0 else { return .wait(untilNanoseconds: nil) }
                let deadline = state.firstAppendNanoseconds &+ intervalNanoseconds
                if System.monotonicNanoseconds() < deadline { return .wait(untilNanoseconds: deadline) }
                state.appended = 0
                return .sync
            }
            switch step {
            case .exit:
                exited.signal()
                return
            case .wait(untilNanoseconds: nil):
                wakeup.wait()
            case .wait(untilNanoseconds: let deadline?):
                let now = System.monotonicNanoseconds()
                if deadline > now { _ = wakeup.wait(timeout: .now() + .nanoseconds(Int(clamping: deadline - now))) }
            case .sync:
                do {
                    try writer.sync()
                    onSync(nil)
                } catch {
                    onSync(error)
                }
            }
        }
    }
}
