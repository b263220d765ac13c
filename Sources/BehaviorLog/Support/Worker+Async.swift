import LogCore

extension Worker {
    /// Runs blocking `work` on the worker's thread and waits for it without holding a thread of
    /// Swift's cooperative pool (the runtime's `flush()` and `shutdown()` syncs).
    func perform(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            perform(work) { continuation.resume() }
        }
    }
}
