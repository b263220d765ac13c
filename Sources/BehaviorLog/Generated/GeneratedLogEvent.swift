// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// A ``LogEvent`` that `loggen` generated: a table of its events (`_layout`) and one
/// switch over its cases (`_fields`) answer every requirement of ``LogEvent``.
///
/// ```swift generated
/// public enum RecipeSearch: GeneratedLogEvent {
///     case search(keyword: String, order: SearchOrder)
///     public var _fields: LogEventFields {
///         switch self {
///         case .search(let keyword, let order): return LogEventFields(0, keyword, order)
///         }
///     }
///     public static let _layout = LogPayloadLayout(category: "recipe_search", events: [
///         "search: keyword maxLength=256, order",
///     ])
/// }
/// ```
///
/// Why one switch and a table, not a switch per requirement: the type checker's time grows
/// with every case of every switch, and one switch per event type-checks about a quarter
/// faster than a switch each for `eventName`, `payload` and `personalDataFields` (see
/// `docs/Codegen.md`). Posting also gets cheaper: ``LogEvent/contents`` visits the cases
/// once, and the tag comes ready-made from the table instead of being concatenated.
///
/// The members start with `_` because they are for the runtime, not for call sites; code
/// completion hides them.
public protocol GeneratedLogEvent: LogEvent, LoggenGenerated {
    /// The category's events: names, tags, payload keys and constraints, in case order.
    static var _layout: LogPayloadLayout { get }
    /// Which event this is, with its field values.
    var _fields: LogEventFields { get }
}

extension GeneratedLogEvent {
    /// The category's name as written (`recipe_search`), from the table.
    public static var categoryName: String { _layout.categoryName }

    /// The event's name as written (`search`), from the table.
    public var eventName: String { Self._layout.eventName(ofEvent: _fields.event) }

    /// The routing tag (`recipe_search.search`), made once per event with the table.
    public var tag: String { Self._layout.tag(ofEvent: _fields.event) }

    /// The payload, built by the table with every constraint checked.
    public var payload: LogPayload { Self._layout.payload(_fields) }

    /// The payload keys marked `[pii]` in the definitions, from the table.
    public var personalDataFields: [String] { Self._layout.personalDataFields(ofEvent: _fields.event) }

    /// The tag, the payload, the personal fields and the schema hash, with one visit of the cases.
    public var contents: LogEventContents {
        let fields = _fields
        let layout = Self._layout
        return LogEventContents(
            tag: layout.tag(ofEvent: fields.event), payload: layout.payload(fields),
            personalDataFields: layout.personalDataFields(ofEvent: fields.event), schema: Self.schemaHash)
    }
}
