// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// The events of one generated type: each event's name, its payload keys and constraints,
/// and the builder of its payloads.
///
/// Generated code describes each event in one line, fields in the order written, and
/// answers which event a value is with one switch (``GeneratedLogEvent``):
///
/// ```swift generated
/// public static let _layout: LogPayloadLayout = LogPayloadLayout(category: "recipe_search", events: """
///     search: keyword maxLength=256, order, filters maxCount=3, page min=1 max=1000
///     tap_suggestion: suggestion maxLength=256 pattern=1
///     clear_history
///     """, patterns: [Self._pattern1])
/// ```
///
/// A line is the event's name as written, then `:` and its fields separated by `,` (an
/// event without fields is its name alone). A field is its payload key as written in the
/// definitions, followed by its constraints: `maxLength=N` (UTF-8 bytes of a string),
/// `pattern=N` (`patterns[N - 1]`, which generated code names `_patternN`), `min=X max=X`
/// (a number's range), `maxCount=N` (an array's elements; the other constraints then apply
/// to each element). Every constraint follows the policy described at
/// ``ConstraintViolation/handler``. The word `pii` marks a field that holds personal data
/// (`[pii]` in the definitions): ``personalDataFields(ofEvent:)`` lists those keys, and
/// ``PersonalDataFilter`` redacts them.
///
/// Why a table and not typed code per field: the type checker spends most of its time on
/// expressions, and a table of string literals plus one switch type-checks several times
/// faster on a 5,000-event schema than one append per field (see `docs/Codegen.md`). The
/// table is read once, on first use, and holds each event's tag ready, so posting a log
/// concatenates nothing. The lines are one string literal, not an array of them: an array
/// of string literals is laid out in the app's data with an address to relocate per line.
public final class LogPayloadLayout: Sendable {
    /// The category's name as written (`recipe_search`).
    public let categoryName: String
    /// The most fields an event of the table has: the room generated code's values are
    /// collected in, so that collecting them allocates once.
    public let maximumFieldCount: Int
    private let events: [EventLayout]

    /// Reads the events' lines.
    ///
    /// - Parameters:
    ///   - category: the category's name as written.
    ///   - events: one line per event, in the order of the generated cases, each ended by a
    ///     line feed but the last (an empty string: no events).
    ///   - patterns: the compiled patterns that `pattern=N` refers to.
    public init(category: String, events: String, patterns: [LogPattern] = []) {
        self.categoryName = category
        // Names and keys are letters, digits, `_` and non-ASCII text, so ASCII separators are
        // safe; cutting UTF-8 keeps a name that starts with a combining mark whole. One cutter
        // over the bytes, not `split` on each kind of view (a copy of it per view in the app).
        let bytes = Array(events.utf8)
        self.events = (events.isEmpty ? [] : pieces(of: bytes[...], separatedBy: UInt8(ascii: "\n"), keepingEmpty: true)).map { line in
            let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let fields = colon < line.endIndex ? FieldLayout.fields(of: line[(colon + 1)...], patterns: patterns) : []
            return EventLayout(name: name, tag: category + "." + name, fields)
        }
        maximumFieldCount = self.events.reduce(0) { max($0, $1.keys.count) }
    }

    /// The name as written of event number `event` (counted from 0).
    public func eventName(ofEvent event: Int) -> String {
        events[event].name
    }

    /// The routing tag of event number `event`: `category.event`.
    public func tag(ofEvent event: Int) -> String {
        events[event].tag
    }

    /// The payload of an event with these field values, in the order of its line; every
    /// constraint is checked as ``ConstraintViolation/handler`` describes.
    public func payload(_ fields: LogEventFields) -> LogPayload {
        let layout = events[fields.event]
        let values = fields.values
        assert(layout.keys.count == values.count, "generated code passes one value per field of its layout")
        let count = min(layout.keys.count, values.count)
        var payload = LogPayload(capacity: count)
        // Values and keys are read in place (borrowed), not copied out one by one.
        values.withUnsafeBufferPointer { values in
            layout.keys.withUnsafeBufferPointer { keys in
                for index in 0..<count {
                    let value = values[index]
                    if layout.isChecked[index], let check = layout.checks[index] {
                        payload.append(keys[index], payload.checked(value, check))
                    } else {
                        payload.append(keys[index], value)
                    }
                }
            }
        }
        return payload
    }

    /// What a log of these fields posts: its tag, payload and personal fields, and `schema`.
    /// The one body behind every generated type's ``LogEvent/contents``, so that an app
    /// carries no copy of it per type.
    public func contents(_ fields: LogEventFields, schema: String) -> LogEventContents {
        let layout = events[fields.event]
        return LogEventContents(tag: layout.tag, payload: payload(fields), personalDataFields: layout.personalDataFields, schema: schema)
    }

    /// The payload keys of event number `event`, in order.
    public func keys(ofEvent event: Int) -> [String] {
        events[event].keys
    }

    /// The payload keys of event number `event` that hold personal data (the fields marked
    /// `pii`), in order. Read once with the table, so asking costs no allocation.
    public func personalDataFields(ofEvent event: Int) -> [String] {
        events[event].personalDataFields
    }
}

/// One event of a ``LogPayloadLayout``: its keys, and the constraints of the fields that
/// have any (`nil` for the others, so an unconstrained field costs one check). A class,
/// so that looking an event up retains one reference.
private final class EventLayout: Sendable {
    let name: String
    let tag: String
    let keys: [String]
    let checks: [FieldCheck?]
    /// Whether each field has a check: read first, so that an unchecked field retains nothing.
    let isChecked: [Bool]
    let personalDataFields: [String]

    init(name: String, tag: String, _ fields: [FieldLayout]) {
        self.name = name
        self.tag = tag
        // One loop, not a map per array: each map of a key path is code of its own in the app.
        var keys: [String] = []
        var personalDataFields: [String] = []
        var checks: [FieldCheck?] = []
        var isChecked: [Bool] = []
        keys.reserveCapacity(fields.count)
        checks.reserveCapacity(fields.count)
        isChecked.reserveCapacity(fields.count)
        for field in fields {
            keys.append(field.key)
            if field.isPersonalData { personalDataFields.append(field.key) }
            checks.append(field.isChecked ? FieldCheck(field) : nil)
            isChecked.append(field.isChecked)
        }
        self.keys = keys
        self.personalDataFields = personalDataFields
        self.checks = checks
        self.isChecked = isChecked
    }
}

/// The constraints of one field, shared by reference and read in place: checking a value
/// retains nothing (a `FieldLayout` passed by value would retain its key and its pattern).
final class FieldCheck: Sendable {
    let key: String
    let maxLength: Int?
    let pattern: LogPattern?
    let minimum: FieldLayout.Bound?
    let maximum: FieldLayout.Bound?
    let maxCount: Int?
    let constrainsElements: Bool

    init(_ field: FieldLayout) {
        key = field.key
        maxLength = field.maxLength
        pattern = field.pattern
        minimum = field.minimum
        maximum = field.maximum
        maxCount = field.maxCount
        constrainsElements = field.constrainsElements
    }

    /// Whether `value` matches the field's pattern (`true` without one).
    func matchesPattern(_ value: String) -> Bool { pattern?.matches(value) ?? true }
}

/// One field of a ``LogPayloadLayout``: its key and constraints.
struct FieldLayout: Sendable {
    var key: String
    var maxLength: Int?
    var pattern: LogPattern?
    var minimum: Bound?
    var maximum: Bound?
    var maxCount: Int?
    /// Whether the field holds personal data (`pii`); not a constraint, so not checked.
    var isPersonalData = false

    /// A range bound as written: whole-number fields compare with `integer`, `!double`
    /// fields with `number`, `!real` fields with `real` (the `Float` nearest the text, read
    /// from the text itself).
    struct Bound: Sendable {
        var integer: Int64?
        var number: Double
        var real: Float

        /// A bound's text as generated code writes it (`1`, `0.3`, `-2.5e-07`).
        init(text: String) {
            integer = Int64(text)
            number = Double(text) ?? .nan
            // Read as a Float from the text, not narrowed from `number`: no double rounding.
            real = Float(text) ?? Float(number)
        }
    }

    var isChecked: Bool { constrainsElements || maxCount != nil }

    /// Whether a value (each element of an array) has a constraint: a length, a pattern or a range.
    var constrainsElements: Bool {
        maxLength != nil || pattern != nil || (minimum != nil && maximum != nil)
    }

    /// The fields of one event's line, after its name (`"keyword maxLength=256, page min=1 max=1000"`).
    static func fields(of line: ArraySlice<UInt8>, patterns: [LogPattern]) -> [FieldLayout] {
        pieces(of: line, separatedBy: UInt8(ascii: ","), keepingEmpty: false).compactMap { field in
            let words = pieces(of: field, separatedBy: UInt8(ascii: " "), keepingEmpty: false)
            guard let key = words.first else { return nil }
            var layout = FieldLayout(key: String(decoding: key, as: UTF8.self))
            for word in words.dropFirst() { layout.read(word, patterns: patterns) }
            return layout
        }
    }

    private mutating func read(_ word: ArraySlice<UInt8>, patterns: [LogPattern]) {
        let equals = word.firstIndex(of: UInt8(ascii: "="))
        let value = equals.map { String(decoding: word[($0 + 1)...], as: UTF8.self) } ?? ""
        switch String(decoding: word[..<(equals ?? word.endIndex)], as: UTF8.self) {
        case "pii" where equals == nil: isPersonalData = true
        case "maxLength" where Int(value) != nil: maxLength = Int(value)
        case "maxCount" where Int(value) != nil: maxCount = Int(value)
        case "pattern" where Int(value).map { patterns.indices.contains($0 - 1) } == true:
            pattern = patterns[Int(value)! - 1]
        case "min" where Double(value) != nil: minimum = Bound(text: value)
        case "max" where Double(value) != nil: maximum = Bound(text: value)
        default:
            // Generated code never writes an invalid constraint; should one slip through,
            // debug builds stop and release builds leave the field unchecked.
            assertionFailure("invalid constraint '\(String(decoding: word, as: UTF8.self))' in the payload layout of '\(key)'; regenerate the code")
        }
    }
}

/// `bytes` cut at each `separator`, in order; empty pieces kept only when `keepingEmpty`.
private func pieces(of bytes: ArraySlice<UInt8>, separatedBy separator: UInt8, keepingEmpty: Bool) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    for index in bytes.indices where bytes[index] == separator {
        if keepingEmpty || index > start { result.append(bytes[start..<index]) }
        start = index + 1
    }
    if keepingEmpty || start < bytes.endIndex { result.append(bytes[start...]) }
    return result
}

extension LogPayload {
    /// `value` made valid for the field `check` describes, each violation recorded and reported.
    /// An array is changed in place when it is the only reference (the one the event's
    /// value just made), and only where a constraint asks: an array within its `maxCount`
    /// whose elements have no constraint of their own is returned as it is.
    ///
    /// The field's constraints are read through `check` (a class): passing its `FieldLayout`
    /// by value would retain and release the key and the pattern on every log.
    mutating func checked(_ value: consuming LogValue, _ check: FieldCheck) -> LogValue {
        guard case .array(var elements) = value else { return checked(value, check, element: nil) }
        value = .null  // the array's only reference is now `elements`
        if let maxCount = check.maxCount, elements.count > maxCount {
            elements = Array(cut(elements, key: check.key, maxCount: maxCount))
        }
        if check.constrainsElements {
            for index in elements.indices { elements[index] = checked(elements[index], check, element: index) }
        }
        return .array(elements)
    }

    private mutating func checked(_ value: LogValue, _ check: FieldCheck, element: Int?) -> LogValue {
        switch value {
        case .string(var string) where check.maxLength != nil || check.pattern != nil:
            if let maxLength = check.maxLength { string = truncated(string, key: check.key, element: element, maxLength: maxLength) }
            if !check.matchesPattern(string) { recordPatternMismatch(key: check.key, element: element, check.pattern?.source ?? "") }
            return .string(string)
        case .integer(let number):
            guard let min = check.minimum?.integer, let max = check.maximum?.integer else { return value }
            return .integer(checked(number, key: check.key, element: element, min: min, max: max))
        case .double(let number):
            guard let min = check.minimum?.number, let max = check.maximum?.number else { return value }
            return .double(checked(number, key: check.key, element: element, min: min, max: max))
        case .float(let number):
            guard let min = check.minimum?.real, let max = check.maximum?.real else { return value }
            return .float(checked(number, key: check.key, element: element, min: min, max: max))
        default:
            return value
        }
    }
}
