/// A log that the definitions describe. Generated code makes one type per category
/// conform (through ``GeneratedLogEvent``), with a static member per event:
///
/// ```swift
/// logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
/// ```
///
/// A hand-written conformance gives `categoryName`, `eventName` and `payload`; the rest
/// have defaults.
public protocol LogEvent: Sendable {
    /// The category's name as written (`recipe_search`).
    static var categoryName: String { get }
    /// The event's name as written (`search`).
    var eventName: String { get }
    /// The routing tag, `category.event` (`recipe_search.search`).
    var tag: String { get }
    /// The payload, keyed by the field names as written.
    var payload: LogPayload { get }
    /// The payload keys of this event that hold personal data (`[pii]` in the
    /// definitions), for `PersonalDataFilter`. Empty by default.
    var personalDataFields: [String] { get }
    /// Everything `BehaviorLogger.post(_:)` needs, in one call. The default asks ``tag``,
    /// ``payload`` and ``personalDataFields`` in turn; generated code answers from its
    /// event's values and its table in one call.
    var contents: LogEventContents { get }
}

extension LogEvent {
    /// The category's name as written (`recipe_search`).
    public var categoryName: String { Self.categoryName }
    public var tag: String { Self.categoryName + "." + eventName }
    public var personalDataFields: [String] { [] }
    public var contents: LogEventContents {
        LogEventContents(tag: tag, payload: payload, personalDataFields: personalDataFields)
    }
}

/// A log's tag, payload and personal fields: what ``LogEvent/contents`` answers, and what
/// the logger posts.
public struct LogEventContents: Sendable {
    /// The routing tag, `category.event`.
    public internal(set) var tag: String
    /// The payload, keyed by the field names as written.
    public internal(set) var payload: LogPayload
    /// The payload keys that hold personal data.
    public internal(set) var personalDataFields: [String]
    /// The hash of the definitions the event was generated from (`"fnv1a64:…"`), which the
    /// log carries as `schema`; empty for a hand-written event.
    public internal(set) var schema: String

    /// Contents with these parts.
    public init(tag: String, payload: LogPayload, personalDataFields: [String] = [], schema: String = "") {
        self.tag = tag
        self.payload = payload
        self.personalDataFields = personalDataFields
        self.schema = schema
    }
}
