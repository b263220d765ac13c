// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// What every type that `loggen` generates declares about itself: the runtime API version
/// it was written for (checked when it compiles) and the schema it came from.
///
/// Generated code is checked against the runtime the way swift-protobuf's is: each
/// generated type says `typealias LoggenVersion = LoggenVersion1`. When the runtime's API
/// for generated code changes, the runtime moves on to `LoggenVersion2` and marks
/// `LoggenVersion1` unavailable with a message, so a stale `Generated/` folder fails to
/// compile with "'LoggenVersion1' is unavailable: …regenerate…" instead of misbehaving;
/// code from a newer `loggen` fails with "cannot find type 'LoggenVersion2'".
public protocol LoggenGenerated {
    /// The runtime API version the code was generated for.
    associatedtype LoggenVersion: LoggenCompatibleVersion
    /// A stable hash of the schema the code was generated from (`"fnv1a64:…"`), the same
    /// for every type of one `loggen generate` run. The log envelope carries it as `schema`.
    static var schemaHash: String { get }
}

/// The runtime API versions of generated code that this runtime supports.
public protocol LoggenCompatibleVersion {}

/// Version 1 of the API that generated code uses: ``LogEvent``, ``LogPayload`` and its
/// checked appends, ``LogPattern``, ``LogCommonPayload``.
///
/// Unavailable: code of this version does not declare its `[pii]` fields.
@available(*, unavailable, message: "this generated code does not declare its [pii] fields; regenerate it with this version's loggen")
public enum LoggenVersion1: LoggenCompatibleVersion {}

/// Version 2 of the API that generated code uses: version 1 plus ``LogPayloadLayout``, the
/// table that builds an event's payload in one call.
///
/// Unavailable: code of this version does not declare its `[pii]` fields, so the runtime
/// would send them unredacted.
@available(*, unavailable, message: "this generated code does not declare its [pii] fields; regenerate it with this version's loggen")
public enum LoggenVersion2: LoggenCompatibleVersion {}

/// Version 3 of the API that generated code uses: version 2 plus the personal fields —
/// `pii` in a ``LogPayloadLayout`` line, ``LogPayloadLayout/personalDataFields(ofEvent:)``
/// behind ``LogEvent/personalDataFields``, and ``LogCommonPayload/personalDataFields``.
///
/// Unavailable: its ``LogPayloadLayout`` lines do not start with the event's name.
@available(*, unavailable, message: "this generated code builds its payload table in an older format; regenerate it with this version's loggen")
public enum LoggenVersion3: LoggenCompatibleVersion {}

/// Version 4 of the API that generated code uses: version 3 with one switch per type —
/// ``GeneratedLogEvent``, whose `GeneratedLogEvent._fields` names the event and its
/// values, and whose ``LogPayloadLayout`` lines start with the event's name.
///
/// Unavailable: its `_fields` is a property that boxes each value, and its table is an array
/// of lines.
@available(*, unavailable, message: "this generated code boxes its field values; regenerate it with this version's loggen")
public enum LoggenVersion4: LoggenCompatibleVersion {}

/// Version 5 of the API that generated code uses: version 4 with less code per event —
/// `GeneratedLogEvent._fields(into:)` hands over each value with a call named after its type
/// (`_values.string(keyword)`, ``LogEventFields``), and the ``LogPayloadLayout`` lines are
/// one string literal.
///
/// Unavailable: its common payload calls `LogPayload`'s typed and checked appends
/// (`appendString(_:_:maxLength:pattern:)`, …), which the runtime no longer has.
@available(*, unavailable, message: "this generated code appends its common payload field by field; regenerate it with this version's loggen")
public enum LoggenVersion5: LoggenCompatibleVersion {}

/// Version 6 of the API that generated code uses: version 5 with the common payload built
/// and checked by a ``LogPayloadLayout`` of one line, from ``LogEventFields``, as an event's
/// payload is: one path for every constraint, and less runtime code in an app.
///
/// Unavailable: its event types are enums that hand over their values in
/// `GeneratedLogEvent._fields(into:)`, which the runtime no longer asks for.
@available(*, unavailable, message: "this generated code makes its events enums; regenerate it with this version's loggen")
public enum LoggenVersion6: LoggenCompatibleVersion {}

/// Version 7 of the API that generated code uses: version 6 with each category a struct that
/// holds its event's ``LogEventFields`` (`GeneratedLogEvent._fieldValues`), made by a static
/// function per event (``LogEventFields/init(event:capacity:)``, then a call per value), not
/// an enum with a case per event: less code per event in an app.
///
/// Unavailable: its functions hand over each value with a statement (`_values.string(a)`)
/// to ``LogEventFields`` methods that now return the fields instead of changing them, so
/// the values would be lost.
@available(*, unavailable, message: "this generated code hands over its values one statement each; regenerate it with this version's loggen")
public enum LoggenVersion7: LoggenCompatibleVersion {}

/// Version 8 of the API that generated code uses: version 7 with each event's values handed
/// over in one chained expression (`.init(LogEventFields(event: 0, capacity: 2).string(a))`):
/// ``LogEventFields``'s methods consume the fields and return them, so an event's body is one
/// expression, which type-checks faster than a statement per value.
public enum LoggenVersion8: LoggenCompatibleVersion {}
