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
///     public func _fields(into _values: inout LogEventFields) {
///         switch self {
///         case .search(let keyword, let order):
///             _values.event = 0; _values.string(keyword); _values.value(order)
///         }
///     }
///     public static let _layout = LogPayloadLayout(category: "recipe_search", events: """
///         search: keyword maxLength=256, order
///         """)
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
    /// Names the event (`_values.event`) and appends its field values, in the order of its
    /// line in `_layout`.
    func _fields(into _values: inout LogEventFields)
}

// Not specialized per type: each member is a call or two on the table, and an optimized app
// would otherwise carry a copy of all six for every generated type (about 3 KB each; see
// docs/Performance.md, `make bench-device`). `contents`, the one posting calls, runs
// non-generic in LogPayloadLayout.
extension GeneratedLogEvent {
    /// The event's number and field values, with room for the largest event of the type.
    @_semantics("optimize.sil.specialize.generic.never")
    public var _fieldValues: LogEventFields {
        var fields = LogEventFields(capacity: Self._layout.maximumFieldCount)
        _fields(into: &fields)
        return fields
    }

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
