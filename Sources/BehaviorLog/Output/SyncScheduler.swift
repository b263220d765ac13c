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
    /// A tuple, not a struct of its own: `Worker` is generic and in another module, so a
    /// struct's metadata would be linked into every app.
    private typealias State = (appended: Int, firstAppendNanoseconds: UInt64, stopped: Bool)

    /// The thread, its state and its wake-ups: woken at the first append after a sync and at
    /// `stop()`; it holds the store's writer, never the output.
    private let worker: Worker<State>
    private let writer: LogStoreWriter
    private let onSync: @Sendable ((any Error)?) -> Void
    /// Held across each sync: one at a time. A sync asked for (``syncNow()``) while the thread's
    /// runs waits for it, and then has nothing left to do unless logs came meanwhile — the
    /// store's `fsync` runs outside its lock, so two at once would both reach the disk. (A
    /// buffered output's chunk, due `flushInterval` after a log, and the interval's sync, due
    /// `syncInterval` after it, fall on the same instant at 1 log/s.) The store's `onDurable`,
    /// which reaches the app's code, is called once it is released, never under it.
    private let syncing = Locked(())

    /// - Parameters:
    ///   - interval: The longest a written log waits for its sync.
    ///   - onSync: Called after each sync this scheduler makes (on its thread, or on the caller
    ///     of ``syncNow()``), with the error if it failed.
    init(writer: LogStoreWriter, interval: Duration, name: String, onSync: @escaping @Sendable ((any Error)?) -> Void) {
        self.writer = writer
        let (seconds, attoseconds) = interval.components
        let intervalNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        self.onSync = onSync
        worker = Worker<State>(state: (0, 0, false))
        let syncing = syncing
        worker.start(name: name) { worker in
            Self.run(worker, writer: writer, syncing: syncing, intervalNanoseconds: intervalNanoseconds, onSync: onSync)
        }
    }

    /// Counts `count` logs written; the first after a sync arms the interval (one wake-up of the
    /// thread per interval, not per log).
    func appended(_ count: Int) {
        let first = worker.withLock { state in
            let first = state.appended == 0
            if first { state.firstAppendNanoseconds = System.monotonicNanoseconds() }
            state.appended += count
            return first
        }
        if first { worker.wake() }
    }

    /// Syncs now, on the calling thread.
    /// - Returns: the store's durable sequence.
    @discardableResult
    func syncNow() throws -> UInt64 {
        worker.withLock { $0.appended = 0 }
        do {
            let durable = try Self.sync(writer, one: syncing)
            onSync(nil)
            return durable
        } catch {
            onSync(error)
            throw error
        }
    }

    /// Hands blocking store work (opening the store) to the scheduler's thread, without
    /// waiting: it is done before any work handed over later.
    func run(_ work: @escaping @Sendable () -> Void) {
        worker.perform(work, then: {})
    }

    /// Runs blocking store work (`flush()`'s and `shutdown()`'s sync) on the scheduler's thread,
    /// for an `async` caller, which waits without holding a thread of the cooperative pool.
    func perform(_ work: @escaping @Sendable () -> Void) async {
        await worker.perform(work)
    }

    /// Ends the thread (after a sync in progress), and waits for it.
    func stop() {
        worker.withLock { $0.stopped = true }
        worker.wake()
        worker.join()
    }

    /// One sync at a time; the store's `onDurable` (the app's code, through the output) is called
    /// after it, with `syncing` released.
    private static func sync(_ writer: LogStoreWriter, one syncing: Locked<Void>) throws(LogStoreError) -> UInt64 {
        let (durable, advanced) = try syncing.withLock { (_: inout Void) throws(LogStoreError) in try writer.syncDeferringReport() }
        writer.reportDurable(advanced)
        return durable
    }

    private static func run(
        _ worker: Worker<State>, writer: LogStoreWriter, syncing: Locked<Void>, intervalNanoseconds: UInt64,
        onSync: @Sendable ((any Error)?) -> Void
    ) {
        while true {
            // Whether the thread ends (else it syncs), decided under the worker's lock: a `Bool`,
            // not an enum of its own, whose metadata and value witnesses every app would link
            // (`Worker.next` is generic over it, in another module).
            let exits: Bool = worker.next { state in
                if state.stopped { return .run(true) }
                // Idle: an untimed wait, so an idle store costs no wake-ups.
                guard state.appended > 0 else { return .wait(untilNanoseconds: nil) }
                let deadline = state.firstAppendNanoseconds &+ intervalNanoseconds
                if System.monotonicNanoseconds() < deadline { return .wait(untilNanoseconds: deadline) }
                state.appended = 0
                return .run(false)
            }
            if exits { return }
            do {
                _ = try sync(writer, one: syncing)
                onSync(nil)
            } catch {
                onSync(error)
            }
        }
    }
}
