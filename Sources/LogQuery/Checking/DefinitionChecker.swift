import LogCore
import LogCoreTools
import LogSchema
import LogStore

/// Checks stored logs against the Markdown definitions: is the tag defined and still in use,
/// does the payload (and the common payload) have exactly the defined fields, of the
/// defined types, within their constraints, and did the runtime record violations.
///
/// The checks of a defined event are its `ConstraintRule`s (LogSchema's one description,
/// which `loggen ddl --enforce` renders as SQL for the warehouse), evaluated in their order;
/// ``firstBrokenRule(_:)`` names the first one a log breaks, as the warehouse's
/// `<table>_rejected` does. Unknown and obsolete fields, recorded violations and malformed
/// bodies are findings of no rule (the warehouse's columns cannot see them).
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
        var rules: [CompiledRule]
    }

    private struct FieldRule {
        var field: Field
    }

    /// A rule with what its evaluation needs prepared.
    private struct CompiledRule {
        var rule: ConstraintRule
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
                let rules = schema.constraintRules(of: event, in: category).map { rule in
                    var compiled = CompiledRule(rule: rule)
                    switch rule.check {
                    case .pattern(let pattern): compiled.pattern = try? RegexDialect.compile(pattern)
                    case .enumCase(_, let cases): compiled.enumCases = Set(cases)
                    default: break
                    }
                    return compiled
                }
                events[event.tag(in: category)] = EventDefinition(
                    category: category, event: event, fields: Self.rules(category.fields(of: event)), rules: rules)
            }
        }
        commonRules = Self.rules(schema.common)
    }

    private static func rules(_ fields: [Field]) -> [String: FieldRule] {
        var rules: [String: FieldRule] = [:]
        for field in fields where rules[field.name] == nil { rules[field.name] = FieldRule(field: field) }
        return rules
    }

    /// Whether a tag names a defined event.
    public func defines(tag: String) -> Bool { events[tag] != nil }

    /// The rules a log with this tag must pass, in order; for a tag that names no event, the
    /// tag's rule alone.
    public func rules(forTag tag: String) -> [ConstraintRule] {
        events[tag]?.rules.map(\.rule) ?? [ConstraintRule(check: .tagDefined, field: nil)]
    }

    /// The first rule of its event that a log breaks, or `nil` when it breaks none (a log can
    /// still have findings of no rule: an unknown field, a recorded violation…).
    public func firstBrokenRule(_ log: LogRecordView) -> ConstraintRule? {
        check(log).lazy.compactMap(\.rule).first.flatMap { name in rules(forTag: log.tag).first { $0.name == name } }
    }

    /// Every problem of one log, in the order found.
    public func check(_ log: LogRecordView) -> [CheckFinding] {
        check(log, decodedBody: JSONScanner(log.body).decodeDocument())
    }

    /// Every problem of one log whose body the caller already decoded (`nil` when it is not JSON).
    ///
    /// The order: the tag's, then the findings of the event's rules in the rules' order, then
    /// unknown and obsolete fields, then the violations the runtime recorded.
    public func check(_ log: LogRecordView, decodedBody: JSONValue?) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        func report(_ kind: CheckFinding.Kind, _ message: String, _ location: SourceLocation?, _ rule: ConstraintRule? = nil) {
            findings.append(
                CheckFinding(
                    kind: kind, sequence: log.sequence, microseconds: log.microseconds,
                    tag: log.tag, message: message, location: location, rule: rule?.name))
        }
        let tagRule = ConstraintRule(check: .tagDefined, field: nil)

        guard let body = decodedBody, case .object = body else {
            report(.malformedLog, "the stored body is not a JSON object; it was not written by the BehaviorLog runtime", events[log.tag]?.event.location)
            return findings
        }

        guard let definition = events[log.tag] else {
            let category = String(log.category)
            if let known = categories[category] {
                let names = known.events.map(\.name).joined(separator: ", ")
                report(
                    .unknownTag, "category \(category) defines no event '\(log.tag.dropFirst(category.count + 1))'; it defines \(names)", known.location,
                    tagRule)
            } else {
                report(
                    .unknownTag,
                    "no definition for the tag; add '## \(log.tag.split(separator: ".").dropFirst().joined(separator: "."))' to \(category).md, or fix the tag",
                    nil, tagRule)
            }
            checkViolations(body, report: { report($0, $1, $2) }, rules: [:])
            return findings
        }
        if definition.event.status == .obsolete {
            report(.obsoleteEvent, "the event is marked [obsolete] but is still sent", definition.event.location, tagRule)
        }

        var payload: [JSONMember]?
        switch body["payload"] {
        case .object(let members)?: payload = members
        case nil: report(.malformedLog, "the envelope has no payload object", definition.event.location)
        case let other?: report(.malformedLog, "the payload is \(other.typeName), not an object", definition.event.location)
        }
        var common: [JSONMember]?
        var commonIsMissing = false
        switch body["common"] {
        case .object(let members)?: common = members
        case nil, .null?: commonIsMissing = true
        case let other?: report(.malformedLog, "the common payload is \(other.typeName), not an object", nil)
        }

        let payloadValues = Self.firstValues(payload ?? [])
        let commonValues = Self.firstValues(common ?? [])
        var reportedMissingCommon = false
        for compiled in definition.rules.dropFirst() {
            let rule = compiled.rule
            guard let field = rule.field else { continue }
            let owner = rule.scope == .common ? "common payload" : "payload"
            if rule.scope == .payload ? payload == nil : common == nil {
                // A payload that is not an object was reported above; a missing common payload once.
                if rule.scope == .common, commonIsMissing, case .required = rule.check, !reportedMissingCommon {
                    reportedMissingCommon = true
                    report(.missingField, "the envelope has no common payload, but common.md defines required fields", schema.common.first?.location, rule)
                }
                continue
            }
            let value = (rule.scope == .common ? commonValues : payloadValues)[field.name]
            evaluate(compiled, value: value, owner: owner) { kind, message in report(kind, message, field.location, rule) }
        }

        if let payload {
            reportUnlisted(payload, rules: definition.fields, owner: "payload", ownerLocation: definition.event.location) { report($0, $1, $2) }
        }
        if let common {
            reportUnlisted(common, rules: commonRules, owner: "common payload", ownerLocation: schema.common.first?.location) { report($0, $1, $2) }
        }
        checkViolations(body, report: { report($0, $1, $2) }, rules: definition.fields)
        return findings
    }

    /// Each key's first value.
    private static func firstValues(_ members: [JSONMember]) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for member in members where values[member.key] == nil { values[member.key] = member.value }
        return values
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

    /// Members the definition does not list, and obsolete fields still sent.
    private func reportUnlisted(
        _ members: [JSONMember], rules: [String: FieldRule], owner: String, ownerLocation: SourceLocation?,
        report: (CheckFinding.Kind, String, SourceLocation?) -> Void
    ) {
        for member in members {
            guard let rule = rules[member.key] else {
                report(.unknownField, "the \(owner) has '\(member.key)', which the definition does not list", ownerLocation)
                continue
            }
            if rule.field.status == .obsolete && member.value != .null {
                report(.obsoleteField, "\(member.key) is marked [obsolete] but is still sent", rule.field.location)
            }
        }
    }

    /// Evaluates one rule on a field's value (`nil` when missing), reporting each way it is broken.
    private func evaluate(_ compiled: CompiledRule, value: JSONValue?, owner: String, report: (CheckFinding.Kind, String) -> Void) {
        let rule = compiled.rule
        let field = rule.field!
        let name = field.name
        if case .required = rule.check {
            if value == nil || value == .null {
                report(.missingField, "\(name) is required but \(value == nil ? "missing" : "null") in the \(owner)")
            }
            return
        }
        guard let value, value != .null else { return }  // missing-or-null is the required rule's
        // The elements the rule applies to, each with its name in messages.
        var elements: [(String, JSONValue)]
        if field.type.isArray {
            guard case .array(let items) = value else {
                if case .type = rule.check {
                    report(.wrongType, "\(name) is \(Self.describe(value)), but the definition is an array of \(field.type.scalar.name)")
                }
                return
            }
            if case .maxCount(let maxCount) = rule.check {
                if items.count > maxCount { report(.maxCount, "\(name) has \(items.count) elements, limit \(maxCount)") }
                return
            }
            elements = items.enumerated().map { ("\(name)[\($0.offset)]", $0.element) }
        } else {
            elements = [(name, value)]
        }
        if rule.exemptsRedactedHash {
            // The runtime's PII filter replaced the value by its salted hash.
            elements.removeAll { if case .string(let text) = $0.1 { Self.isRedactedHash(text) } else { false } }
        }
        for (elementName, element) in elements {
            let typeProblem = Self.typeProblem(of: element, in: field.type, enumerated: compiled.enumCases != nil || isEnum(field.type))
            if case .type = rule.check {
                if let typeProblem { report(typeProblem.kind, "\(elementName) \(typeProblem.message)") }
                continue
            }
            guard typeProblem == nil else { continue }  // the type rule reported it
            switch rule.check {
            case .range(let range, let builtin):
                if let number = element.number, !Self.isWithin(range, number, as: builtin) {
                    report(.range, "\(elementName) is \(Self.describe(element)), outside \(range.min)..\(range.max)")
                }
            case .maxLength(let maxLength):
                if case .string(let text) = element, text.utf8.count > maxLength {
                    report(.maxLength, "\(elementName) is \(text.utf8.count) bytes, limit \(maxLength)")
                }
            case .pattern(let source):
                if case .string(let text) = element, let pattern = compiled.pattern, (try? pattern.wholeMatch(in: text)) == nil {
                    report(.pattern, "\(elementName) is '\(TableFormatter.safe(text))', which does not match `\(source)`")
                }
            case .enumCase(let typeName, _):
                if case .string(let text) = element, let cases = compiled.enumCases, !cases.contains(text) {
                    report(.enumCase, "\(elementName) is '\(text)', not a case of \(typeName) (\(cases.sorted().joined(separator: ", ")))")
                }
            case .tagDefined, .type, .required, .maxCount:
                break
            }
        }
    }

    private func isEnum(_ type: FieldType) -> Bool {
        if case .custom(let name) = type.scalar { return schema.enumType(named: name) != nil }
        return false
    }

    /// Why a scalar value does not have its type (`is '2', but the definition is !integer`), or `nil`.
    private static func typeProblem(of value: JSONValue, in type: FieldType, enumerated: Bool) -> (kind: CheckFinding.Kind, message: String)? {
        func wrongType(_ expected: String) -> (CheckFinding.Kind, String) {
            (.wrongType, "is \(describe(value)), but the definition is \(expected)")
        }
        switch type.scalar {
        case .custom(let typeName):
            guard enumerated else { return nil }  // an external type the app defines
            guard case .string = value else { return wrongType("the enum \(typeName)") }
            return nil
        case .builtin(let builtin):
            switch builtin {
            case .smallint, .integer, .bigint:
                let limits: ClosedRange<Int64> =
                    builtin == .smallint
                    ? Int64(Int16.min)...Int64(Int16.max)
                    : builtin == .integer ? Int64(Int32.min)...Int64(Int32.max) : Int64.min...Int64.max
                guard case .integer(let number) = value else { return wrongType("!\(builtin.rawValue), a whole number") }
                guard limits.contains(number) else { return (.wrongType, "is \(number), too large for !\(builtin.rawValue)") }
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
            return nil
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
