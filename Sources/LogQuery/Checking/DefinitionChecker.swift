import LogCore
import LogSchema
import LogStore

/// Checks stored logs against the Markdown definitions: is the tag defined and still in use,
/// does the payload (and the common payload) have exactly the defined fields, of the
/// defined types, within their constraints, and did the runtime record violations.
///
/// Patterns are matched with Swift's `Regex` against the whole text, as `loggen` validates
/// them and the generated code checks them. A `[pii]` field whose value is the runtime's
/// salted hash (`sha256:` and 32 hex digits) counts as redacted, not as a violation.
public struct DefinitionChecker {
    public let schema: Schema

    private struct EventDefinition {
        var category: Category
        var event: Event
        var fields: [String: FieldRule]
    }

    private struct FieldRule {
        var field: Field
        var pattern: Regex<AnyRegexOutput>?
        var enumCases: Set<String>?
    }

    private var events: [String: EventDefinition] = [:]
    private var categories: [String: Category] = [:]
    private var commonRules: [String: FieldRule] = [:]

    public init(schema: Schema) {
        self.schema = schema
        for category in schema.categories {
            categories[category.name] = category
            for event in category.events {
                events[event.tag(in: category)] = EventDefinition(
                    category: category, event: event, fields: Self.rules(category.fields(of: event), schema: schema))
            }
        }
        commonRules = Self.rules(schema.common, schema: schema)
    }

    private static func rules(_ fields: [Field], schema: Schema) -> [String: FieldRule] {
        var rules: [String: FieldRule] = [:]
        for field in fields where rules[field.name] == nil {
            let pattern = field.type.pattern.flatMap { try? RegexDialect.compile($0) }
            let enumCases: Set<String>? = {
                guard case .custom(let name) = field.type.scalar, let type = schema.enumType(named: name) else { return nil }
                return Set(type.cases.map(\.name))
            }()
            rules[field.name] = FieldRule(field: field, pattern: pattern, enumCases: enumCases)
        }
        return rules
    }

    /// Whether a tag names a defined event.
    public func defines(tag: String) -> Bool { events[tag] != nil }

    /// Every problem of one log, in the order found.
    public func check(_ log: LogRecordView) -> [CheckFinding] {
        check(log, decodedBody: JSONScanner(log.body).decodeDocument())
    }

    /// Every problem of one log whose body the caller already decoded (`nil` when it is not JSON).
    public func check(_ log: LogRecordView, decodedBody: JSONValue?) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        func report(_ kind: CheckFinding.Kind, _ message: String, _ location: SourceLocation?) {
            findings.append(
                CheckFinding(
                    kind: kind, sequence: log.sequence, microseconds: log.microseconds,
                    tag: log.tag, message: message, location: location))
        }

        guard let body = decodedBody, case .object = body else {
            report(.malformedLog, "the stored body is not a JSON object; it was not written by the BehaviorLog runtime", events[log.tag]?.event.location)
            return findings
        }

        guard let definition = events[log.tag] else {
            let category = String(log.category)
            if let known = categories[category] {
                let names = known.events.map(\.name).joined(separator: ", ")
                report(.unknownTag, "category \(category) defines no event '\(log.tag.dropFirst(category.count + 1))'; it defines \(names)", known.location)
            } else {
                report(
                    .unknownTag,
                    "no definition for the tag; add '## \(log.tag.split(separator: ".").dropFirst().joined(separator: "."))' to \(category).md, or fix the tag",
                    nil)
            }
            checkViolations(body, report: report, rules: [:])
            return findings
        }
        if definition.event.status == .obsolete {
            report(.obsoleteEvent, "the event is marked [obsolete] but is still sent", definition.event.location)
        }

        switch body["payload"] {
        case .object(let members)?:
            checkFields(
                members, rules: definition.fields, owner: "payload", ownerLocation: definition.event.location,
                ownerFields: definition.category.fields(of: definition.event), report: report)
        case nil:
            report(.malformedLog, "the envelope has no payload object", definition.event.location)
        case let other?:
            report(.malformedLog, "the payload is \(other.typeName), not an object", definition.event.location)
        }

        switch body["common"] {
        case .object(let members)?:
            if !schema.common.isEmpty || !members.isEmpty {
                checkFields(
                    members, rules: commonRules, owner: "common payload", ownerLocation: schema.common.first?.location, ownerFields: schema.common,
                    report: report)
            }
        case nil, .null?:
            if schema.common.contains(where: { !$0.isOptional && $0.status != .obsolete }) {
                report(.missingField, "the envelope has no common payload, but common.md defines required fields", schema.common.first?.location)
            }
        case let other?:
            report(.malformedLog, "the common payload is \(other.typeName), not an object", nil)
        }

        checkViolations(body, report: report, rules: definition.fields)
        return findings
    }

    private func checkViolations(_ body: JSONValue, report: (CheckFinding.Kind, String, SourceLocation?) -> Void, rules: [String: FieldRule]) {
        guard case .array(let violations)? = body["violations"] else { return }
        for violation in violations {
            guard case .string(let field)? = violation["field"] else {
                report(.recordedViolation, "the runtime recorded \(violation.jsonText)", nil)
                continue
            }
            let kind: String = if case .string(let text)? = violation["kind"] { text } else { "violation" }
            let detail: String = if case .string(let text)? = violation["detail"] { ": " + text } else { "" }
            let location: SourceLocation? =
                field.hasPrefix("common.")
                ? commonRules[String(field.dropFirst("common.".count))]?.field.location
                : rules[field]?.field.location
            report(.recordedViolation, "the runtime recorded \(kind) on \(field)\(detail)", location)
        }
    }

    private func checkFields(
        _ members: [JSONMember], rules: [String: FieldRule], owner: String, ownerLocation: SourceLocation?,
        ownerFields: [Field], report: (CheckFinding.Kind, String, SourceLocation?) -> Void
    ) {
        var present: [String: JSONValue] = [:]
        for member in members where present[member.key] == nil { present[member.key] = member.value }
        for member in members {
            guard let rule = rules[member.key] else {
                report(.unknownField, "the \(owner) has '\(member.key)', which the definition does not list", ownerLocation)
                continue
            }
            if rule.field.status == .obsolete && member.value != .null {
                report(.obsoleteField, "\(member.key) is marked [obsolete] but is still sent", rule.field.location)
                continue
            }
            check(member.value, of: rule, name: member.key, report: report)
        }
        for field in ownerFields where !field.isOptional && field.status != .obsolete {
            let value = present[field.name]
            if value == nil || value == .null {
                report(.missingField, "\(field.name) is required but \(value == nil ? "missing" : "null") in the \(owner)", field.location)
            }
        }
    }

    private func check(_ value: JSONValue, of rule: FieldRule, name: String, report: (CheckFinding.Kind, String, SourceLocation?) -> Void) {
        let field = rule.field
        if value == .null { return }  // missing-or-null is reported for required fields
        if field.type.isArray {
            guard case .array(let elements) = value else {
                report(.wrongType, "\(name) is \(Self.describe(value)), but the definition is an array of \(field.type.scalar.name)", field.location)
                return
            }
            if let maxCount = field.type.maxCount, elements.count > maxCount {
                report(.maxCount, "\(name) has \(elements.count) elements, limit \(maxCount)", field.location)
            }
            for (index, element) in elements.enumerated() {
                checkScalar(element, of: rule, name: "\(name)[\(index)]", report: report)
            }
        } else {
            checkScalar(value, of: rule, name: name, report: report)
        }
    }

    private func checkScalar(_ value: JSONValue, of rule: FieldRule, name: String, report: (CheckFinding.Kind, String, SourceLocation?) -> Void) {
        let type = rule.field.type
        let location = rule.field.location
        if rule.field.isPersonalData, case .string(let text) = value, Self.isRedactedHash(text) {
            return  // the runtime's PII filter replaced the value by its salted hash
        }
        func wrongType(_ expected: String) {
            report(.wrongType, "\(name) is \(Self.describe(value)), but the definition is \(expected)", location)
        }
        switch type.scalar {
        case .custom(let typeName):
            guard let cases = rule.enumCases else { return }  // an external type the app defines
            guard case .string(let text) = value else { return wrongType("the enum \(typeName)") }
            if !cases.contains(text) {
                report(.enumCase, "\(name) is '\(text)', not a case of \(typeName) (\(cases.sorted().joined(separator: ", ")))", location)
            }
            return
        case .builtin(let builtin):
            switch builtin {
            case .smallint, .integer, .bigint:
                let limits: ClosedRange<Int64> =
                    builtin == .smallint
                    ? Int64(Int16.min)...Int64(Int16.max)
                    : builtin == .integer ? Int64(Int32.min)...Int64(Int32.max) : Int64.min...Int64.max
                guard case .integer(let number) = value else { return wrongType("!\(builtin.rawValue), a whole number") }
                guard limits.contains(number) else {
                    return report(.wrongType, "\(name) is \(number), too large for !\(builtin.rawValue)", location)
                }
            case .real, .double:
                guard value.number != nil else { return wrongType("!\(builtin.rawValue), a number") }
            case .boolean:
                guard case .bool = value else { return wrongType("!boolean") }
            case .string:
                guard case .string = value else { return wrongType("!string") }
            case .date:
                guard case .string(let text) = value, let date = Self.date(text), date.isValidDate else {
                    return wrongType("!date, written YYYY-MM-DD")
                }
            case .timestamp, .timestamptz:
                guard case .string(let text) = value, TimeExpression(timeZone: .gmt).parseISO8601(text) != nil else {
                    return wrongType("!\(builtin.rawValue), an ISO 8601 time")
                }
            }
        }
        if let range = type.range, let number = value.number, !Self.isWithin(range, number, as: type.builtin) {
            report(.range, "\(name) is \(Self.describe(value)), outside \(range.min)..\(range.max)", location)
        }
        if case .string(let text) = value {
            if let maxLength = type.maxLength, text.utf8.count > maxLength {
                report(.maxLength, "\(name) is \(text.utf8.count) bytes, limit \(maxLength)", location)
            }
            if let pattern = rule.pattern, (try? pattern.wholeMatch(in: text)) == nil {
                report(.pattern, "\(name) is '\(TableFormatter.safe(text))', which does not match `\(type.pattern ?? "")`", location)
            }
        }
    }

    /// Whether a stored number is inside a field's range. A `!real` compares as the `Float`
    /// the app logged, as the runtime checks it: the stored number and the bounds are each
    /// read as the nearest `Float`, so `0.3` (written since 0.2.0) and `0.30000001192092896`
    /// (the `Double` widening written before) both pass `..0.3`.
    static func isWithin(_ range: NumericRange, _ number: Double, as builtin: BuiltinType?) -> Bool {
        if builtin == .real {
            let real = Float(number)
            return real >= Self.real(range.min) && real <= Self.real(range.max)
        }
        return number >= range.min.doubleValue && number <= range.max.doubleValue
    }

    private static func real(_ bound: NumberBound) -> Float {
        switch bound {
        case .integer(let value): Float(value)
        case .real(let value): Float(value)
        }
    }

    /// Whether text is a value hashed by the runtime's PII filter: `sha256:` and 32 hex digits.
    static func isRedactedHash(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 39, text.hasPrefix("sha256:") else { return false }
        return bytes[7...].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "'\(TableFormatter.safe(String(text.prefix(60))))'"
        case .integer, .double, .bool, .null: value.jsonText
        default: "an \(value.typeName)"
        }
    }

    /// A date as the runtime writes a `!date` (``ISO8601``, no time of day).
    private static func date(_ text: String) -> CivilTime? {
        guard let parsed = ISO8601.parse(text), !parsed.hasTimeOfDay else { return nil }
        return parsed.time
    }
}
