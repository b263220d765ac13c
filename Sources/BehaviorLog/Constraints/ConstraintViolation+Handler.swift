import Foundation
import LogCore

/// The constraint policy, the same for every constraint of the definitions
/// (`!string 256`, `!integer 1..100`, a pattern, `[5]`):
///
/// 1. The value is made valid where that is safe: a string is truncated to its byte limit
///    on a character boundary, a number is clamped into its range, an array is cut to its
///    element limit. A string that misses its pattern is sent as it is.
/// 2. The violation is recorded in ``LogPayload/violations``, so the log's envelope says
///    what was changed — never silently.
/// 3. The violation is reported to ``ConstraintViolation/handler``. The default handler,
///    ``ConstraintViolation/assertInDebugBuilds``, stops a debug build with
///    `assertionFailure` (a wrong log is a bug to fix before release) and does nothing in
///    a release build, where the log is still sent with the repaired value.
///
/// Tests replace the handler to record violations instead of stopping:
///
/// ```swift
/// ConstraintViolation.withHandler({ recorded.append($0) }) {   // `recorded`: the test's list
///     _ = RecipeSearch.search(keyword: String(repeating: "a", count: 300), order: .latest, filters: [], page: 1).payload
/// }
/// ```
extension ConstraintViolation {
    /// A function that is told about each constraint violation.
    public typealias Handler = @Sendable (ConstraintViolation) -> Void

    /// The default handler: `assertionFailure` in debug builds, nothing in release builds.
    public static let assertInDebugBuilds: Handler = { violation in
        assertionFailure("log constraint violated: \(violation) (the value was made valid and recorded; fix the call site or the definition)")
    }

    /// The process-wide handler, ``assertInDebugBuilds`` unless replaced.
    ///
    /// Replace it once at start-up (for example to count violations in a debug menu).
    /// Tests that run in parallel should use `withHandler(_:operation:)` (sync or async) instead.
    public static var handler: Handler {
        get { HandlerStorage.shared.handler }
        set { HandlerStorage.shared.handler = newValue }
    }

    /// Runs `operation` with `handler` reporting the violations of the current task (and
    /// the tasks it creates), leaving every other task's handler alone.
    ///
    /// - Returns: what `operation` returns.
    public static func withHandler<Result>(
        _ handler: @escaping Handler, operation: () throws -> Result
    ) rethrows -> Result {
        try $scopedHandler.withValue(handler, operation: operation)
    }

    /// Runs `operation` with `handler` reporting the violations of the current task.
    ///
    /// - Returns: what `operation` returns.
    public static func withHandler<Result>(
        _ handler: @escaping Handler, operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $scopedHandler.withValue(handler, operation: operation)
    }

    @TaskLocal private static var scopedHandler: Handler?

    /// Tells the current handler about a violation.
    static func report(_ violation: ConstraintViolation) {
        (scopedHandler ?? handler)(violation)
    }
}

/// The process-wide handler behind a lock (violations are rare, so a lock is cheap enough).
private final class HandlerStorage: Sendable {
    static let shared = HandlerStorage()

    private let storedHandler = Locked<ConstraintViolation.Handler>(ConstraintViolation.assertInDebugBuilds)

    var handler: ConstraintViolation.Handler {
        get { storedHandler.withLock { $0 } }
        set { storedHandler.withLock { $0 = newValue } }
    }
}
