// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// Which event of a generated type a log is, and its field values in the order written.
///
/// Generated code answers `GeneratedLogEvent._fields` with one switch over its cases,
/// and a ``LogPayloadLayout`` turns the answer into a tag, a payload and the personal
/// fields:
///
/// ```swift generated
/// case .search(let keyword, let order):
///     return LogEventFields(0, keyword, order)
/// ```
///
/// Short-lived by design (the values are existentials, made and read within one post), so
/// it is not `Sendable`.
public struct LogEventFields {
    /// The event's number in its type, counted from 0 in the order of the cases.
    public let event: Int
    /// The event's field values, in the order of its line in the ``LogPayloadLayout``.
    public let values: [any LogValueConvertible]

    /// The fields of event number `event`.
    public init(_ event: Int, _ values: any LogValueConvertible...) {
        self.event = event
        self.values = values
    }
}
