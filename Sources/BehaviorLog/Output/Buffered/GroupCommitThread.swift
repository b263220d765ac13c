import Foundation
import LogStore

/// Group commit for a `LogStoreOutbox` on a thread of its own: it `fsync`s the store when
/// `syncEveryRecords` logs were appended since the last sync, or `syncIntervalMilliseconds`
/// after the first of them — the store's own rules, which the outbox turns off in the store.
///
/// Why a thread: an `fsync` takes about a millisecond, and made by the store inside
/// `append` it stalls the logger's writer (then the posting threads) once per thousand logs.
/// Here the writer only counts; it goes on encoding and appending while the disk syncs
/// (`LogStoreWriter.sync()` runs its `fsync` outside the store's lock).
final class GroupCommitThread: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var appended = 0
    private var requested = false
    private var firstAppendNanoseconds: UInt64 = 0
    private var stopped = false
    private var exited = false

    private let writer: LogStoreWriter
    private let everyRecords: Int
    private let intervalNanoseconds: UInt64
    private let onSync: @Sendable ((any Error)?) -> Void

    /// - Parameters:
    ///   - onSync: Called on this thread after each sync, with its error if it failed.
    init(writer: LogStoreWriter, everyRecords: Int, intervalMilliseconds: Int, name: String, onSync: @escaping @Sendable ((any Error)?) -> Void) {
        self.writer = writer
        self.everyRecords = max(1, everyRecords)
        intervalNanoseconds = UInt64(max(0, intervalMilliseconds)) * 1_000_000
        self.onSync = onSync
        Thread.start(named: name) { [self] in run() }
    }

    /// Counts `count` appended logs; wakes the thread when a sync is due by count.
    func appended(_ count: Int) {
        condition.lock()
        if appended == 0 { firstAppendNanoseconds = Self.now() }
        appended += count
        let wake = appended >= everyRecords || appended == count
        if wake { condition.signal() }
        condition.unlock()
    }

    /// Asks for a sync now, without waiting for it (the logger's writer has run out of logs:
    /// what it wrote should be durable moments later, not at the next count or interval).
    func requestSync() {
        condition.lock()
        if appended > 0 && !requested {
            requested = true
            condition.signal()
        }
        condition.unlock()
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
                if appended >= everyRecords || requested { break }
                if appended > 0 {
                    let deadline = firstAppendNanoseconds &+ intervalNanoseconds
                    let now = Self.now()
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
            requested = false
            condition.unlock()
            do {
                try writer.sync()
                onSync(nil)
            } catch {
                onSync(error)
            }
        }
    }

    private static func now() -> UInt64 {
        System.monotonicNanoseconds()
    }
}
