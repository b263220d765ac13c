// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// A ``LogEvent`` that `loggen` generated: a table of its events (`_layout`) and the event's
/// number and field values (`_fieldValues`) answer every requirement of ``LogEvent``.
///
/// ```swift generated
/// public struct RecipeSearch: GeneratedLogEvent {
///     @inline(never)
///     public static func search(keyword: String, order: SearchOrder) -> RecipeSearch {
///         .init(LogEventFields(event: 0, capacity: 2)
///             .string(keyword)
///             .value(order))
///     }
///     public let _fieldValues: LogEventFields
///     private init(_ fieldValues: LogEventFields) { _fieldValues = fieldValues }
///     public static let _layout = LogPayloadLayout(category: "recipe_search", events: """
///         search: keyword maxLength=256, order
///         """)
/// }
/// ```
///
/// Why a struct of static functions, not an enum with a case per event: an enum's cases
/// carry their payload types into the app's reflection metadata, and reading the values
/// back out takes a switch that first copies or splits the payload; a static function per
/// event hands over the values it gets in registers, and the struct only holds the result.
/// About a quarter less code per event (docs/Codegen.md, `make bench-device`). Call sites
/// read the same: `logger.post(RecipeSearch.search(keyword: "egg", order: .latest))`.
///
/// Why one value and a table, not a member per requirement: posting visits the values
/// once, and the tag comes ready-made from the table instead of being concatenated.
///
/// The members start with `_` because they are for the runtime, not for call sites; code
/// completion hides them.
public protocol GeneratedLogEvent: LogEvent, LoggenGenerated {
    /// The category's events: names, tags, payload keys and constraints, in event order.
    static var _layout: LogPayloadLayout { get }
    /// The event's number (`event`) and its field values, in the order of its line in
    /// `_layout`.
    var _fieldValues: LogEventFields { get }
}

// Not specialized per type: each member is a call or two on the table, and an optimized app
// would otherwise carry a copy of all six for every generated type (about 3 KB each; see
// docs/Performance.md, `make bench-device`). `contents`, the one posting calls, runs
// non-generic in LogPayloadLayout.
extension GeneratedLogEvent {
    /// The category's name as written (`recipe_search`), from the table.
    @_semantics("optimize.sil.specialize.generic.never")
    public static var categoryName: String { _layout.categoryName }

    /// The event's name as written (`search`), from the table.
    @_semantics("optimize.sil.specialize.generic.never")
    public var eventName: String { Self._layout.eventName(ofEvent: _fieldValues.event) }

    /// The routing tag (`recipe_search.search`), made once per event with the table.
    @_semantics("optimize.sil.specialize.generic.never")
    public var tag: String { Self._layout.tag(ofEvent: _fieldValues.event) }

    /// The payload, built by the table with every constraint checked.
    @_semantics("optimize.sil.specialize.generic.never")
    public var payload: LogPayload { Self._layout.payload(_fieldValues) }

    /// The payload keys marked `[pii]` in the definitions, from the table.
    @_semantics("optimize.sil.specialize.generic.never")
    public var personalDataFields: [String] { Self._layout.personalDataFields(ofEvent: _fieldValues.event) }

    /// The tag, the payload, the personal fields and the schema hash, with one visit of the cases.
    @_semantics("optimize.sil.specialize.generic.never")
    public var contents: LogEventContents { Self._layout.contents(_fieldValues, schema: Self.schemaHash) }
}
