import Synchronization

/// Holds the next send back until a server's `Retry-After` has passed.
///
/// `LogDeliveryResult.retryableFailure` carries no delay, so the output's own backoff decides
/// when the chunk is sent again; this gate makes that send wait out the rest of what the
/// server asked for. A wait cut short by the output's send timeout ends as a retryable
/// failure and the next send waits the remainder.
final class RetryAfterGate: Sendable {
    private let openAt = Mutex<ContinuousClock.Instant?>(nil)

    /// Keeps the gate shut for `seconds` from now (never shortens an earlier request).
    func close(for seconds: Double) {
        let until = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        openAt.withLock { current in
            if current.map({ $0 < until }) ?? true { current = until }
        }
    }

    /// Waits until the gate is open; returns early (`false`) when the task is cancelled.
    func waitUntilOpen() async -> Bool {
        guard let until = openAt.withLock({ $0 }) else { return true }
        do {
            try await Task.sleep(until: until, clock: .continuous)
        } catch {
            return false
        }
        openAt.withLock { if $0 == until { $0 = nil } }
        return true
    }
}
