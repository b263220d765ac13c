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

    private let phase = Locked(Phase.opening([]))
    /// 1 once open: a write then costs one atomic load here, not a lock.
    private let opened = AtomicCounter(0)

    /// Queues `logs` while the store opens.
    /// - Returns: Whether they were queued; false once the store is open (the caller appends).
    func queue(_ logs: [EncodedLog]) -> Bool {
        if opened.load() == 1 { return false }
        return phase.withLock { phase in
            guard case .opening(var queued) = phase else { return false }
            phase = .opening([])  // so that `queued` is the array's only reference: no copy
            queued += logs
            phase = .opening(queued)
            return true
        }
    }

    /// How many logs wait for the store.
    var queuedCount: Int {
        phase.withLock { phase in
            guard case .opening(let queued) = phase else { return 0 }
            return queued.count
        }
    }

    /// Once the store was opened (or failed to): hands the queued logs to `append`, oldest first,
    /// until none is left, then lets writes through. Logs queued during `append` go next, so
    /// that the order of writes is kept.
    func finish(_ append: ([EncodedLog]) -> Void) {
        while true {
            let logs: [EncodedLog]? = phase.withLock { phase in
                guard case .opening(let queued) = phase else { return nil }
                if queued.isEmpty {
                    phase = .open
                    opened.store(1)
                    return nil
                }
                phase = .opening([])
                return queued
            }
            guard let logs else { return }
            append(logs)
        }
    }
}
