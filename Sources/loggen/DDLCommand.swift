import CommandLineSupport
import LogMarkdown
import LogSchema
import LogWarehouse

/// `loggen ddl <dir> --dialect clickhouse [--table NAME] [--alter-from <old dir>]`.
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
        """,
    examples: [
        "loggen ddl LogDefinitions --dialect clickhouse --table logs | clickhouse-client --multiquery",
        "loggen ddl LogDefinitions --dialect clickhouse --alter-from old/LogDefinitions",
    ],
    arguments: [
        .positional("dir", help: "The folder of definition documents (one .md per category)."),
        .option("dialect", valueName: "name", help: "The warehouse's SQL dialect: clickhouse."),
        .option("table", valueName: "name", help: "The table's name, table or database.table (default: logs)."),
        .option("alter-from", valueName: "old dir", help: "Print the ALTERs from the definitions in this folder instead."),
    ],
    run: { arguments in
        guard let dialectName = arguments.value("dialect") else {
            throw UsageError("missing --dialect; the supported dialect is clickhouse")
        }
        guard let dialect = WarehouseDialect(name: dialectName) else {
            throw UsageError("unknown dialect '\(dialectName)'; the supported dialect is clickhouse")
        }
        let table = arguments.value("table") ?? "logs"
        guard ClickHouseTable.isValidName(table) else {
            throw UsageError("invalid table name '\(table)'; use letters, digits and _, as table or database.table")
        }
        guard let new = loadCheckedSchema(arguments.positional("dir")!) else { return 1 }
        do {
            if let oldDirectory = arguments.value("alter-from") {
                guard let old = loadCheckedSchema(oldDirectory) else { return 1 }
                writeToStandardOutput(try dialect.migration(
                    from: old, oldSource: definitionsName(oldDirectory), to: new,
                    newSource: definitionsName(arguments.positional("dir")!), table: table))
            } else {
                writeToStandardOutput(try dialect.createTable(for: new, table: table, source: definitionsName(arguments.positional("dir")!)))
            }
        } catch let error as WarehouseError {
            DiagnosticPrinter.printToStandardError(error.diagnostics)
            if arguments.value("alter-from") != nil {
                writeToStandardError("loggen: error: the table cannot be migrated in place; undo the changes above, or add fields with new names (loggen diff lists every change)\n")
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
