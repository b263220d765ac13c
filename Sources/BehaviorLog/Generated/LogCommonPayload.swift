// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// The common payload: the fields sent with every event (`common.md`).
///
/// `loggen` generates a `CommonPayload` struct conforming to it, with one property per
/// common field; the logger appends its payload to every log.
public protocol LogCommonPayload: Sendable {
    /// The common fields, keyed by their names as written.
    var payload: LogPayload { get }
    /// The common payload's keys that hold personal data (`[pii]` in `common.md`), for
    /// ``PersonalDataFilter``; ``CommonPayloadFilter`` reads them. Empty by default.
    static var personalDataFields: [String] { get }
}

extension LogCommonPayload {
    public static var personalDataFields: [String] { [] }
}
