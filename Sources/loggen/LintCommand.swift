import CommandLineSupport
import LogMarkdown

/// `loggen lint <dir>`: diagnostics only.
let lintCommand = CommandSpec(
    name: "lint",
    abstract: "Check the definitions and print every problem.",
    discussion: """
        Prints each problem as 'path:line:column: error|warning: message' on standard error,
        the form editors and CI logs make clickable. Exits 0 when there are no errors
        (warnings allowed), 1 when there are.
        """,
    examples: ["loggen lint LogDefinitions"],
    arguments: [.positional("dir", help: "The folder of definition documents (one .md per category).")],
    run: { arguments in
        let directory = arguments.positional("dir")!
        let loaded = SchemaLoader().load(directory: directory)
        keepUntilExit(loaded)
        DiagnosticPrinter.printToStandardError(loaded.diagnostics)
        let schema = loaded.schema
        if loaded.diagnostics.isEmpty {
            let events = schema.categories.reduce(0) { $0 + $1.events.count }
            writeToStandardOutput("\(directory): \(schema.categories.count) categories, \(events) events, \(schema.types.count) types; no problems\n")
        } else if loaded.diagnostics.contains(where: { $0.location != nil }) {
            writeToStandardError("\(directory): \(DiagnosticPrinter.summary(loaded.diagnostics))\n")
        }
        return loaded.hasErrors ? 1 : 0
    })
