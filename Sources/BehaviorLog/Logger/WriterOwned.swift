/// A value that one thread owns — the logger's writer thread — reached without a lock.
///
/// The logger calls its outputs from the writer with this state in hand; were it behind a lock,
/// an output that called back into the logger (`statistics`, `post`) would wait for that lock
/// while holding it. What other threads need of it is published under the queue's lock at the
/// end of each batch.
///
/// The value lives behind a pointer, as in `Locked`, so that reaching it costs no run-time
/// exclusivity check.
final class WriterOwned<Value>: @unchecked Sendable {
    private let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value. Only the owning thread may call it.
    @inline(__always)
    func withValue<Result>(_ body: (inout Value) -> Result) -> Result {
        body(&value.pointee)
    }
}
