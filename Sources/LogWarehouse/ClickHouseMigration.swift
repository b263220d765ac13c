import LogSchema

/// The `ALTER TABLE` statements that take a table made from older definitions to the table
/// of newer ones, when that can be done without losing or reinterpreting data.
///
/// What is refused is decided by ``SchemaEvolution``, the rule set `loggen diff` prints: every
/// change it marks ``DefinitionChange/breaksWarehouse`` (a column's type changed, a field
/// became required while its column holds NULLs, enum cases removed or reordered, an enum
/// grown past Enum8), with the same message. The rest becomes statements: new columns (added
/// after the column they follow in the new table, so a migrated table has the column order of
/// a new one); `Nullable` for a field that became optional; enum cases appended at the end;
/// changed descriptions (comments). Columns whose fields left the definitions are kept, never
/// dropped.
public struct ClickHouseMigration: Sendable {
    /// The statements, in order; empty when the tables already match.
    public var statements: [String]
    /// Statements to run on every server of the cluster, after ``statements``, one server at a
    /// time: the `Distributed` table's ALTERs on a replicated cluster of 18.16, which refuses them
    /// `ON CLUSTER` ("Table logs isn't replicated, but shard #1 is replicated according to its
    /// cluster definition"; checked on a real cluster). Empty otherwise.
    public var everyServerStatements: [String] = []
    /// Columns of the old table that the new definitions no longer fill; they are kept.
    public var retainedColumns: [String]

    /// - Parameters:
    ///   - old: The definitions the table was made from.
    ///   - new: The definitions to migrate it to.
    ///   - table: The table's name, `table` or `database.table`.
    ///   - dialect: The servers the table was made for.
    ///   - cluster: The cluster of a table in the cluster form (``ClickHouseCluster``): each
    ///     statement runs `ON CLUSTER`, first on the shards' tables, then on the `Distributed` one.
    /// - Throws: `WarehouseError` listing every change that cannot be migrated, as
    ///   `SchemaEvolution` words it (or why either side cannot become a table).
    public init(
        from old: Schema, to new: Schema, table: String = "logs", dialect: WarehouseDialect = .clickhouse,
        cluster: ClickHouseCluster? = nil
    ) throws(WarehouseError) {
        var refused = SchemaEvolution.changes(from: old, to: new).filter(\.breaksWarehouse)
        if dialect == .clickhouse24 {
            // Enums are LowCardinality(String) there: a case is stored by name, not by number.
            refused.removeAll { [.enumCaseRemoved, .enumCaseMoved, .enumWidened].contains($0.rule) }
        }
        if !refused.isEmpty { throw WarehouseError(refused.map(\.diagnostic)) }
        try self.init(
            from: ClickHouseTable(schema: old, name: table, dialect: dialect),
            to: ClickHouseTable(schema: new, name: table, dialect: dialect), cluster: cluster)
    }

    /// The statements between two tables whose column changes ``SchemaEvolution`` allowed.
    private init(from old: ClickHouseTable, to new: ClickHouseTable, cluster: ClickHouseCluster?) throws(WarehouseError) {
        // The changes, each as the part after `ALTER TABLE <table>`.
        var statements: [String] = []
        var diagnostics: [Diagnostic] = []
        var previous: String?
        for column in new.columns {
            defer { previous = column.name }
            guard let before = old.column(named: column.name) else {
                let position = previous.map { " AFTER \(ClickHouseSQL.identifier($0))" } ?? " FIRST"
                statements.append("ADD COLUMN \(ClickHouseSQL.identifier(column.name)) \(column.type)\(position);")
                // A comment goes in its own statement: 18.16 ignores COMMENT in ADD and MODIFY COLUMN.
                if !column.comment.isEmpty { statements.append(Self.comment(column)) }
                continue
            }
            if before.type != column.type {
                // Unreachable for payload columns (the rule set reports each of these), kept so
                // that no statement can ever reinterpret a column.
                if let reason = Self.refusal(from: before.type, to: column.type) {
                    diagnostics.append(
                        .error(
                            "column '\(column.name)' cannot change from \(before.type) to \(column.type): \(reason)",
                            at: column.location))
                    continue
                }
                statements.append("MODIFY COLUMN \(ClickHouseSQL.identifier(column.name)) \(column.type);")
            }
            if before.comment != column.comment || (before.type != column.type && !column.comment.isEmpty) {
                statements.append(Self.comment(column))
            }
        }
        if !diagnostics.isEmpty { throw WarehouseError(diagnostics) }
        if let cluster {
            if cluster.dropsComments(in: new.dialect) { statements.removeAll { $0.hasPrefix("COMMENT COLUMN ") } }
            // The shards' tables first, so that the Distributed table never names a column they lack.
            let local = new.localName.qualified + cluster.onCluster
            let distributed = new.qualifiedName + cluster.onCluster
            self.statements = statements.map { "ALTER TABLE \(local) " + $0 }
            if cluster.isReplicated, new.dialect == .clickhouse {
                everyServerStatements = statements.map { "ALTER TABLE \(new.qualifiedName) " + $0 }
            } else {
                self.statements += statements.map { "ALTER TABLE \(distributed) " + $0 }
            }
        } else {
            self.statements = statements.map { "ALTER TABLE \(new.qualifiedName) " + $0 }
        }
        retainedColumns = old.columns.map(\.name).filter { new.column(named: $0) == nil }
    }

    private static func comment(_ column: WarehouseColumn) -> String {
        "COMMENT COLUMN \(ClickHouseSQL.identifier(column.name)) \(ClickHouseSQL.literal(column.comment));"
    }

    /// The comment line before ``everyServerStatements`` in the script.
    public static let everyServerMarker =
        "-- Then on every server of the cluster, one at a time (ClickHouse 18.16 runs no ALTER ON CLUSTER of a Distributed table over replicated shards):"

    /// The script: the statements, and a comment naming the retained columns.
    public func script(from oldSource: String, to newSource: String) -> String {
        var lines = ["-- Generated by loggen: migrates a table made from \(oldSource) to \(newSource)."]
        if statements.isEmpty { lines.append("-- Nothing to change.") }
        lines += statements
        if !everyServerStatements.isEmpty {
            lines.append(Self.everyServerMarker)
            lines += everyServerStatements
        }
        if !retainedColumns.isEmpty {
            lines.append("-- Kept, no longer filled by the definitions: \(retainedColumns.joined(separator: ", ")).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why a column cannot change from one type to another in place, or `nil` when it can:
    /// the warehouse's part of ``SchemaEvolution``'s rules.
    static func refusal(from old: ClickHouseType, to new: ClickHouseType) -> String? {
        switch (old, new) {
        case (_, .nullable(let wrapped)) where wrapped == old:
            return nil
        case (.nullable(let oldWrapped), .nullable(let newWrapped)), (.lowCardinality(let oldWrapped), .lowCardinality(let newWrapped)):
            return refusal(from: oldWrapped, to: newWrapped)
        case (.array(let oldElement), .array(let newElement)):
            return refusal(from: oldElement, to: newElement)
        case (.enumeration(let oldCases), .enumeration(let newCases)):
            guard newCases.count >= oldCases.count,
                zip(oldCases, newCases).allSatisfy({ $0.name == $1.name && $0.value == $1.value })
            else {
                return
                    "enum cases were removed, renamed or reordered; the warehouse stores each case as its number, so keep the old cases in order and add new ones at the end"
            }
            if oldCases.count <= 127, newCases.count > 127 {
                return "the enum grows past 127 cases, from Enum8 to Enum16; add a new field instead"
            }
            return nil
        case (.nullable, _):
            return "an optional field became required, but the column holds NULLs; keep the field optional"
        default:
            return "the field's type changed; add a new field with the new type instead"
        }
    }
}
