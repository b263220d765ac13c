import BehaviorLog
import Foundation
import LogCore
import LogStore

/// A backend that answers from a script (one answer per send, then `accepted`), keeps every
/// log it accepted and every UUID it was sent.
final class ScriptedBackend: LogBackend {
    enum Answer: Sendable {
        case accept
        case retryable
        /// A retryable failure that asks for this many seconds' rest (like HTTP 429 with `Retry-After`).
        case retryAfter(Duration)
        case permanent
        /// Hangs for this many seconds, then accepts (too late when beyond the timeout).
        case hang(Double)
    }

    struct State {
        var script: [Answer]
        var accepted: [LogRecord] = []
        var sentUUIDs: [UUID] = []
        var sends = 0
        var chunkSizes: [Int] = []
        var sendTimes: [Date] = []
    }

    let state: Locked<State>

    init(_ script: [Answer] = []) {
        state = Locked(State(script: script))
    }

    func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        let answer: Answer = state.withLock { state in
            state.sends += 1
            state.chunkSizes.append(chunk.logs.count)
            state.sendTimes.append(Date())
            state.sentUUIDs.append(contentsOf: chunk.logs.map(\.uuid))
            return state.script.isEmpty ? .accept : state.script.removeFirst()
        }
        switch answer {
        case .accept:
            state.withLock { $0.accepted.append(contentsOf: chunk.logs) }
            return .accepted
        case .retryable:
            return .retryableFailure("HTTP 503")
        case .retryAfter(let seconds):
            return .retryableFailure("HTTP 429", retryAfter: seconds)
        case .permanent:
            return .permanentFailure("HTTP 400")
        case .hang(let seconds):
            try? await Task.sleep(for: .seconds(seconds))
            state.withLock { $0.accepted.append(contentsOf: chunk.logs) }
            return .accepted
        }
    }

    var accepted: [LogRecord] { state.withLock { $0.accepted } }
    var sends: Int { state.withLock { $0.sends } }
    var chunkSizes: [Int] { state.withLock { $0.chunkSizes } }
    var sentUUIDs: [UUID] { state.withLock { $0.sentUUIDs } }
    var sendTimes: [Date] { state.withLock { $0.sendTimes } }
}

/// A backend that never answers (until cancelled).
struct StuckBackend: LogBackend {
    func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
        return .retryableFailure("cancelled")
    }
}

/// A backend that always fails with a retryable error.
struct FailingBackend: LogBackend {
    func send(_ chunk: LogChunk) async -> LogDeliveryResult { .retryableFailure("no network") }
}

/// Polls a condition until it holds or the time is up.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
