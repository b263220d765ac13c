import LogSchema

/// A warehouse SQL dialect that `loggen ddl` writes.
public enum WarehouseDialect: String, CaseIterable, Sendable {
    /// ClickHouse 18.16 (Debian's package) and later.
    case clickhouse

    /// The dialect named on the command line; `nil` for an unknown name.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The `CREATE TABLE` statement for the definitions.
    /// - Parameters:
    ///   - schema: The checked definitions.
    ///   - table: The table's name, `table` or `database.table`.
    ///   - source: What the definitions were read from, named in the header comment.
    /// - Throws: `WarehouseError` when a field cannot become a column.
    public func createTable(for schema: Schema, table: String, source: String) throws(WarehouseError) -> String {
        switch self {
        case .clickhouse: try ClickHouseTable(schema: schema, name: table).createStatement(source: source)
        }
    }

    /// The statements that take a table made from `old` to the table of `new`.
    /// - Throws: `WarehouseError` listing every change that cannot be migrated safely.
    public func migration(
        from old: Schema, oldSource: String, to new: Schema, newSource: String, table: String
    ) throws(WarehouseError) -> String {
        switch self {
        case .clickhouse:
            try ClickHouseMigration(from: old, to: new, table: table).script(from: oldSource, to: newSource)
        }
    }
}
