import BehaviorLog
import LogCore

/// A test's violation handler: records what the runtime reports instead of stopping.
final class ViolationRecorder: Sendable {
    private let recorded = Locked<[ConstraintViolation]>([])

    var violations: [ConstraintViolation] { recorded.withLock { $0 } }

    /// Runs `body` with this recorder as the current task's violation handler.
    func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
        try ConstraintViolation.withHandler({ violation in self.recorded.withLock { $0.append(violation) } }, operation: body)
    }
}
