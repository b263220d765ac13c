@testable import BehaviorLog
import Foundation
import LogCore
import LogStore

/// A `BufferedOutput` store in memory, for the sending state machine's unit tests. (The
/// durability tests use the real `LogStore`.) It counts how it is used.
final class InMemoryOutbox: OutboxStorage {
    struct State {
        var logs: [LogRecord] = []
        var durableCount = 0
        var acknowledged: UInt64 = 0
        var nextSequence: UInt64 = 1
        var setAside: [LogRecord] = []
        var reads = 0
        var largestRead = 0
        var appendsTouchingBacklog = 0
        /// How many times the sender asked how many logs are unsent.
        var unsentQueries = 0
        /// How many times the logs were made durable.
        var syncs = 0
        /// The names of the threads that read unsent logs and made the logs durable (the
        /// sender's work on the store, and a flush's).
        var readingThreads: [String] = []
        var syncingThreads: [String] = []
    }

    let state = Locked(State())
    /// What `open()` waits for (the sender's thread, first thing): a store that is slow to open.
    private let openGate: DispatchSemaphore?

    init(backlog: Int = 0, opensWhen openGate: DispatchSemaphore? = nil) {
        self.openGate = openGate
        state.withLock { state in
            for _ in 0..<backlog {
                state.logs.append(LogRecord(sequence: state.nextSequence, tag: "old.log", timestamp: .now(), uuid: UUID(), payload: Array("{}".utf8)))
                state.nextSequence += 1
            }
            state.durableCount = backlog
        }
    }

    func open() throws {
        openGate?.wait()
    }

    func append(_ logs: [EncodedLog]) -> ClosedRange<UInt64>? {
        state.withLock { state in
            guard !logs.isEmpty else { return nil }
            let first = state.nextSequence
            for log in logs {
                state.logs.append(
                    LogRecord(
                        sequence: state.nextSequence, tag: log.envelope.tag, timestamp: LogTimestamp(log.envelope.time), uuid: log.envelope.uuid,
                        payload: log.body))
                state.nextSequence += 1
            }
            return first...(state.nextSequence - 1)
        }
    }

    func makeDurable() throws {
        let thread = Thread.current.name ?? "unnamed"
        state.withLock { state in
            state.syncingThreads.append(thread)
            state.durableCount = state.logs.count
            state.syncs += 1
        }
    }

    func readUnsent(maxCount: Int, maxBytes: Int) throws -> [LogRecord] {
        let thread = Thread.current.name ?? "unnamed"
        return state.withLock { state in
            state.reads += 1
            state.readingThreads.append(thread)
            let start = state.logs.firstIndex { $0.sequence > state.acknowledged } ?? state.logs.count
            let end = min(state.durableCount, start + maxCount)
            var result: [LogRecord] = []
            var bytes = 0
            for log in state.logs[start..<max(start, end)] {
                if !result.isEmpty && bytes + log.payload.count > maxBytes { break }
                result.append(log)
                bytes += log.payload.count
            }
            state.largestRead = max(state.largestRead, result.count)
            return result
        }
    }

    func acknowledge(through sequence: UInt64) throws {
        state.withLock { state in
            state.acknowledged = max(state.acknowledged, sequence)
            let removed = state.logs.prefix { $0.sequence <= state.acknowledged }.count
            state.logs.removeFirst(removed)
            state.durableCount -= removed
        }
    }

    func setAside(_ logs: [LogRecord], reason: String) throws {
        state.withLock { $0.setAside.append(contentsOf: logs) }
    }

    var unsentCount: Int {
        state.withLock { state in
            state.unsentQueries += 1
            return state.durableCount
        }
    }

    var pendingCount: Int {
        state.withLock { state in
            state.unsentQueries += 1
            return state.logs.count
        }
    }

    var pendingUpperBound: Int { state.withLock { $0.logs.count } }

    /// Acknowledged logs are removed: nothing left is nothing pending.
    var isDrained: Bool { state.withLock { $0.logs.isEmpty } }
    var setAsideCount: Int { state.withLock { $0.setAside.count } }
    func close() throws {}

    func eraseAll() throws -> Int {
        state.withLock { state in
            defer {
                state.logs.removeAll()
                state.setAside.removeAll()
                state.durableCount = 0
                state.acknowledged = state.nextSequence - 1
            }
            return state.logs.count
        }
    }
}
