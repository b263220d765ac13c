import CommandLineSupport
import LogMarkdown
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
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
        fflush(nil)
        let isPretty = arguments.flag("pretty") || isatty(STDOUT_FILENO) == 1
        SchemaJSONEncoder(isPretty: isPretty).encode(loaded.schema) { chunk in writeAll(chunk, to: STDOUT_FILENO) }
        return 0
    })

/// Writes every byte to a file descriptor, retrying short and interrupted writes.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
