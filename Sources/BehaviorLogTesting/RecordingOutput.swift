import BehaviorLog
import LogStore

/// An output that keeps every log it receives in memory, for an app's tests: check what
/// the app logged without a network or a store.
///
/// ```swift
/// let recorder = RecordingOutput()
/// let logger = Logger(configuration: LoggerConfiguration(outputs: [OutputSetting(recorder)]))
/// searchScreen.search("egg")                      // the app posts through `logger`
/// await logger.flush()
/// recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest))
/// ```
public final class RecordingOutput: LogOutput {
    private let recorded = Locked<[EncodedLog]>([])

    public init() {}

    public func write(_ logs: [EncodedLog]) {
        recorded.withLock { $0.append(contentsOf: logs) }
    }

    /// The logs received so far, in post order.
    public var logs: [LogEnvelope] { recorded.withLock { $0.map(\.envelope) } }

    /// The logs received so far with their stored payload bytes.
    public var encodedLogs: [EncodedLog] { recorded.withLock { $0 } }

    /// The tags received so far, in post order.
    public var tags: [String] { recorded.withLock { $0.map(\.envelope.tag) } }

    /// Forgets every log received so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }
}
