import CommandLineSupport
import LogMarkdown
import LogSchema
import LogWarehouse

/// `loggen ddl <dir> --dialect clickhouse|clickhouse-24 | --server-version V [--table NAME]
/// [--cluster NAME [--replicated]] [--enforce | --alter-from <old dir>]`.
let ddlCommand = CommandSpec(
    name: "ddl",
    abstract: "Print the warehouse table for the definitions, or the ALTERs from older ones.",
    discussion: """
        Writes the CREATE TABLE of one wide table: the envelope's columns, then one column per
        common and event field (see docs/Warehouse.md for the mapping). With --alter-from,
        writes the ALTER TABLE statements that take a table made from the older definitions
        to these, and exits 1 with the reason when a change cannot be migrated safely
        (a column's type changed, enum cases reordered): the changes 'loggen diff' reports
        as breaking the warehouse, with the same lines.

        The dialect clickhouse runs on ClickHouse 18.16 and later; clickhouse-24 uses today's
        types (DateTime64, LowCardinality). --server-version picks the dialect for a server.
        With --cluster, writes the cluster form, every statement ON CLUSTER: the shards'
        table <table>_local and a Distributed table <table> over it, sharded by the UUID.
        With --enforce, adds the ingest table <table>_ingest that apps insert into, and the
        views that move each row into <table> when it matches its definition, into
        <table>_rejected with the first broken rule otherwise (any dialect, with or without
        --cluster; patterns RE2 reads differently are warned about, those it cannot read refused).
        """,
    examples: [
        "loggen ddl LogDefinitions --dialect clickhouse --table logs | clickhouse-client --multiquery",
        "loggen ddl LogDefinitions --dialect clickhouse --alter-from old/LogDefinitions",
        "loggen ddl LogDefinitions --server-version 24.8 --cluster analytics --replicated --table logs",
        "loggen ddl LogDefinitions --dialect clickhouse --enforce --table logs",
    ],
    arguments: [
        .positional("dir", help: "The folder of definition documents (one .md per category)."),
        .option("dialect", valueName: "name", help: "The warehouse's SQL dialect: clickhouse or clickhouse-24."),
        .option("server-version", valueName: "version", help: "Pick the dialect for this ClickHouse version (SELECT version())."),
        .option("table", valueName: "name", help: "The table's name, table or database.table (default: logs)."),
        .option("cluster", valueName: "name", help: "Write the cluster form for this cluster of remote_servers."),
        .flag("replicated", help: "With --cluster: replicated shards (ReplicatedReplacingMergeTree)."),
        .option("alter-from", valueName: "old dir", help: "Print the ALTERs from the definitions in this folder instead."),
        .flag("enforce", help: "Add the ingest table and views that enforce the definitions (<table>_rejected)."),
    ],
    run: { arguments in
        let dialect: WarehouseDialect
        switch (arguments.value("dialect"), arguments.value("server-version")) {
        case (nil, nil):
            throw UsageError("missing --dialect; the supported dialects are clickhouse and clickhouse-24 (or give --server-version)")
        case (_?, _?):
            throw UsageError("--dialect and --server-version both pick the dialect; give one of them")
        case (let name?, nil):
            guard let named = WarehouseDialect(name: name) else {
                throw UsageError("unknown dialect '\(name)'; the supported dialects are clickhouse and clickhouse-24")
            }
            dialect = named
        case (nil, let version?):
            guard let picked = WarehouseDialect(serverVersion: version) else {
                throw UsageError("unsupported --server-version '\(version)'; give the server's version as SELECT version() prints it, 18.16 or later")
            }
            dialect = picked
        }
        let table = arguments.value("table") ?? "logs"
        guard ClickHouseTable.isValidName(table) else {
            throw UsageError("invalid table name '\(table)'; use letters, digits and _, as table or database.table")
        }
        var cluster: ClickHouseCluster?
        if let name = arguments.value("cluster") {
            guard ClickHouseCluster.isValidName(name) else {
                throw UsageError("invalid cluster name '\(name)'; use the name of remote_servers, letters, digits and _")
            }
            cluster = ClickHouseCluster(name: name, isReplicated: arguments.flag("replicated"))
        } else if arguments.flag("replicated") {
            throw UsageError("--replicated needs --cluster; name the cluster whose shards are replicated")
        }
        if arguments.flag("enforce"), arguments.value("alter-from") != nil {
            throw UsageError(
                "--enforce cannot be combined with --alter-from; migrate the table, then drop <table>_ingest, _checked, _rejected and the _mv views and create them again with --enforce"
            )
        }
        guard let new = loadCheckedSchema(arguments.positional("dir")!) else { return 1 }
        do {
            if let oldDirectory = arguments.value("alter-from") {
                guard let old = loadCheckedSchema(oldDirectory) else { return 1 }
                writeToStandardOutput(
                    try dialect.migration(
                        from: old, oldSource: definitionsName(oldDirectory), to: new,
                        newSource: definitionsName(arguments.positional("dir")!), table: table, cluster: cluster))
            } else if arguments.flag("enforce") {
                let enforced = try dialect.enforcedTables(
                    for: new, table: table, cluster: cluster, source: definitionsName(arguments.positional("dir")!))
                DiagnosticPrinter.printToStandardError(enforced.warnings)
                writeToStandardOutput(enforced.sql)
            } else {
                writeToStandardOutput(
                    try dialect.createTable(
                        for: new, table: table, cluster: cluster, source: definitionsName(arguments.positional("dir")!)))
            }
        } catch let error as WarehouseError {
            DiagnosticPrinter.printToStandardError(error.diagnostics)
            if arguments.value("alter-from") != nil {
                writeToStandardError(
                    "loggen: error: the table cannot be migrated in place; undo the changes above, or add fields with new names (loggen diff lists every change)\n"
                )
            } else {
                writeToStandardError("loggen: error: the definitions cannot become the warehouse table as they are; fix the fields above\n")
            }
            return 1
        }
        return 0
    })

/// The definitions in a folder, with their diagnostics printed; `nil` when they have errors.
private func loadCheckedSchema(_ directory: String) -> Schema? {
    let loaded = SchemaLoader().load(directory: directory)
    DiagnosticPrinter.printToStandardError(loaded.diagnostics)
    if loaded.hasErrors {
        writeToStandardError("loggen: error: the definitions in \(directory) have errors; fix them, then run 'loggen ddl' again\n")
        return nil
    }
    return loaded.schema
}
