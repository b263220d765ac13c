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
            let fields = colon < line.endIndex ? line[(colon + 1)...] : line[line.endIndex...]
            return EventLayout(name: name, tag: category + "." + name, fields: fields, patterns: patterns)
        }
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

    /// Reads the fields of the event's line, after its name (`"keyword maxLength=256, page min=1 max=1000"`).
    init(name: String, tag: String, fields line: ArraySlice<UInt8>, patterns: [LogPattern]) {
        self.name = name
        self.tag = tag
        // One loop, not a map per array: each map of a key path is code of its own in the app.
        var keys: [String] = []
        var personalDataFields: [String] = []
        var checks: [FieldCheck?] = []
        var isChecked: [Bool] = []
        for field in pieces(of: line, separatedBy: UInt8(ascii: ","), keepingEmpty: false) {
            let words = pieces(of: field, separatedBy: UInt8(ascii: " "), keepingEmpty: false)
            guard let first = words.first else { continue }
            let check = FieldCheck(key: String(decoding: first, as: UTF8.self), words: words.dropFirst(), patterns: patterns)
            keys.append(check.key)
            if check.isPersonalData { personalDataFields.append(check.key) }
            checks.append(check.isChecked ? check : nil)
            isChecked.append(check.isChecked)
        }
        self.keys = keys
        self.personalDataFields = personalDataFields
        self.checks = checks
        self.isChecked = isChecked
    }
}

/// One field of a ``LogPayloadLayout``: its key and constraints, read from its words, shared
/// by reference and read in place, so that checking a value retains nothing.
final class FieldCheck: Sendable {
    let key: String
    let maxLength: Int?
    let pattern: LogPattern?
    let minimum: Bound?
    let maximum: Bound?
    let maxCount: Int?
    /// Whether a value (each element of an array) has a constraint: a length, a pattern or a range.
    let constrainsElements: Bool
    /// Whether the field holds personal data (`pii`); not a constraint, so not checked.
    let isPersonalData: Bool

    /// A range bound as written: whole-number fields compare with `integer`, `!double`
    /// fields with `number`, `!real` fields with `real` (the `Float` nearest the text, read
    /// from the text itself).
    struct Bound: Sendable {
        var integer: Int64?
        var number: Double
        var real: Float

        /// A bound's text as generated code writes it (`1`, `0.3`, `-2.5e-07`).
        init(text: String, bytes: ArraySlice<UInt8>) {
            integer = wholeNumber(bytes)
            number = Double(text) ?? .nan
            // Read as a Float from the text, not narrowed from `number`: no double rounding.
            real = Float(text) ?? Float(number)
        }
    }

    /// The field `key` with the constraints of `words` (`maxLength=256`, `pii`, …).
    init(key: String, words: ArraySlice<ArraySlice<UInt8>>, patterns: [LogPattern]) {
        var maxLength: Int?
        var pattern: LogPattern?
        var minimum: Bound?
        var maximum: Bound?
        var maxCount: Int?
        var isPersonalData = false
        for word in words {
            let equals = word.firstIndex(of: UInt8(ascii: "="))
            let bytes = equals.map { word[($0 + 1)...] } ?? word[word.endIndex...]
            let value = String(decoding: bytes, as: UTF8.self)
            let whole = wholeNumber(bytes).flatMap { Int(exactly: $0) }
            switch String(decoding: word[..<(equals ?? word.endIndex)], as: UTF8.self) {
            case "pii" where equals == nil: isPersonalData = true
            case "maxLength" where whole != nil: maxLength = whole
            case "maxCount" where whole != nil: maxCount = whole
            case "pattern" where whole.map { patterns.indices.contains($0 - 1) } == true:
                pattern = patterns[whole! - 1]
            case "min" where Double(value) != nil: minimum = Bound(text: value, bytes: bytes)
            case "max" where Double(value) != nil: maximum = Bound(text: value, bytes: bytes)
            default:
                // Generated code never writes an invalid constraint; should one slip through,
                // debug builds stop and release builds leave the field unchecked.
                assertionFailure("invalid constraint '\(String(decoding: word, as: UTF8.self))' in the payload layout of '\(key)'; regenerate the code")
            }
        }
        self.key = key
        self.maxLength = maxLength
        self.pattern = pattern
        self.minimum = minimum
        self.maximum = maximum
        self.maxCount = maxCount
        self.isPersonalData = isPersonalData
        constrainsElements = maxLength != nil || pattern != nil || (minimum != nil && maximum != nil)
    }

    /// Whether the field has a check: a constraint on its value (or each element) or a count.
    var isChecked: Bool { constrainsElements || maxCount != nil }

    /// Whether `value` matches the field's pattern (`true` without one).
    func matchesPattern(_ value: String) -> Bool { pattern?.matches(value) ?? true }
}

/// The whole number `bytes` spell as `Int64(_:)` reads one (an optional sign, then decimal
/// digits; `nil` for anything else or out of range), without the standard library's generic
/// parser, which is 2 KB of code in every app for the few numbers a table holds.
private func wholeNumber(_ bytes: ArraySlice<UInt8>) -> Int64? {
    var digits = bytes
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    // Counted downwards, so that Int64.min, which has no positive twin, fits.
    var value: Int64 = 0
    for byte in digits {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
        let (next, overflowedAgain) = tens.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
        if overflowed || overflowedAgain { return nil }
        value = next
    }
    if negative { return value }
    return value == .min ? nil : -value
}

/// `bytes` cut at each `separator`, in order; empty pieces kept only when `keepingEmpty`.
/// Never inlined: the table is read once, and its three callers shared one copy.
@inline(never)
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
    /// The field's constraints are read through `check` (a class): a struct of them passed
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
