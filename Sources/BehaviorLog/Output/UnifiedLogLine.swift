import LogCore

/// What `OSLogOutput` writes to Apple's unified logging for one log, decided here, apart from
/// `os.Logger`, so that every platform builds and tests it.
///
/// The privacy choice: the tag and the fields the definitions do not mark `[pii]` are
/// **public** (they are names and values the app's own definitions document, and a developer
/// needs them in Console.app and `log collect` archives); the `[pii]` fields are **private**
/// (redacted as `<private>` in anything collected from a device unless a logging profile says
/// otherwise), even when `PersonalDataFilter` has already hashed them: a hashed ID is still a
/// stable identifier of a person. The common payload is not written: it is the same on every
/// line (`ConsoleOutput(format: .jsonLines)` shows it).
struct UnifiedLogLine: Equatable, Sendable {
    /// The tag (`recipe_search.search`): public.
    var tag: String
    /// The payload's fields not marked personal, as a JSON object: public.
    var publicFields: String
    /// The payload's personal fields, as a JSON object, or empty when it has none: private.
    var personalFields: String
    /// The constraint violations (`field: kind: detail`, `; `-separated), or empty: public.
    /// A log with violations is written at the error level.
    var violations: String

    init(_ envelope: LogEnvelope) {
        tag = envelope.tag
        let personal = Set(envelope.personalDataFields)
        var open = LogPayload(capacity: envelope.payload.fields.count)
        var closed = LogPayload(capacity: personal.count)
        for field in envelope.payload.fields {
            if personal.contains(field.key) { closed.append(field.key, field.value) } else { open.append(field.key, field.value) }
        }
        publicFields = Self.json(open)
        personalFields = closed.fields.isEmpty ? "" : Self.json(closed)
        violations = envelope.violations.map(\.description).joined(separator: "; ")
    }

    private static func json(_ payload: LogPayload) -> String {
        var writer = JSONWriter(capacity: 64)
        writer.object(payload)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
