import LogCore
import LogStore

// Consent and erasure of a buffered output (issue 17).
//
// The output sends only under `.granted`. Until a logger tells it the consent (at the logger's
// start, before anything can be sent) it holds its backlog: an app that starts under `.pending`
// or `.denied` never sends what an earlier run left unsent. An output used without a logger
// sends from its first `write`, `flush` or `resume`.
extension BufferedOutputCore {
    func consentChanged(to consent: LogConsent) {
        let abandon: (@Sendable () -> Void)? = state.withLock { state in
            state.consent = consent
            guard consent == .denied else { return nil }
            state.erasures += 1
            return state.abandonSend
        }
        if consent == .denied {
            // What has not been sent goes, now, durably; a send in flight is abandoned (its
            // chunk holds only logs posted before the denial).
            abandon?()
            // The logs held in memory go first: those the store refused, and those waiting for
            // it to open (a batch the sender's thread is appending from there now is either in
            // the store before this, and dropped below, or discarded, never appended after).
            let discarded = refusals.discardHeld { opening.discardQueued() }
            if discarded > 0 { state.withLock { $0.statistics.deletedForConsent += discarded } }
            do {
                let deleted = try storage.dropUnsent()
                state.withLock { state in
                    state.statistics.deletedForConsent += deleted
                    state.appendedBytes = 0
                }
            } catch {
                recordStoreError(error, lost: 0)
            }
        }
        wake.signal()
    }

    /// Deletes the output's store — sent, unsent and set-aside logs, the cursor, the indexes —
    /// durably, abandoning a send in flight; then it goes on with an empty store.
    func eraseAllData() async throws {
        let abandon = state.withLock { state in
            state.erasures += 1
            return state.abandonSend
        }
        abandon?()
        // The deletions and their directory syncs, on the sender's thread (issue 25), which
        // does them even while it waits for the abandoned send.
        let failure = Locked<(any Error)?>(nil)
        await worker.perform { [storage, refusals] in
            // The logs held in memory for a refusing store go too: written once it takes writes
            // again, they would be sent after the erasure. (Here, not on the caller's task: the
            // refusals' lock is held across a write to the store. Those waiting for the store to
            // open were appended before this work runs, and are erased with the rest.)
            _ = refusals.discardHeld { 0 }
            do { _ = try storage.eraseAll() } catch { failure.withLock { $0 = error } }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        state.withLock { $0.appendedBytes = 0 }
        wake.signal()
    }

    /// Whether a batch written now is kept: not under `.denied` (counted instead). A first
    /// direct use of an output no logger told the consent lets it send.
    func keepsWrittenLogs(_ count: Int) -> Bool {
        state.withLock { state in
            if state.consent == nil { state.consent = .granted }
            guard state.consent == .denied else { return true }
            state.statistics.deletedForConsent += count
            return false
        }
    }

    /// An output no logger told the consent is used directly (`flush`, `resume`): it may send.
    func usedDirectly() {
        state.withLock { state in
            if state.consent == nil { state.consent = .granted }
        }
    }
}
