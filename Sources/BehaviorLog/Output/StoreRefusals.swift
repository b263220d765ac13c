import LogCore
import LogStore

/// What an output does when its store refuses a write: a full disk, or, on an Apple device,
/// protected data that is unavailable while the device is locked (a store of class `complete`).
///
/// The refused logs are held in memory — at most `maximumCount` logs and `maximumBytes` bytes
/// of body; what does not fit is counted, exactly, as lost — and written, in order, before the
/// next logs once the store takes writes again. After a refusal the store is tried again at the
/// next write no sooner than a backoff (100 ms, doubling to 5 s), so a full disk is not asked
/// a thousand times a second; `flush()` and `shutdown()` try at once. No timer: an idle output
/// with held logs costs nothing, and tries again when the app logs or flushes. At shutdown what
/// is still held is counted as lost (`abandonHeld()`): every log ends in exactly one count.
final class StoreRefusals: Sendable {
    /// What one write came to:
    ///
    /// - `kept`, `keptBytes`, `lastSequence`: how many logs the store kept (the held ones
    ///   first, then the new ones), their bytes, and the sequence number of the last.
    /// - `firstRefusal`: the refusal that began a failing period (report it once).
    /// - `recoveredAfterLosing`: the store took writes again after refusing: how many logs
    ///   were lost meanwhile.
    /// - `lostNow`: logs of this write that could not be held (and are lost).
    /// - `discarded`: logs of this write that were discarded before they reached the store (`unless`).
    ///
    /// A tuple, not a struct of its own: `Locked.withLock` returns it, and a struct's metadata
    /// and value witnesses would be linked into every app.
    typealias Outcome = (
        kept: Int, keptBytes: Int, lastSequence: UInt64?, firstRefusal: (any Error)?, recoveredAfterLosing: UInt64?,
        lostNow: Int, discarded: Int
    )

    /// A tuple, not a struct of its own: `Locked` is generic and in another module, so a
    /// struct's metadata and value witnesses would be linked into every app.
    private typealias State = (
        held: [EncodedLog], heldBytes: Int, lost: UInt64, lostAtFailure: UInt64, failing: Bool, retryAt: UInt64,
        delay: UInt64, refusals: UInt64
    )

    static let initialDelay: UInt64 = 100_000_000
    static let maximumDelay: UInt64 = 5_000_000_000

    let maximumCount: Int
    let maximumBytes: Int
    private let state = Locked<State>(([], 0, 0, 0, false, 0, StoreRefusals.initialDelay, 0))

    init(maximumCount: Int = 10_000, maximumBytes: Int = 4 << 20) {
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
    }

    /// Logs held in memory for the store, lost so far, and refusals so far.
    var counts: (held: Int, lost: UInt64, refusals: UInt64) {
        state.withLock { ($0.held.count, $0.lost, $0.refusals) }
    }

    /// Appends the held logs and then `logs` with `append` — unless the store refused lately
    /// and its backoff has not passed (`force` ignores the backoff) — or holds `logs`. A batch
    /// the store kept part of (a rotation before the failure) is never appended twice: what it
    /// kept is counted, the rest is held. `logs` are dropped instead when `isDiscarded`, asked
    /// under the lock ``discardHeld(along:)`` runs under, says they were discarded meanwhile.
    func write(
        _ logs: [EncodedLog], force: Bool = false, unless isDiscarded: () -> Bool = { false },
        _ append: ([EncodedLog]) throws(LogStoreAppendFailure) -> ClosedRange<UInt64>?
    ) -> Outcome {
        state.withLock { state in
            var outcome: Outcome = (0, 0, nil, nil, nil, 0, 0)
            var logs = logs
            if !logs.isEmpty && isDiscarded() {
                outcome.discarded = logs.count
                logs = []
            }
            if state.failing && !force && System.monotonicNanoseconds() < state.retryAt {
                outcome.lostNow = Self.hold(logs[...], in: &state, maximumCount: maximumCount, maximumBytes: maximumBytes)
                return outcome
            }
            let batch = state.held.isEmpty ? logs : state.held + logs
            guard !batch.isEmpty else { return outcome }
            do throws(LogStoreAppendFailure) {
                outcome.lastSequence = try append(batch)?.upperBound
                outcome.kept = batch.count
                outcome.keptBytes = batch.reduce(0) { $0 + $1.body.count }
                if state.failing {
                    state.failing = false
                    state.delay = Self.initialDelay
                    outcome.recoveredAfterLosing = state.lost - state.lostAtFailure
                }
                state.held.removeAll()
                state.heldBytes = 0
            } catch {
                outcome.kept = failure(error, batch: batch, outcome: &outcome)
                state.refusals += 1
                if !state.failing {
                    state.failing = true
                    state.lostAtFailure = state.lost
                    outcome.firstRefusal = error
                }
                state.retryAt = System.monotonicNanoseconds() + state.delay
                state.delay = min(state.delay * 2, Self.maximumDelay)
                // Held again: what the store did not keep, the earlier held logs first (they fit
                // before; only new logs can be lost here).
                state.held.removeAll(keepingCapacity: true)
                state.heldBytes = 0
                outcome.lostNow = Self.hold(batch[outcome.kept...], in: &state, maximumCount: maximumCount, maximumBytes: maximumBytes)
            }
            return outcome
        }
    }

    /// At shutdown, after the last try: the logs still held will never be written (the process
    /// is about to end), so they are counted as lost, and none stays counted as held.
    /// - Returns: How many were held.
    func abandonHeld() -> Int {
        state.withLock { state in
            let count = state.held.count
            state.lost += UInt64(count)
            state.held.removeAll()
            state.heldBytes = 0
            return count
        }
    }

    /// Consent denied or the data erased (issue 17): the held logs are dropped — deleted, not lost: none is
    /// counted in `lost` — and so is what `along` discards, under the same lock, so that a
    /// ``write(_:force:unless:_:)`` sees both discards or neither.
    /// - Returns: How many were held, plus what `along` returned.
    func discardHeld(along: () -> Int) -> Int {
        state.withLock { state in
            let count = state.held.count + along()
            state.held.removeAll()
            state.heldBytes = 0
            return count
        }
    }

    private func failure(_ error: LogStoreAppendFailure, batch: [EncodedLog], outcome: inout Outcome) -> Int {
        let kept = min(error.kept, batch.count)
        outcome.keptBytes = batch.prefix(kept).reduce(0) { $0 + $1.body.count }
        outcome.lastSequence = error.lastKeptSequence
        return kept
    }

    /// Prints what the app's developer is to know of `outcome`: the refusal that began a failing
    /// period (what is kept, what to do) and the end of one. `store` names the store in those
    /// lines ("the local store at /…", "recipes: its store"). One copy for both outputs.
    func printChanges(in outcome: Outcome, store: @autoclosure () -> String) {
        if let error = outcome.firstRefusal {
            FileDescriptorSink.write(
                "BehaviorLog: error: \(store()) refused a write: \(error); up to \(maximumCount) logs are kept in memory and written when it takes writes again, the rest are counted as lost (statistics.lostLogs); \(Self.advice(for: error))\n"
            )
        }
        if let lost = outcome.recoveredAfterLosing {
            FileDescriptorSink.write("BehaviorLog: \(store()) takes writes again; \(lost) logs could not be kept meanwhile\n")
        }
    }

    /// What to say of a refusal: a locked device's protected data is not a disk to check.
    static func advice(for error: any Error) -> String {
        let locked = "protected data is unavailable while the device is locked; they are written when it is unlocked"
        switch (error as? LogStoreAppendFailure)?.error ?? (error as? LogStoreError) {
        case .protectedDataUnavailable?: return locked
        case .system(_, _, let code)?, .syncFailed(_, let code)?:
            return System.Failure(code).isProtectedDataUnavailable ? locked : "check the disk"
        default: return "check the disk"
        }
    }

    /// Holds what fits (oldest first: the logs keep their order); returns how many did not.
    private static func hold(_ logs: ArraySlice<EncodedLog>, in state: inout State, maximumCount: Int, maximumBytes: Int) -> Int {
        var lost = 0
        for log in logs {
            if state.held.count < maximumCount && state.heldBytes + log.body.count <= maximumBytes {
                state.held.append(log)
                state.heldBytes += log.body.count
            } else {
                lost += 1
            }
        }
        state.lost += UInt64(lost)
        return lost
    }
}
