import Foundation
import LogCore

/// Work started at once on a thread of its own, off Swift's cooperative pool; ``value`` waits
/// for it without holding a thread of the pool. Blocking work (a process, a store being
/// followed, thousands of posts) must not hold one of the pool's few threads: on a 2-core
/// machine other suites' tasks would wait for it, and a test that raced a deadline failed.
public final class ThreadJob<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var result: Result<Value, any Error>?
        var waiter: CheckedContinuation<Value, any Error>?
    }
    private let state = Locked(State())

    public init(_ body: @escaping @Sendable () throws -> Value) {
        Thread { [self] in
            let result = Result(catching: body)
            let waiter = self.state.withLock { state in
                if state.waiter == nil { state.result = result }
                return state.waiter
            }
            waiter?.resume(with: result)
        }.start()
    }

    /// What the work returned, or threw.
    public var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state in
                    if state.result == nil { state.waiter = continuation }
                    return state.result
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}

/// Runs blocking work on a thread of its own (see ``ThreadJob``) and waits for it.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await ThreadJob(body).value
}

/// ``onOwnThread(_:)`` for work that cannot fail.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
