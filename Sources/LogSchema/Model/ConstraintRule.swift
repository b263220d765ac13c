/// One check a log of an event must pass to match its definition, in the one description
/// that both checkers render: `logview check` evaluates it in Swift (LogQuery's
/// `DefinitionChecker`), `loggen ddl --enforce` writes it as SQL for the warehouse
/// (LogWarehouse's `ClickHouseEnforcement`). Both take an event's rules in the order of
/// ``Schema/constraintRules(of:in:)`` and report the first one broken, by its ``name``.
public struct ConstraintRule: Hashable, Sendable {
    /// What a rule checks.
    public enum Check: Hashable, Sendable {
        /// The tag names an event that is defined and not obsolete.
        case tagDefined
        /// A value that is present has the field's type (for an array: is an array, and each
        /// element has the scalar type); a whole number fits the field's width.
        case type(FieldType)
        /// The value is present and not `null`.
        case required
        /// An array holds at most this many elements.
        case maxCount(Int)
        /// A number (each element of an array) is within the range, inclusive. A `!real`
        /// compares as the nearest `Float`, as the app logged it.
        case range(NumericRange, BuiltinType)
        /// Text (each element) is at most this many UTF-8 bytes.
        case maxLength(Int)
        /// Text (each element) matches the pattern as a whole (LogCore's `RegexDialect`).
        case pattern(String)
        /// Text (each element) is one of the enum's cases.
        case enumCase(type: String, cases: [String])

        /// The check's stable short name, the last part of ``ConstraintRule/name``.
        public var kind: String {
            switch self {
            case .tagDefined: "tag"
            case .type: "type"
            case .required: "required"
            case .maxCount: "count"
            case .range: "range"
            case .maxLength: "length"
            case .pattern: "pattern"
            case .enumCase: "enum"
            }
        }
    }

    /// Where a field's value is in the runtime's envelope.
    public enum Scope: String, Hashable, Sendable {
        /// The event's payload (its category's common fields and its own).
        case payload
        /// The common payload (`common.md`).
        case common
    }

    public var check: Check
    /// The field checked; `nil` for the tag.
    public var field: Field?
    public var scope: Scope

    public init(check: Check, field: Field?, scope: Scope = .payload) {
        self.check = check
        self.field = field
        self.scope = scope
    }

    /// Whether a value of the field that is the runtime's salted hash of personal data
    /// (`sha256:` and 32 lower-case hex digits) passes every check but ``Check/required``:
    /// the runtime's PII filter replaced the value the app logged.
    public var exemptsRedactedHash: Bool {
        guard let field, field.isPersonalData else { return false }
        switch check {
        case .tagDefined, .required: return false
        default: return true
        }
    }

    /// The rule's stable name, as the rejected table's `rejected_rule` column and
    /// `logview check --first-rule` print it: `tag`, `page:range`, `common.device_id:pattern`.
    public var name: String {
        guard let field else { return check.kind }
        return (scope == .common ? "common." : "") + field.name + ":" + check.kind
    }

    /// What the rule requires, for people: `page is within 1..1000`.
    public var requirement: String {
        let subject = (scope == .common ? "common." : "") + (field?.name ?? "")
        let each = field?.type.isArray == true ? "each element of " + subject : subject
        switch check {
        case .tagDefined:
            return "the tag names a defined event that is not obsolete"
        case .type(let type):
            var name = type.scalar.name
            if type.builtin != nil { name = "!" + name }
            return subject + " is " + (type.isArray ? "an array of " + name : name)
        case .required:
            return subject + " is present and not null"
        case .maxCount(let count):
            return subject + " has at most \(count) elements"
        case .range(let range, _):
            return each + " is within \(range.min)..\(range.max)"
        case .maxLength(let length):
            return each + " is at most \(length) bytes"
        case .pattern(let pattern):
            return each + " matches `" + pattern + "`"
        case .enumCase(let type, let cases):
            return each + " is a case of " + type + " (" + cases.joined(separator: ", ") + ")"
        }
    }
}

extension Schema {
    /// The rules a log of `event` must pass, in the order both checkers evaluate them:
    ///
    /// 1. the tag (``ConstraintRule/Check/tagDefined``);
    /// 2. the type of every field, payload fields first (the category's common fields, then
    ///    the event's, as written), then the common payload's: a value the warehouse column
    ///    cannot hold fails the whole insert before any other rule is evaluated, so types
    ///    come before everything else in both checkers;
    /// 3. per field, in the same order: required, array count, range, length, pattern, enum.
    ///
    /// Obsolete fields have no rules (they are not sent); a name listed twice counts once.
    public func constraintRules(of event: Event, in category: Category) -> [ConstraintRule] {
        var rules = [ConstraintRule(check: .tagDefined, field: nil)]
        var fields: [(Field, ConstraintRule.Scope)] = []
        var seen: Set<String> = []
        for field in category.fields(of: event) where field.status != .obsolete && seen.insert(field.name).inserted {
            fields.append((field, .payload))
        }
        seen = []
        for field in common where field.status != .obsolete && seen.insert(field.name).inserted {
            fields.append((field, .common))
        }
        for (field, scope) in fields {
            rules.append(ConstraintRule(check: .type(field.type), field: field, scope: scope))
        }
        for (field, scope) in fields {
            func add(_ check: ConstraintRule.Check) { rules.append(ConstraintRule(check: check, field: field, scope: scope)) }
            let type = field.type
            if !field.isOptional { add(.required) }
            if type.isArray, let maxCount = type.maxCount { add(.maxCount(maxCount)) }
            if let range = type.range, let builtin = type.builtin, builtin.isNumeric { add(.range(range, builtin)) }
            if let maxLength = type.maxLength { add(.maxLength(maxLength)) }
            if let pattern = type.pattern { add(.pattern(pattern)) }
            if case .custom(let name) = type.scalar, let declared = enumType(named: name) {
                add(.enumCase(type: name, cases: declared.cases.map(\.name)))
            }
        }
        return rules
    }
}
