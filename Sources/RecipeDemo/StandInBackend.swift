import BehaviorLog
import Foundation
import LogCore
import LogStore

/// A stand-in for the app's log collector: it acknowledges every chunk (after a short
/// simulated round trip), and can be told to fail a share of the sends, to show retries.
public final class StandInBackend: LogBackend {
    private struct State {
        var acceptedLogs = 0
        var acceptedChunks = 0
        var acceptedBytes = 0
        var failedSends = 0
        var random: DemoRandom
    }

    private let state: Locked<State>
    private let failureRate: Double
    private let latency: Duration

    /// - Parameters:
    ///   - failureRate: The share of sends answered with a retryable failure (HTTP 503).
    ///   - latency: The simulated round trip.
    public init(failureRate: Double = 0, latency: Duration = .milliseconds(2), seed: UInt64 = 1) {
        self.failureRate = failureRate
        self.latency = latency
        state = Locked(State(random: DemoRandom(seed: seed)))
    }

    public func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        try? await Task.sleep(for: latency)
        let body = chunk.jsonLines
        return state.withLock { state in
            if state.random.chance(failureRate) {
                state.failedSends += 1
                return .httpStatus(503)
            }
            state.acceptedLogs += chunk.logs.count
            state.acceptedChunks += 1
            state.acceptedBytes += body.count
            return .httpStatus(200)
        }
    }

    /// Logs, chunks and bytes of JSON lines accepted; sends failed on purpose.
    public var totals: (logs: Int, chunks: Int, bytes: Int, failedSends: Int) {
        state.withLock { ($0.acceptedLogs, $0.acceptedChunks, $0.acceptedBytes, $0.failedSends) }
    }
}
