import LogCore

/// The logs an output is given before its store is open (issue 26): an output's initialiser
/// touches no file, its own thread opens the store (creates, recovers, reads cursors), and the
/// logs written meanwhile wait here, in order, until that thread hands them to the store —
/// also when it could not open: they then go the way of any refused write (held, counted).
final class StoreOpening: Sendable {
    /// The logs waiting for the store (`nil` once it is open), and how many times they were
    /// discarded (``discardQueued()``): a batch `finish` took out before a discard is not to be
    /// appended after it. A tuple, not a struct and an enum of this file's own: `Locked` is
    /// generic and in another module, so each type it held cost every app its metadata and
    /// value witnesses.
    private let state = Locked<(queued: [EncodedLog]?, discards: Int)>(([], 0))
    /// 1 once open: a write then costs one atomic load here, not a lock.
    private let opened = AtomicCounter(0)

    /// Queues `logs` while the store opens.
    /// - Returns: Whether they were queued; false once the store is open (the caller appends).
    func queue(_ logs: [EncodedLog]) -> Bool {
        if opened.load() == 1 { return false }
        return state.withLock { state in
            guard var queued = state.queued else { return false }
            state.queued = []  // so that `queued` is the array's only reference: no copy
            queued += logs
            state.queued = queued
            return true
        }
    }

    /// How many logs wait for the store.
    var queuedCount: Int {
        state.withLock { $0.queued?.count ?? 0 }
    }

    /// Consent denied (issue 17): drops the logs waiting for the store, and marks a batch
    /// `finish` took out meanwhile as discarded (its `isDiscarded` says so from now on).
    /// - Returns: How many were waiting.
    func discardQueued() -> Int {
        state.withLock { state in
            guard let queued = state.queued else { return 0 }
            state.queued = []
            state.discards += 1
            return queued.count
        }
    }

    /// Once the store was opened (or failed to): hands the queued logs to `append`, oldest first,
    /// until none is left, then lets writes through. Logs queued during `append` go next, so
    /// that the order of writes is kept. `append` is also given `isDiscarded`, which says
    /// whether ``discardQueued()`` ran since the batch was taken out: asked under the lock that
    /// the discard runs under too (``StoreRefusals/write(_:force:unless:_:)``), the batch is
    /// then either in the store before the discard or never.
    func finish(_ append: (_ logs: [EncodedLog], _ isDiscarded: () -> Bool) -> Void) {
        while true {
            let taken: (logs: [EncodedLog], discards: Int)? = state.withLock { state in
                guard let queued = state.queued else { return nil }
                if queued.isEmpty {
                    state.queued = nil
                    opened.store(1)
                    return nil
                }
                state.queued = []
                return (queued, state.discards)
            }
            guard let taken else { return }
            append(taken.logs) { state.withLock { $0.discards != taken.discards } }
        }
    }
}
