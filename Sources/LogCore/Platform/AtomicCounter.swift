import CLogStoreAtomics

/// A 64-bit atomic counter (C11 `<stdatomic.h>` underneath): the package's one atomic, for
/// counters read and written from several threads without a lock. `Synchronization.Atomic`
/// needs iOS 18 and macOS 15, above the package's deployment floor.
public final class AtomicCounter: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<blatomic_u64>

    public init(_ value: UInt64 = 0) {
        storage = .allocate(capacity: 1)
        blatomic_u64_init(storage, value)
    }

    deinit {
        storage.deallocate()
    }

    /// The value (acquire).
    @inline(__always)
    public func load() -> UInt64 { blatomic_u64_load(storage) }

    /// Sets the value (release).
    @inline(__always)
    public func store(_ value: UInt64) { blatomic_u64_store(storage, value) }

    /// Adds `delta` (relaxed); returns the value before.
    @inline(__always)
    @discardableResult
    public func add(_ delta: UInt64) -> UInt64 { blatomic_u64_add(storage, delta) }

    /// Raises the value to `value` if that is higher; returns the value after.
    @discardableResult
    public func raise(to value: UInt64) -> UInt64 { blatomic_u64_max(storage, value) }
}
