/// Debug builds: which blocking calls of the platform layer (a file's open, write, read,
/// rename, unlink or sync, a directory's listing, a ``Worker``'s wait or join, a semaphore
/// wait the runtime announces) ran on a task, so that a test can prove the runtime never
/// blocks Swift's cooperative pool (issue 25).
///
/// A test calls an `async` API inside ``watch(_:)``: every blocking call made on that task or
/// on its child tasks (a task-local value, inherited by `async let`, task groups and `Task {}`)
/// is recorded; a call on a thread of the runtime's own (a worker's,
/// reached through ``Worker/perform(_:then:)``) is not, since no task runs there. Tests that
/// run at the same time in the same process do not see each other's calls. Release builds
/// record nothing and ``check(_:)`` is empty.
public enum BlockingCalls {
    /// One blocking call made on a watched task.
    public struct Call: Sendable, CustomStringConvertible {
        /// What blocked (`fsync`, `Worker.join`, …).
        public internal(set) var name: String

        public var description: String { "\(name) on a task (Swift's cooperative pool)" }
    }

    /// Whether calls are recorded: in debug builds only.
    @_alwaysEmitIntoClient
    public static var isRecording: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    #if DEBUG
    /// Where the calls of one ``watch(_:)`` go.
    final class Recorder: Sendable {
        let calls = Locked<[Call]>([])
        init() {}
    }

    #if hasFeature(Embedded)
    // Embedded Swift (which the platform-shadow check type-checks the layer with) has no task
    // locals: nothing is recorded there.
    static var recorder: Recorder? { nil }
    #else
    @TaskLocal static var recorder: Recorder?
    #endif

    /// Runs `body`, then returns the blocking calls made on its task and its child tasks
    /// (always none in a release build).
    public static func watch(_ body: () async throws -> Void) async rethrows -> [Call] {
        let recorder = Recorder()
        #if hasFeature(Embedded)
        try await body()
        #else
        try await $recorder.withValue(recorder) { try await body() }
        #endif
        return recorder.calls.withLock { $0 }
    }
    #else
    // A release build records nothing, so it carries no recorder, no task-local value and no
    // `watch` of its own: the runtime an app links is release (issue 26).

    /// Runs `body`, then returns the blocking calls made on its task and its child tasks
    /// (always none in a release build).
    @_alwaysEmitIntoClient
    public static func watch(_ body: () async throws -> Void) async rethrows -> [Call] {
        try await body()
        return []
    }
    #endif

    #if DEBUG
    /// Called by a blocking primitive before it blocks: records the call when a watched task
    /// makes it.
    /// - Parameter name: What blocks (`fsync`, `Worker.join`, …).
    public static func check(_ name: StaticString) {
        guard let recorder else { return }
        recorder.calls.withLock { $0.append(Call(name: "\(name)")) }
    }
    #else
    /// Called by a blocking primitive before it blocks; a release build records nothing, so
    /// the call is nothing at all in its callers.
    /// - Parameter name: What blocks (`fsync`, `Worker.join`, …).
    @_alwaysEmitIntoClient @inline(__always)
    public static func check(_ name: StaticString) {}
    #endif
}
