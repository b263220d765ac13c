import BehaviorLog
import Synchronization

/// A backend that accepts every chunk at once and counts the logs: the benchmarks measure the
/// SDK's own work, with no network and no server.
public final class AcceptingBackend: LogBackend {
    private let acceptedLogs = Atomic<UInt64>(0)

    public init() {}

    public func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        acceptedLogs.add(UInt64(chunk.logs.count), ordering: .relaxed)
        return .accepted
    }

    /// The logs accepted so far.
    public var accepted: UInt64 { acceptedLogs.load(ordering: .relaxed) }
}
