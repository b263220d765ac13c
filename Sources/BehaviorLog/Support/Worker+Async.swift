import LogCore

extension Worker {
    /// Runs blocking `work` on the worker's thread and waits for it without holding a thread of
    /// Swift's cooperative pool (the runtime's `flush()` and `shutdown()` syncs). Not
    /// specialized: it only hands `work` to the generic `perform(_:then:)`, and a copy per
    /// worker's state (three, with their async partial functions) cost every app 1.5 KB.
    @_semantics("optimize.sil.specialize.generic.never")
    func perform(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            perform(work) { continuation.resume() }
        }
    }
}
