import Foundation

/// One log on its way through the logger: the envelope's fields, before encoding.
///
/// Filters receive a log as a `LogEnvelope` and may change it; outputs receive it together
/// with its encoded form (`EncodedLog`). The keys of the envelope it becomes are the
/// reserved names `uuid`, `seq`, `time`, `tag`, `schema`, `common`, `violations` and
/// `payload` (see docs/Runtime.md).
public struct LogEnvelope: Sendable {
    /// The log's identity, for de-duplication downstream (a version 7 UUID: time-ordered).
    public var uuid: UUID
    /// When the log was posted.
    public var time: Date
    /// The routing tag, `category.event`.
    public var tag: String
    /// The event's fields, and the constraint violations found while building them.
    public var payload: LogPayload
    /// The hash of the definitions the event was generated from, written as the log's
    /// `schema` unless the logger is configured with a `schemaVersion`; empty for a log
    /// posted by tag.
    public var schema: String
    /// The app's common payload, set by `CommonPayloadFilter`.
    public var common: LogPayload
    /// The payload keys that hold personal data (`[pii]` in the definitions).
    public var personalDataFields: [String]
    /// The common payload's keys that hold personal data.
    public var commonPersonalDataFields: [String]
    /// The route: `nil` for the main stream; a name (`"violations"`) sends the log only
    /// to the outputs configured for that route.
    public var route: String? {
        get { hasRoute ? routeName : nil }
        set {
            hasRoute = newValue != nil
            routeName = newValue ?? ""
        }
    }
    /// The route, stored as a `String` and a flag, not a `String?`: with an optional string
    /// stored in it, the compiler (Swift 6.1) copies the whole envelope once more at the end
    /// of every initializer, which costs the posting thread a retain and a release of each
    /// of its references.
    private var routeName: String
    private var hasRoute: Bool

    public init(
        uuid: UUID = UUID(), time: Date = Date(), tag: String, payload: LogPayload,
        common: LogPayload = LogPayload(), personalDataFields: [String] = [],
        commonPersonalDataFields: [String] = [], route: String? = nil, schema: String = ""
    ) {
        self.uuid = uuid
        self.time = time
        self.tag = tag
        self.payload = payload
        self.common = common
        self.personalDataFields = personalDataFields
        self.commonPersonalDataFields = commonPersonalDataFields
        self.schema = schema
        routeName = route ?? ""
        hasRoute = route != nil
    }

    /// The constraint violations of the payload and of the common payload (whose field
    /// names are prefixed with `common.`), as the envelope records them.
    public var violations: [ConstraintViolation] {
        if common.violations.isEmpty { return payload.violations }
        return payload.violations
            + common.violations.map {
                ConstraintViolation(field: "common." + $0.field, kind: $0.kind, detail: $0.detail)
            }
    }

    /// Whether the envelope records a constraint violation.
    public var hasViolations: Bool { !payload.violations.isEmpty || !common.violations.isEmpty }
}
