/// A log that the definitions describe. Generated code makes one type per category
/// conform, with one case per event:
///
/// ```swift
/// logger.post(RecipeSearch.search(keyword: "egg", order: .latest))
/// ```
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
}

extension LogEvent {
    /// The category's name as written (`recipe_search`).
    public var categoryName: String { Self.categoryName }
    public var tag: String { Self.categoryName + "." + eventName }
    public var personalDataFields: [String] { [] }
}
