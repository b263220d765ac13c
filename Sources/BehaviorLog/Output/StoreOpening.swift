import LogCore

/// The logs an output is given before its store is open (issue 26): an output's initialiser
/// touches no file, its own thread opens the store (creates, recovers, reads cursors), and the
/// logs written meanwhile wait here, in order, until that thread hands them to the store —
/// also when it could not open: they then go the way of any refused write (held, counted).
final class StoreOpening: Sendable {
    private enum Phase {
        case opening([EncodedLog])
        case open
    }

    private struct State {
        var phase = Phase.opening([])
        /// How many times the queued logs were discarded (``discardQueued()``): a batch
        /// `finish` took out before a discard is not to be appended after it.
        var discards = 0
    }

    private let state = Locked(State())
    /// 1 once open: a write then costs one atomic load here, not a lock.
    private let opened = AtomicCounter(0)

    /// Queues `logs` while the store opens.
    /// - Returns: Whether they were queued; false once the store is open (the caller appends).
    func queue(_ logs: [EncodedLog]) -> Bool {
        if opened.load() == 1 { return false }
        return state.withLock { state in
            guard case .opening(var queued) = state.phase else { return false }
            state.phase = .opening([])  // so that `queued` is the array's only reference: no copy
            queued += logs
            state.phase = .opening(queued)
            return true
        }
    }

    /// How many logs wait for the store.
    var queuedCount: Int {
        state.withLock { state in
            guard case .opening(let queued) = state.phase else { return 0 }
            return queued.count
        }
    }

    /// Consent denied (issue 17): drops the logs waiting for the store, and marks a batch
    /// `finish` took out meanwhile as discarded (its `isDiscarded` says so from now on).
    /// - Returns: How many were waiting.
    func discardQueued() -> Int {
        state.withLock { state in
            guard case .opening(let queued) = state.phase else { return 0 }
            state.phase = .opening([])
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
                guard case .opening(let queued) = state.phase else { return nil }
                if queued.isEmpty {
                    state.phase = .open
                    opened.store(1)
                    return nil
                }
                state.phase = .opening([])
                return (queued, state.discards)
            }
            guard let taken else { return }
            append(taken.logs) { state.withLock { $0.discards != taken.discards } }
        }
    }
}
