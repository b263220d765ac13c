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
final class SyncScheduler: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var appended = 0
    private var firstAppendNanoseconds: UInt64 = 0
    private var stopped = false
    private var exited = false

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
        condition.lock()
        let first = appended == 0
        if first { firstAppendNanoseconds = System.monotonicNanoseconds() }
        appended += count
        if first { condition.signal() }
        condition.unlock()
    }

    /// Syncs now, on the calling thread.
    /// - Returns: the store's durable sequence.
    @discardableResult
    func syncNow() throws -> UInt64 {
        condition.lock()
        appended = 0
        condition.unlock()
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
        condition.lock()
        stopped = true
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while !stopped {
                if appended > 0 {
                    let deadline = firstAppendNanoseconds &+ intervalNanoseconds
                    let now = System.monotonicNanoseconds()
                    if now >= deadline { break }
                    _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
                } else {
                    condition.wait()
                }
            }
            if stopped {
                exited = true
                condition.broadcast()
                condition.unlock()
                return
            }
            appended = 0
            condition.unlock()
            do {
                try writer.sync()
                onSync(nil)
            } catch {
                onSync(error)
            }
        }
    }
}
