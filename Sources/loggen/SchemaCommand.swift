import CommandLineSupport
import LogCore
import LogMarkdown
import LogSchema

/// `loggen schema <dir>`: the checked schema as JSON, for other tools.
let schemaCommand = CommandSpec(
    name: "schema",
    abstract: "Print the definitions' schema as JSON.",
    discussion: """
        Writes one JSON document with a stable key order to standard output: categories,
        their events and fields, the common payload and the enum types (see
        docs/Syntax.md for the shape). The JSON is compact for tools, indented on a
        terminal or with --pretty. Problems go to standard error; with an error nothing is
        printed and the exit code is 1.
        """,
    examples: ["loggen schema LogDefinitions > schema.json", "loggen schema --pretty LogDefinitions | less"],
    arguments: [
        .positional("dir", help: "The folder of definition documents (one .md per category)."),
        .flag("pretty", help: "Indent the JSON for reading (the default on a terminal)."),
    ],
    run: { arguments in
        let loaded = SchemaLoader().load(directory: arguments.positional("dir")!)
        keepUntilExit(loaded)
        DiagnosticPrinter.printToStandardError(loaded.diagnostics)
        if loaded.hasErrors {
            writeToStandardError("loggen: error: the definitions have errors; fix them, then run 'loggen schema' again\n")
            return 1
        }
        System.flushOutputStreams()
        let isPretty = arguments.flag("pretty") || System.isTerminal(System.standardOutput)
        SchemaJSONEncoder(isPretty: isPretty).encode(loaded.schema) { chunk in
            chunk.withUnsafeBytes { bytes in try? System.writeAll(System.standardOutput, bytes) }
        }
        return 0
    })
