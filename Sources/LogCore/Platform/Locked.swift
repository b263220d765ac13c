#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a `pthread_mutex_t`: the one lock type of the package (part of the platform
/// layer): the lock of the store's writer, and of the runtime's state shared between the
/// posting threads, the writer thread and the senders. `Synchronization.Mutex` needs iOS 18
/// and macOS 15, above the package's deployment floor.
///
/// Why not `Synchronization.Mutex`: on Linux it waits on a futex directly, which the thread
/// sanitizer cannot see, so every access it guards is reported as a race and a sanitizer run
/// proves nothing. `pthread_mutex_lock` is intercepted by the sanitizer and costs the same
/// uncontended (about 20 ns).
///
/// The value lives behind a pointer, not in a stored `var`: the lock already makes access
/// exclusive, and a class's stored `var` passed `inout` is checked again at run time on
/// every use (`swift_beginAccess`), which the posting path paid four times per log.
///
/// Public, as all of LogCore, so that ``withLock(_:)`` is inlined and specialized in the
/// modules that use it: Swift (6.3) inlines no `@inlinable package` body across modules, and
/// an unspecialized generic call at every use cost the store's append about a tenth more CPU.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let value: UnsafeMutablePointer<Value>
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, under the lock.
    @_alwaysEmitIntoClient @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
