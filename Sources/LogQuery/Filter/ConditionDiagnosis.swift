import LogSchema

/// Why a query's `--where` conditions can match nothing, when the store (and the
/// definitions, when given) show a reason: a field that no log selected by the other filters
/// has and no definition declares (`nosuchfield=3`), or a comparison with text on a field
/// that holds numbers (`price=abc`).
///
/// It is asked only after a query returned nothing, so the logs it reads (those the tags and
/// the time window select, all of them at most once) cost nothing when something matched.
public struct ConditionDiagnosis: Sendable {
    /// The definitions, when the command has them (`logview check`).
    public var schema: Schema?

    public init(schema: Schema? = nil) {
        self.schema = schema
    }

    /// One line per condition that cannot match, each saying why and what to write instead
    /// (without the `warning:` prefix); empty when nothing visible explains the empty result.
    public func warnings(for query: LogQuery, in store: StoreQuery) throws -> [String] {
        let conditions = query.conditions.filter(\.needsField)
        guard !conditions.isEmpty else { return [] }
        var scope = query
        scope.conditions = []
        scope.limit = nil
        scope.fromStart = false
        scope.newestFirst = false

        var present = Array(repeating: false, count: conditions.count)
        var numbers = Array(repeating: false, count: conditions.count)
        var other = Array(repeating: false, count: conditions.count)
        var logCount = 0
        try store.forEach(scope) { log in
            logCount += 1
            var explained = true
            for (index, condition) in conditions.enumerated() {
                switch condition.content(of: log) {
                case .absent: break
                case .empty: present[index] = true
                case .numbers: present[index] = true; numbers[index] = true
                case .other: present[index] = true; other[index] = true
                }
                // Nothing more to learn once a field is seen, and seen holding a non-number.
                if !present[index] || (condition.cannotMatchNumbers && !other[index]) { explained = false }
            }
            return !explained
        }

        var warnings: [String] = []
        for (index, condition) in conditions.enumerated() {
            let declared = schema.flatMap { declaredFields(condition.path, in: $0) }
            if !present[index] {
                if let declared, !declared.isEmpty {
                    if condition.cannotMatchNumbers && declared.allSatisfy(Self.holdsNumbers) {
                        warnings.append(numberWarning(condition, holder: "the definitions declare '\(condition.path)' a number"))
                    }
                    continue
                }
                guard logCount > 0 || declared != nil else { continue }
                var reasons: [String] = []
                if logCount > 0 {
                    reasons.append("none of the \(logCount) \(logCount == 1 ? "log" : "logs") the other filters select has a field '\(condition.path)'")
                }
                if declared != nil {
                    reasons.append(logCount > 0 ? "no definition declares one" : "no definition declares a field '\(condition.path)'")
                }
                var warning = "--where '\(condition.text)' cannot match: \(reasons.joined(separator: " and "))"
                if case .body(.payload, _) = condition.path {
                    warning += "; a bare name is a payload field (keyword=egg), a common one is common.NAME"
                }
                warnings.append(warning)
            } else if condition.cannotMatchNumbers && numbers[index] && !other[index] {
                warnings.append(numberWarning(condition, holder: "'\(condition.path)' holds numbers in every log that has it"))
            }
        }
        return warnings
    }

    private func numberWarning(_ condition: WhereExpression, holder: String) -> String {
        "--where '\(condition.text)' cannot match: \(holder), and '\(condition.value)' is not a number; "
            + "compare with a number, such as \(condition.path)\(condition.operator.rawValue)10"
    }

    /// The fields of the definitions a path names (a payload field of any event, or a
    /// common field), empty when none; `nil` for a path the definitions do not describe
    /// (inside `violations`, or deeper than a field).
    private func declaredFields(_ path: FieldPath, in schema: Schema) -> [Field]? {
        guard case .body(let key, let names) = path, names.count == 1 else { return nil }
        let name = names[0]
        switch key {
        case .payload:
            return schema.categories.flatMap { category in
                category.common.filter { $0.name == name } + category.events.flatMap { $0.fields.filter { $0.name == name } }
            }
        case .common:
            return schema.common.filter { $0.name == name }
        case .schema, .violations:
            return nil
        }
    }

    private static func holdsNumbers(_ field: Field) -> Bool {
        field.type.builtin?.isNumeric ?? false
    }
}
