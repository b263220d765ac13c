import LogSchema

/// A warehouse SQL dialect that `loggen ddl` writes.
public enum WarehouseDialect: String, CaseIterable, Sendable {
    /// ClickHouse 18.16 (Debian's package) and later: moments as `DateTime('UTC')` plus a
    /// `_ms` column, enums as `Enum8`/`Enum16`, plain `String` for the tag.
    case clickhouse
    /// Today's ClickHouse (24 and later): moments as one `DateTime64(6, 'UTC')` column, the
    /// tag's parts and enums as `LowCardinality(String)`.
    case clickhouse24 = "clickhouse-24"

    /// The dialect named on the command line; `nil` for an unknown name.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The dialect for a ClickHouse server of this version, as `SELECT version()` prints it
    /// (`18.16.1`, `24.3.2.23`): ``clickhouse24`` from 24.1, ``clickhouse`` from 18.16;
    /// `nil` for an older server or text that is not a version.
    public init?(serverVersion: String) {
        let parts = serverVersion.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let major = Int(parts[0]), let minor = Int(parts[1])
        else { return nil }
        if major >= 24 { self = .clickhouse24 } else if major > 18 || (major == 18 && minor >= 16) { self = .clickhouse } else { return nil }
    }

    /// The `CREATE TABLE` statement for the definitions (two statements for a cluster).
    /// - Parameters:
    ///   - schema: The checked definitions.
    ///   - table: The table's name, `table` or `database.table`.
    ///   - cluster: The cluster to create the tables on (``ClickHouseCluster``); `nil` for one server.
    ///   - source: What the definitions were read from, named in the header comment.
    /// - Throws: `WarehouseError` when a field cannot become a column.
    public func createTable(
        for schema: Schema, table: String, cluster: ClickHouseCluster? = nil, source: String
    ) throws(WarehouseError) -> String {
        try ClickHouseTable(schema: schema, name: table, dialect: self).createStatement(source: source, cluster: cluster)
    }

    /// The statements that take a table made from `old` to the table of `new`.
    /// - Throws: `WarehouseError` listing every change that cannot be migrated safely.
    public func migration(
        from old: Schema, oldSource: String, to new: Schema, newSource: String, table: String,
        cluster: ClickHouseCluster? = nil
    ) throws(WarehouseError) -> String {
        try ClickHouseMigration(from: old, to: new, table: table, dialect: self, cluster: cluster)
            .script(from: oldSource, to: newSource)
    }
}
