import BehaviorLog
import LogCore
import LogStore

/// An output that keeps every log it receives in memory, for an app's tests: check what
/// the app logged without a network or a store.
///
/// ```swift
/// let recorder = RecordingOutput()
/// let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder)]))
/// searchScreen.search("egg")                      // the app posts through `logger`
/// await logger.flush()
/// recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
/// ```
///
/// It stands for an output that ships logs, so by default it follows the user's consent
/// (`LogConsent`): it receives no log posted under `.denied`, and it remembers the consent each
/// log was received under, for `logs(under:)` and the `under:` of the expectations.
public final class RecordingOutput: LogOutput {
    private struct Recording {
        var logs: [EncodedLog] = []
        var consents: [LogConsent] = []
        var consent = LogConsent.granted
    }

    private let recorded = Locked(Recording())
    public let requiresConsentByDefault: Bool

    /// - Parameter requiresConsent: Whether it follows the user's consent unless its
    ///   `OutputSetting` says otherwise; `true` by default, as a shipping output.
    public init(requiresConsent: Bool = true) {
        requiresConsentByDefault = requiresConsent
    }

    public func write(_ logs: [EncodedLog]) {
        recorded.withLock { recording in
            recording.logs.append(contentsOf: logs)
            recording.consents.append(contentsOf: repeatElement(recording.consent, count: logs.count))
        }
    }

    public func consentChanged(to consent: LogConsent) {
        recorded.withLock { $0.consent = consent }
    }

    /// Forgets every log, as the outputs that keep logs delete theirs (`BehaviorLogger.eraseAllData()`).
    public func eraseAllData() async throws {
        removeAll()
    }

    /// The consent the logger last told the output (`.granted` until told).
    public var consent: LogConsent { recorded.withLock { $0.consent } }

    /// The logs received so far, in post order.
    public var logs: [LogEnvelope] { recorded.withLock { $0.logs.map(\.envelope) } }

    /// The logs received under a consent, in post order: under `.pending` those a shipping output
    /// would keep unsent; under `.denied` none, unless the output's setting waives consent.
    public func logs(under consent: LogConsent) -> [LogEnvelope] {
        recorded.withLock { recording in
            zip(recording.logs, recording.consents).filter { $0.1 == consent }.map(\.0.envelope)
        }
    }

    /// The logs received so far with their stored payload bytes.
    public var encodedLogs: [EncodedLog] { recorded.withLock { $0.logs } }

    /// The tags received so far, in post order.
    public var tags: [String] { recorded.withLock { $0.logs.map(\.envelope.tag) } }

    /// Forgets every log received so far.
    public func removeAll() {
        recorded.withLock { recording in
            recording.logs.removeAll()
            recording.consents.removeAll()
        }
    }
}
