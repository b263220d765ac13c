import LogSchema

/// The definitions enforced where the logs land (`loggen ddl --enforce`): apps insert into
/// `<table>_ingest` (engine `Null`), and materialized views move each row into `<table>`
/// when it passes every ``ConstraintRule`` of its event, into `<table>_rejected` with the
/// first rule it breaks (`rejected_rule`, the rule's name as `logview check --first-rule`
/// prints it) otherwise.
///
/// The objects, for a table `logs`:
/// - `logs_ingest`: the same column names as `logs`, typed so that the views can see what
///   `logs` would hide: every field's column `Nullable` (a missing value is `NULL`, not `0`),
///   whole numbers `Int64` (a value too wide for `!smallint` is seen, not wrapped), enums
///   `String` (an unknown case is seen, not refused with the whole insert);
/// - `logs_checked` (`Null`) and the view `logs_check_mv`, which computes `rejected_rule` once
///   per row (`''` when none is broken);
/// - `logs_accept_mv` into `logs` (casting each column to its type) and `logs_reject_mv` into
///   `logs_rejected` (`rejected_rule`, then the ingest table's columns), both reading the
///   check view.
///
/// The cluster form creates every object `ON CLUSTER`; `logs_rejected` is then a
/// `Distributed` table over `logs_rejected_local`, and the accepted rows go through the
/// `Distributed` `logs`, each to the shard of its UUID.
///
/// What SQL cannot see is said where it applies: a value the ingest column's type cannot hold
/// (text for a number, a number for text on 18.16, a malformed date) fails the whole insert
/// before any rule runs (the server answers with the column's name, and `ClickHouseBackend` sets
/// the chunk aside), which is why types come first in the rules' order; a missing required
/// array reads as `[]`.
public struct ClickHouseEnforcement {
    public let table: ClickHouseTable
    public let schema: Schema
    public let cluster: ClickHouseCluster?
    /// Patterns the warehouse may decide differently on some text than Swift (`\d`, `.`, …),
    /// one warning each, at the field.
    public private(set) var warnings: [Diagnostic] = []
    private var patterns: [String: ClickHousePattern] = [:]

    /// The name of the rejected table's column that holds the first broken rule.
    public static let ruleColumn = "rejected_rule"

    /// - Throws: `WarehouseError` for a pattern RE2 cannot express, or a field named like
    ///   ``ruleColumn``.
    public init(schema: Schema, table: ClickHouseTable, cluster: ClickHouseCluster? = nil) throws(WarehouseError) {
        self.schema = schema
        self.table = table
        self.cluster = cluster
        var errors: [Diagnostic] = []
        if let column = table.column(named: Self.ruleColumn) {
            errors.append(.error("field '\(column.name)' has the name of the rejected table's rule column; rename the field", at: column.location))
        }
        for category in schema.categories {
            for event in category.events where event.status != .obsolete {
                for rule in schema.constraintRules(of: event, in: category) {
                    guard case .pattern(let source) = rule.check, patterns[source] == nil else { continue }
                    do {
                        let pattern = try ClickHousePattern(source)
                        patterns[source] = pattern
                        if let difference = pattern.difference {
                            warnings.append(
                                .warning(
                                    "the warehouse checks pattern `\(source)` with RE2, which differs from Swift on some text: \(difference)",
                                    at: rule.field?.location))
                        }
                    } catch {
                        errors.append(
                            .error(
                                "pattern `\(source)` cannot be enforced in the warehouse: \(error.reason); simplify the pattern or leave out --enforce",
                                at: rule.field?.location))
                    }
                }
            }
        }
        if !errors.isEmpty { throw WarehouseError(errors) }
    }

    // MARK: Names

    private func name(_ suffix: String) -> String {
        ClickHouseTable(name: table.name + suffix, columns: []).qualifiedName
    }

    private var onCluster: String { cluster?.onCluster ?? "" }

    // MARK: Statements

    /// The statements after the events table's `CREATE TABLE`, one per `;` at a line's end.
    public func statements() -> String {
        let ingest = ingestColumns
        let ruleType: ClickHouseType = table.dialect == .clickhouse ? .string : .lowCardinality(.string)
        let checked = [WarehouseColumn(name: Self.ruleColumn, type: ruleType, comment: "", role: .envelope)] + ingest
        var lines: [String] = []
        lines.append("-- The definitions enforced (loggen ddl --enforce): apps insert into \(name("_ingest")); rows that match")
        lines.append("-- their definition move to \(table.qualifiedName), the others to \(name("_rejected")) with the first broken rule.")
        lines.append(create(name("_ingest"), ingest, engine: ["ENGINE = Null;"]))
        lines.append(create(name("_checked"), checked, engine: ["ENGINE = Null;"]))
        let sorting = "ORDER BY (\(Self.ruleColumn), \(EnvelopeColumns.sortingKey.joined(separator: ", ")));"
        if let cluster {
            let local = table.name + "_rejected" + ClickHouseCluster.localSuffix
            let engine =
                cluster.isReplicated
                ? "ENGINE = ReplicatedReplacingMergeTree(\(ClickHouseSQL.literal("/clickhouse/tables/{shard}/\(local)")), '{replica}')"
                : "ENGINE = ReplacingMergeTree"
            lines.append(
                create(name("_rejected" + ClickHouseCluster.localSuffix), checked, engine: [engine, "PARTITION BY \(EnvelopeColumns.partitionKey)", sorting]))
            let parts = local.split(separator: ".")
            let database = parts.count == 2 ? ClickHouseSQL.identifier(String(parts[0])) : "currentDatabase()"
            lines.append("CREATE TABLE \(name("_rejected"))\(onCluster) AS \(name("_rejected" + ClickHouseCluster.localSuffix))")
            lines.append(
                "ENGINE = Distributed(\(ClickHouseSQL.identifier(cluster.name)), \(database), "
                    + "\(ClickHouseSQL.identifier(String(parts.last!))), \(ClickHouseCluster.shardingKey));")
        } else {
            lines.append(create(name("_rejected"), checked, engine: ["ENGINE = ReplacingMergeTree", "PARTITION BY \(EnvelopeColumns.partitionKey)", sorting]))
        }
        lines.append("CREATE MATERIALIZED VIEW \(name("_check_mv"))\(onCluster) TO \(name("_checked")) AS")
        lines.append("SELECT")
        lines.append("    " + ruleExpression() + " AS \(Self.ruleColumn),")
        lines.append("    *")
        lines.append("FROM \(name("_ingest"));")
        // 18.16 runs the views of a table an insert names, not those of a view's target: its
        // chained views read the check view itself. Today's servers run the target's views.
        let checkedSource = table.dialect == .clickhouse ? name("_check_mv") : name("_checked")
        lines.append("CREATE MATERIALIZED VIEW \(name("_accept_mv"))\(onCluster) TO \(table.qualifiedName) AS")
        lines.append("SELECT")
        let casts = zip(table.columns, ingest).map { "    " + Self.cast($0.0, from: $0.1) }
        lines.append(casts.joined(separator: ",\n"))
        lines.append("FROM \(checkedSource)")
        lines.append("WHERE \(Self.ruleColumn) = '';")
        lines.append("CREATE MATERIALIZED VIEW \(name("_reject_mv"))\(onCluster) TO \(name("_rejected")) AS")
        lines.append("SELECT *")
        lines.append("FROM \(checkedSource)")
        lines.append("WHERE \(Self.ruleColumn) != '';")
        return lines.joined(separator: "\n") + "\n"
    }

    private func create(_ name: String, _ columns: [WarehouseColumn], engine: [String]) -> String {
        var lines = ["CREATE TABLE \(name)\(onCluster)", "("]
        for (index, column) in columns.enumerated() {
            lines.append("    " + column.definition(withComment: false) + (index == columns.count - 1 ? "" : ","))
        }
        lines.append(")")
        lines += engine
        return lines.joined(separator: "\n")
    }

    // MARK: Columns

    /// The ingest table's columns: the events table's, with every field's column widened.
    var ingestColumns: [WarehouseColumn] {
        table.columns.map { column in
            switch column.role {
            case .envelope, .milliseconds(of: "time"): return column
            default: break
            }
            var widened = column
            widened.type = Self.ingestType(column.type)
            return widened
        }
    }

    static func ingestType(_ type: ClickHouseType) -> ClickHouseType {
        switch type {
        case .nullable(let wrapped), .lowCardinality(let wrapped): ingestType(wrapped)
        case .array(let element): .array(widened(element))
        default: .nullable(widened(type))
        }
    }

    private static func widened(_ type: ClickHouseType) -> ClickHouseType {
        switch type {
        case .int16, .int32, .int64: .int64
        case .enumeration: .string
        case .nullable(let wrapped), .lowCardinality(let wrapped): widened(wrapped)
        default: type
        }
    }

    /// The accept view's expression of a column: the ingest value as the events table's type.
    static func cast(_ column: WarehouseColumn, from ingest: WarehouseColumn) -> String {
        let name = ClickHouseSQL.identifier(column.name)
        if case .nested(let members) = column.type {  // selected member by member: `violations.field`, …
            return members.map { name + "." + ClickHouseSQL.identifier($0.name) }.joined(separator: ", ")
        }
        guard column.type != ingest.type else { return name }
        var value = name
        if case .nullable = ingest.type, !isNullable(column.type) {
            // A field another event has: the type's default, as an insert leaves it.
            if case .enumeration(let cases) = column.type, let first = cases.first {
                value = "ifNull(\(name), \(ClickHouseSQL.literal(first.name)))"
            } else {
                value = "assumeNotNull(\(name))"
            }
        }
        return "CAST(\(value), \(ClickHouseSQL.literal(column.type.description))) AS \(name)"
    }

    private static func isNullable(_ type: ClickHouseType) -> Bool {
        switch type {
        case .nullable: true
        case .lowCardinality(let wrapped): isNullable(wrapped)
        default: false
        }
    }

    // MARK: Rules

    /// `multiIf(<tag undefined>, 'tag', <event 1>, multiIf(<broken>, '<rule>', …, ''), …, '')`.
    func ruleExpression() -> String {
        var defined: [(Category, Event)] = []
        for category in schema.categories {
            for event in category.events where event.status != .obsolete { defined.append((category, event)) }
        }
        let tags = defined.map { "(\(ClickHouseSQL.literal($0.0.name)), \(ClickHouseSQL.literal($0.1.name)))" }
        guard !tags.isEmpty else { return "'tag'" }
        var arguments = ["(event_category, event_name) NOT IN (\(tags.joined(separator: ", ")))", "'tag'"]
        for (category, event) in defined {
            let broken = schema.constraintRules(of: event, in: category).compactMap { rule in
                brokenCondition(rule).map { ($0, ClickHouseSQL.literal(rule.name)) }
            }
            arguments.append("event_category = \(ClickHouseSQL.literal(category.name)) AND event_name = \(ClickHouseSQL.literal(event.name))")
            arguments.append(
                broken.isEmpty
                    ? "''"
                    : "multiIf(\n            " + broken.map { "\($0.0), \($0.1)" }.joined(separator: ",\n            ") + ",\n            '')")
        }
        arguments.append("''")
        return "multiIf(\n        " + arguments.joined(separator: ",\n        ") + ")"
    }

    /// When a row breaks the rule, in SQL over the ingest columns; `nil` when SQL does not
    /// check it (the column's type does, or it cannot be seen).
    func brokenCondition(_ rule: ConstraintRule) -> String? {
        guard let field = rule.field else { return nil }
        let column = ClickHouseSQL.identifier(field.name)
        let isArray = field.type.isArray
        // The broken condition of one value, `v` in an array's lambda.
        let element: (String) -> String
        switch rule.check {
        case .tagDefined:
            return nil
        case .required:
            return isArray ? nil : "isNull(\(column))"  // a missing array reads as []
        case .maxCount(let count):
            return "length(\(column)) > \(count)"
        case .type(let type):
            switch type.builtin {
            case .smallint?: element = { "NOT (\($0) >= \(Int16.min) AND \($0) <= \(Int16.max))" }
            case .integer?: element = { "NOT (\($0) >= \(Int32.min) AND \($0) <= \(Int32.max))" }
            case .boolean?: element = { "\($0) > 1" }  // UInt8 reads 2; 0 and 1 pass for false and true
            default: return nil  // the ingest column's type refuses the insert
            }
        case .range(let range, let builtin):
            let bound = { (bound: NumberBound) in builtin == .real ? "toFloat32(\(bound))" : bound.description }
            element = { "NOT (\($0) >= \(bound(range.min)) AND \($0) <= \(bound(range.max)))" }
        case .maxLength(let length):
            element = { "length(\($0)) > \(length)" }
        case .pattern(let source):
            guard let pattern = patterns[source] else { return nil }
            element = { "NOT match(\($0), \(ClickHouseSQL.literal(pattern.re2)))" }
        case .enumCase(_, let cases):
            element = { "NOT has([\(cases.map(ClickHouseSQL.literal).joined(separator: ", "))], \($0))" }
        }
        var predicate = element
        if rule.exemptsRedactedHash, field.type.builtin == .string || field.type.builtin == nil {
            predicate = { element($0) + " AND NOT match(\($0), '^sha256:[0-9a-f]{32}$')" }
        }
        if isArray { return "arrayExists(v -> \(predicate("v")), \(column))" }
        return "isNotNull(\(column)) AND " + predicate("assumeNotNull(\(column))")
    }
}

extension WarehouseDialect {
    /// The events table and, after it, the objects that enforce the definitions
    /// (``ClickHouseEnforcement``), with the warnings for patterns the warehouse may decide
    /// differently from Swift on some text.
    /// - Throws: `WarehouseError` when a field cannot become a column or a pattern cannot be enforced.
    public func enforcedTables(
        for schema: Schema, table: String, cluster: ClickHouseCluster? = nil, source: String
    ) throws(WarehouseError) -> (sql: String, warnings: [Diagnostic]) {
        let events = try ClickHouseTable(schema: schema, name: table, dialect: self)
        let enforcement = try ClickHouseEnforcement(schema: schema, table: events, cluster: cluster)
        return (events.createStatement(source: source, cluster: cluster) + enforcement.statements(), enforcement.warnings)
    }
}
