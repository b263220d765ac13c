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
/// public static func search(keyword: String, order: SearchOrder) -> Self {
///     var _values = LogEventFields(event: 0, capacity: 2)
///     _values.string(keyword)
///     _values.value(order)
///     return Self(_values)
/// }
/// ```
///
/// Why a call per field: it is the least code an app carries per event. Each call passes
/// its value in registers to one shared body here (never inlined into the app); an array
/// literal of the values, boxed or as ``LogValue``s, made the app build every value in
/// place (see docs/Codegen.md, `make bench-device`). The call names its type, so that the
/// type checker has no overload to choose.
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

    /// Appends a `String` field.
    @inline(never)
    public mutating func string(_ value: String) { values.append(.string(value)) }

    /// Appends a `String?` field.
    @inline(never)
    public mutating func optionalString(_ value: String?) { values.append(value.map { .string($0) } ?? .null) }

    /// Appends an `Int16` field.
    @inline(never)
    public mutating func int16(_ value: Int16) { values.append(.integer(Int64(value))) }

    /// Appends an `Int32` field.
    @inline(never)
    public mutating func int32(_ value: Int32) { values.append(.integer(Int64(value))) }

    /// Appends an `Int64` field.
    @inline(never)
    public mutating func int64(_ value: Int64) { values.append(.integer(value)) }

    /// Appends a `Float` field.
    @inline(never)
    public mutating func float(_ value: Float) { values.append(.float(value)) }

    /// Appends a `Double` field.
    @inline(never)
    public mutating func double(_ value: Double) { values.append(.double(value)) }

    /// Appends a `Bool` field.
    @inline(never)
    public mutating func bool(_ value: Bool) { values.append(.bool(value)) }

    /// Appends a `LogDate` field.
    @inline(never)
    public mutating func date(_ value: LogDate) { values.append(.date(value)) }

    /// Appends a `Date` field.
    @inline(never)
    public mutating func timestamp(_ value: Date) { values.append(.timestamp(value)) }

    /// Appends an `Int16?` field.
    @inline(never)
    public mutating func optionalInt16(_ value: Int16?) { values.append(value.map { .integer(Int64($0)) } ?? .null) }

    /// Appends an `Int32?` field.
    @inline(never)
    public mutating func optionalInt32(_ value: Int32?) { values.append(value.map { .integer(Int64($0)) } ?? .null) }

    /// Appends an `Int64?` field.
    @inline(never)
    public mutating func optionalInt64(_ value: Int64?) { values.append(value.map { .integer($0) } ?? .null) }

    /// Appends a `Float?` field.
    @inline(never)
    public mutating func optionalFloat(_ value: Float?) { values.append(value.map { .float($0) } ?? .null) }

    /// Appends a `Double?` field.
    @inline(never)
    public mutating func optionalDouble(_ value: Double?) { values.append(value.map { .double($0) } ?? .null) }

    /// Appends a `Bool?` field.
    @inline(never)
    public mutating func optionalBool(_ value: Bool?) { values.append(value.map { .bool($0) } ?? .null) }

    /// Appends a `LogDate?` field.
    @inline(never)
    public mutating func optionalDate(_ value: LogDate?) { values.append(value.map { .date($0) } ?? .null) }

    /// Appends a `Date?` field.
    @inline(never)
    public mutating func optionalTimestamp(_ value: Date?) { values.append(value.map { .timestamp($0) } ?? .null) }

    // The generic ones: one body for every type (not specialized into the app), and generic
    // over the element or the wrapped type, whose metadata the app has at hand, rather than
    // over `[T]` or `T?`, whose metadata it would look up at each call.

    /// Appends a field of an enum or an external type, as its ``LogValueConvertible/logValue``.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func value(_ value: some LogValueConvertible) { values.append(value.logValue) }

    /// Appends an optional field of an enum or an external type.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func optionalValue<Value: LogValueConvertible>(_ value: Value?) { values.append(value?.logValue ?? .null) }

    /// Appends an array field.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func array<Element: LogValueConvertible>(_ value: [Element]) { values.append(value.logValue) }

    /// Appends an optional array field.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func optionalArray<Element: LogValueConvertible>(_ value: [Element]?) { values.append(value?.logValue ?? .null) }
}
