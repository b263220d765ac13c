/// Adds the app's common payload (the fields of `common.md`, the generated `CommonPayload`)
/// to every log, taken from a provider closure at post time.
///
/// ```swift
/// let common = CommonPayloadFilter { session.commonPayload }   // a generated CommonPayload the app keeps built
/// ```
///
/// Given the generated `CommonPayload`, the filter marks its `[pii]` fields
/// (`CommonPayload.personalDataFields`) for ``PersonalDataFilter`` by itself.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class CommonPayloadFilter: LogFilter {
    private let provider: @Sendable () -> LogPayload
    private let personalDataFields: [String]

    /// - Parameters:
    ///   - personalDataFields: The common payload's keys that hold personal data (`[pii]`),
    ///     for `PersonalDataFilter`.
    ///   - provider: Called on the posting thread for every log; return the current values.
    public init(personalDataFields: [String] = [], _ provider: @escaping @Sendable () -> LogPayload) {
        self.provider = provider
        self.personalDataFields = personalDataFields
    }

    /// Takes the generated `CommonPayload` (any `LogCommonPayload`) from the provider.
    /// - Parameters:
    ///   - personalDataFields: The common payload's keys that hold personal data; `nil`
    ///     (the default) takes the fields marked `[pii]` in the definitions
    ///     (`Common.personalDataFields`).
    ///   - provider: Called on the posting thread for every log.
    public convenience init<Common: LogCommonPayload>(personalDataFields: [String]? = nil, _ provider: @escaping @Sendable () -> Common) {
        self.init(personalDataFields: personalDataFields ?? Common.personalDataFields) { provider().payload }
    }

    public func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
        envelope.common = provider()
        envelope.commonPersonalDataFields = personalDataFields
        return .pass
    }
}
