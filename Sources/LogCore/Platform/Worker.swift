#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// What a worker's thread does next, decided under its lock (``Worker/next(_:)``).
///
/// A class with the two decisions as static functions emitted into their callers, not an enum
/// or a struct: a generic enum of two payloads had eleven value witnesses, 2.4 KB of every app,
/// and a generic struct still had nine, 1.6 KB; a class has none (issue 26). It costs one small
/// allocation per decision, on the worker's thread, not on the threads that log.
public final class WorkerDecision<Step> {
    /// The step to run; `nil` to wait.
    @usableFromInline let step: Step?
    /// When waiting, the deadline; `nil` for none.
    @usableFromInline let deadline: UInt64?
    @usableFromInline init(step: Step?, deadline: UInt64?) {
        self.step = step
        self.deadline = deadline
    }

    /// Do `Step` now, with the lock released.
    @_alwaysEmitIntoClient
    public static func run(_ step: Step) -> WorkerDecision { WorkerDecision(step: step, deadline: nil) }
    /// Wait for ``Worker/wake()``, or until the monotonic deadline (``System/monotonicNanoseconds()``),
    /// then decide again. `nil`: no deadline (an idle worker costs no wake-ups).
    @_alwaysEmitIntoClient
    public static func wait(untilNanoseconds deadline: UInt64?) -> WorkerDecision { WorkerDecision(step: nil, deadline: deadline) }
}

/// The runtime's one worker primitive: a thread of its own, its state behind the package's lock
/// (``Locked``'s mutex) and a condition variable, a timed wait, a stop. Every background loop of
/// the runtime is one: the logger's writer, a store's sync scheduler, a buffered output's sender.
///
/// The thread runs `body` with the worker; `body` loops on ``next(_:)``, which decides under the
/// lock what to do and waits, the lock released, until ``wake()`` or the deadline it asked for.
/// Other threads change the state with ``withLock(_:)`` and then call ``wake()``: since the
/// worker decides under the same lock, no wake-up is ever lost. `body` must not hold what the
/// app holds (the logger, the output): it holds an inner core at most, and the app-facing
/// object's `deinit` tells the worker to stop, so that releasing it stops the thread;
/// ``join()`` waits until `body` has returned. ``perform(_:then:)`` hands the thread blocking
/// work for an `async` caller.
public final class Worker<State>: @unchecked Sendable {  // state under `locked`'s mutex; the condition is thread-safe
    @usableFromInline let locked: Locked<State>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// Work handed to the thread by ``perform(_:then:)`` (under `locked`'s mutex), and whether the
    /// thread still takes it (it stops taking it when its body returns).
    private let chores: UnsafeMutablePointer<(pending: [(work: @Sendable () -> Void, done: @Sendable () -> Void)], closed: Bool)>
    /// Whether the thread was started and has ended, and which thread it is. (Set in `init`: an
    /// initial value here was a function of its own in every app; issue 26.)
    private let exit: Locked<(started: Bool, done: Bool, threadIdentifier: UInt)>
    private let exited: UnsafeMutablePointer<pthread_cond_t>

    /// Makes the worker; ``start(name:_:)`` starts its thread (once its owner is made, so that
    /// `body` may refer to it).
    /// - Parameter state: The state the thread and its callers share.
    public init(state: State) {
        locked = Locked(state)
        exit = Locked((false, false, 0))
        chores = .allocate(capacity: 1)
        chores.initialize(to: ([], false))
        condition = Self.makeCondition()
        exited = Self.makeCondition()
    }

    /// Starts the thread.
    /// - Parameters:
    ///   - name: The thread's name, for debuggers and the kernel (15 bytes on Linux).
    ///   - body: The thread's loop; it returns when the worker is to stop.
    public func start(name: String, _ body: @escaping @Sendable (Worker<State>) -> Void) {
        exit.withLock { $0.started = true }
        let thread = Thread { [self] in
            System.nameCurrentThread(name)
            exit.withLock { $0.threadIdentifier = System.currentThreadIdentifier() }
            body(self)
            // Work handed over meanwhile is done here; later work is done by its caller.
            pthread_mutex_lock(locked.mutex)
            chores.pointee.closed = true
            let left = chores.pointee.pending
            chores.pointee.pending = []
            pthread_mutex_unlock(locked.mutex)
            for chore in left {
                chore.work()
                chore.done()
            }
            exit.withLock { $0.done = true }
            pthread_cond_broadcast(exited)
        }
        thread.name = name
        thread.start()
    }

    deinit {
        chores.deinitialize(count: 1)
        chores.deallocate()
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_cond_destroy(exited)
        exited.deallocate()
    }

    /// Runs `body` with the state, under the lock. Call ``wake()`` afterwards when the worker
    /// should look at what changed.
    @_alwaysEmitIntoClient @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        try locked.withLock(body)
    }

    /// Wakes the thread if it waits in ``next(_:)`` (it decides again).
    public func wake() {
        pthread_cond_signal(condition)
    }

    /// Hands blocking `work` (a sync, a file's close) to the worker's thread, then calls `done`
    /// (an `async` caller resumes its continuation there: it waits without holding a thread of
    /// Swift's cooperative pool). The thread does it at its next ``next(_:)``, also while it
    /// waits there for something else; once the thread has ended, the caller does it at once.
    public func perform(_ work: @escaping @Sendable () -> Void, then done: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(locked.mutex)
        let closed = chores.pointee.closed
        if !closed { chores.pointee.pending.append((work, done)) }
        pthread_mutex_unlock(locked.mutex)
        if closed {
            work()
            done()
        } else {
            wake()
        }
    }

    /// On the worker's thread: runs `decide` under the lock until it returns `.run`, waiting
    /// between tries (the lock released) until ``wake()`` or the deadline `decide` gave. Work
    /// handed over with ``perform(_:then:)`` is done first, with the lock released.
    public func next<Step>(_ decide: (inout State) -> WorkerDecision<Step>) -> Step {
        BlockingCalls.check("Worker.next")
        pthread_mutex_lock(locked.mutex)
        defer { pthread_mutex_unlock(locked.mutex) }
        while true {
            if !chores.pointee.pending.isEmpty {
                let work = chores.pointee.pending
                chores.pointee.pending = []
                pthread_mutex_unlock(locked.mutex)
                for chore in work {
                    chore.work()
                    chore.done()
                }
                pthread_mutex_lock(locked.mutex)
                continue
            }
            let decision = decide(&locked.value.pointee)
            if let step = decision.step { return step }
            if let deadline = decision.deadline {
                let now = System.monotonicNanoseconds()
                guard deadline > now else { continue }
                Self.wait(condition, locked.mutex, nanoseconds: deadline - now)
            } else {
                pthread_cond_wait(condition, locked.mutex)
            }
        }
    }

    /// Waits until the thread's `body` has returned (at once when called on that thread, or
    /// when it was never started).
    public func join() {
        BlockingCalls.check("Worker.join")
        let own = System.currentThreadIdentifier()
        pthread_mutex_lock(exit.mutex)
        defer { pthread_mutex_unlock(exit.mutex) }
        while exit.value.pointee.started && !exit.value.pointee.done && exit.value.pointee.threadIdentifier != own {
            pthread_cond_wait(exited, exit.mutex)
        }
    }

    private static func makeCondition() -> UnsafeMutablePointer<pthread_cond_t> {
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        #if canImport(Darwin)
        pthread_cond_init(condition, nil)  // timed waits are relative (below)
        #else
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
        return condition
    }

    /// Waits on `condition` at most `nanoseconds` (a wake-up, a timeout or a spurious return).
    private static func wait(_ condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>, nanoseconds: UInt64) {
        #if canImport(Darwin)
        var relative = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        _ = pthread_cond_timedwait_relative_np(condition, mutex, &relative)
        #else
        let deadline = System.monotonicNanoseconds() &+ nanoseconds
        var absolute = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        _ = pthread_cond_timedwait(condition, mutex, &absolute)
        #endif
    }
}
