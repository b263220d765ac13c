// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

import Foundation

/// Which event of a generated type a log is, and its field values in the order written.
///
/// Generated code makes one in each event's static function, which names the event and
/// hands over each value with one call, and a ``LogPayloadLayout`` turns it into a tag, a
/// payload and the personal fields:
///
/// ```swift generated
/// public static func search(keyword: String, order: SearchOrder) -> RecipeSearch {
///     .init(LogEventFields(event: 0, capacity: 2)
///         .string(keyword)
///         .value(order))
/// }
/// ```
///
/// Why a call per field: it is the least code an app carries per event. Each call passes
/// its value in registers to one shared body here (never inlined into the app); an array
/// literal of the values, boxed or as ``LogValue``s, made the app build every value in
/// place (see docs/Codegen.md, `make bench-device`). The call names its type, so that the
/// type checker has no overload to choose, and the calls are chained (each consumes the
/// fields and returns them), so that an event's body is one expression: a statement per
/// call on a variable made the type checker look the variable up and check a statement
/// for every field (docs/Performance.md).
public struct LogEventFields: Sendable {
    /// The event's number in its type, counted from 0 in the order of the definitions.
    public var event: Int
    /// The event's field values, in the order of its line in the ``LogPayloadLayout``.
    public private(set) var values: [LogValue]

    /// No event yet (the common payload's fields), room for `capacity` values.
    public init(capacity: Int) { self.init(event: 0, capacity: capacity) }

    /// Event number `event`, no values yet, room for `capacity`: one call that a generated
    /// event's function starts with (not inlined into the app, as the appends below).
    @inline(never)
    public init(event: Int, capacity: Int) {
        self.event = event
        values = []
        values.reserveCapacity(capacity)
    }

    /// The fields of event number `event`.
    public init(_ event: Int, _ values: [LogValue]) {
        self.event = event
        self.values = values
    }

    /// Appends a `String` field, and returns the fields for the next call.
    @inline(never)
    public consuming func string(_ value: String) -> LogEventFields { Self.appending(.string(value), to: self) }

    /// Appends a `String?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalString(_ value: String?) -> LogEventFields { Self.appending(value.map { .string($0) } ?? .null, to: self) }

    /// Appends an `Int16` field, and returns the fields for the next call.
    @inline(never)
    public consuming func int16(_ value: Int16) -> LogEventFields { Self.appending(.integer(Int64(value)), to: self) }

    /// Appends an `Int32` field, and returns the fields for the next call.
    @inline(never)
    public consuming func int32(_ value: Int32) -> LogEventFields { Self.appending(.integer(Int64(value)), to: self) }

    /// Appends an `Int64` field, and returns the fields for the next call.
    @inline(never)
    public consuming func int64(_ value: Int64) -> LogEventFields { Self.appending(.integer(value), to: self) }

    /// Appends a `Float` field, and returns the fields for the next call.
    @inline(never)
    public consuming func float(_ value: Float) -> LogEventFields { Self.appending(.float(value), to: self) }

    /// Appends a `Double` field, and returns the fields for the next call.
    @inline(never)
    public consuming func double(_ value: Double) -> LogEventFields { Self.appending(.double(value), to: self) }

    /// Appends a `Bool` field, and returns the fields for the next call.
    @inline(never)
    public consuming func bool(_ value: Bool) -> LogEventFields { Self.appending(.bool(value), to: self) }

    /// Appends a `LogDate` field, and returns the fields for the next call.
    @inline(never)
    public consuming func date(_ value: LogDate) -> LogEventFields { Self.appending(.date(value), to: self) }

    /// Appends a `Date` field, and returns the fields for the next call.
    @inline(never)
    public consuming func timestamp(_ value: Date) -> LogEventFields { Self.appending(.timestamp(value), to: self) }

    /// Appends an `Int16?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalInt16(_ value: Int16?) -> LogEventFields { Self.appending(value.map { .integer(Int64($0)) } ?? .null, to: self) }

    /// Appends an `Int32?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalInt32(_ value: Int32?) -> LogEventFields { Self.appending(value.map { .integer(Int64($0)) } ?? .null, to: self) }

    /// Appends an `Int64?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalInt64(_ value: Int64?) -> LogEventFields { Self.appending(value.map { .integer($0) } ?? .null, to: self) }

    /// Appends a `Float?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalFloat(_ value: Float?) -> LogEventFields { Self.appending(value.map { .float($0) } ?? .null, to: self) }

    /// Appends a `Double?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalDouble(_ value: Double?) -> LogEventFields { Self.appending(value.map { .double($0) } ?? .null, to: self) }

    /// Appends a `Bool?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalBool(_ value: Bool?) -> LogEventFields { Self.appending(value.map { .bool($0) } ?? .null, to: self) }

    /// Appends a `LogDate?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalDate(_ value: LogDate?) -> LogEventFields { Self.appending(value.map { .date($0) } ?? .null, to: self) }

    /// Appends a `Date?` field, and returns the fields for the next call.
    @inline(never)
    public consuming func optionalTimestamp(_ value: Date?) -> LogEventFields { Self.appending(value.map { .timestamp($0) } ?? .null, to: self) }

    // The generic ones: one body for every type (not specialized into the app), and generic
    // over the element or the wrapped type, whose metadata the app has at hand, rather than
    // over `[T]` or `T?`, whose metadata it would look up at each call.

    /// Appends a field of an enum or an external type, as its ``LogValueConvertible/logValue``,
    /// and returns the fields for the next call.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public consuming func value(_ value: some LogValueConvertible) -> LogEventFields { Self.appending(value.logValue, to: self) }

    /// Appends an optional field of an enum or an external type, and returns the fields for the
    /// next call.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public consuming func optionalValue<Value: LogValueConvertible>(_ value: Value?) -> LogEventFields { Self.appending(value?.logValue ?? .null, to: self) }

    /// Appends an array field, and returns the fields for the next call.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public consuming func array<Element: LogValueConvertible>(_ value: [Element]) -> LogEventFields { Self.appending(value.logValue, to: self) }

    /// Appends an optional array field, and returns the fields for the next call.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public consuming func optionalArray<Element: LogValueConvertible>(_ value: [Element]?) -> LogEventFields {
        Self.appending(value?.logValue ?? .null, to: self)
    }

    /// The fields with `value` appended: the body that every method above ends in, with a
    /// jump, rather than a copy of `Array.append` in each (a builtin's method is about 25 bytes
    /// in an app, not 90-150).
    @inline(never)
    static func appending(_ value: LogValue, to fields: consuming LogEventFields) -> LogEventFields {
        fields.values.append(value)
        return fields
    }
}
