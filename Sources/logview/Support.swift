import CommandLineSupport
import Foundation
import LogCore
import LogMarkdown
import LogQuery
import LogSchema
import LogStore

let definitionsOption = ArgumentSpec.option(
    "definitions", short: "d", valueName: "dir", help: "The folder of Markdown definitions, such as LogDefinitions.")

/// The environment of the process.
var environment: [String: String] { ProcessInfo.processInfo.environment }

/// The store the command reads.
func openStore(_ arguments: ParsedArguments) throws -> StoreQuery {
    do {
        return try StoreLocation(option: arguments.value("store"), environment: environment).open()
    } catch {
        throw CommandFailure(error.description)
    }
}

/// The filters of a command, as a query.
func query(_ arguments: ParsedArguments, limitOption: String? = nil) throws -> LogQuery {
    let options = QueryOptions(
        tags: arguments.values("tag"), since: arguments.value("since"), until: arguments.value("until"),
        conditions: arguments.values("where"), limit: try limitOption.flatMap { try arguments.integer($0) },
        head: arguments.flag("head"), reverse: arguments.flag("reverse"))
    do {
        return try options.query()
    } catch {
        throw UsageError(error.description)
    }
}

/// After a query selected nothing: one warning line per `--where` condition that cannot
/// match for a reason the store (or the definitions) show, so that an empty result is never
/// silent about a misspelt field or a text compared with numbers.
func warnIfConditionsCannotMatch(_ query: LogQuery, in store: StoreQuery, schema: Schema? = nil) throws {
    guard !query.conditions.isEmpty else { return }
    for warning in try ConditionDiagnosis(schema: schema).warnings(for: query, in: store) {
        writeToStandardError("logview: warning: \(warning)\n")
    }
}

/// Set by SIGINT, so that following ends cleanly (output flushed, exit 0).
let interrupted = AtomicCounter()

/// While following, Ctrl-C ends the loop cleanly instead of killing the process mid-write;
/// every other command keeps the default (Ctrl-C stops it at once).
func catchInterrupt() {
    signal(SIGINT) { _ in interrupted.store(1) }
}

/// Runs a command body that writes to standard output (through a buffer that writes in large
/// chunks); a closed pipe ends it quietly.
func writingOutput(_ body: (inout OutputBuffer) throws -> Int32) throws -> Int32 {
    // A closed pipe (`logview | head`) is an ordinary end: the write fails with EPIPE instead.
    signal(SIGPIPE, SIG_IGN)
    var standardOutput = OutputBuffer.fileDescriptor(1)
    do {
        let code = try body(&standardOutput)
        try standardOutput.flush()
        return code
    } catch let error as OutputError where error.isBrokenPipe {
        return 0
    } catch let error as StoreQueryError {
        try? standardOutput.flush()
        throw CommandFailure(error.description)
    }
}

/// Reads the definitions, printing their diagnostics; fails when they have errors.
func loadDefinitions(_ arguments: ParsedArguments) throws -> Schema {
    guard let directory = arguments.value("definitions") else {
        throw UsageError("missing --definitions <dir>; pass the folder of Markdown definitions, such as --definitions LogDefinitions")
    }
    return try schema(
        SchemaLoader().load(directory: directory),
        orFailWith: "the definitions in '\(directory)' have errors (above); fix them first (loggen lint \(directory))")
}

/// The loaded schema; when it has errors, prints them and throws `failure`.
private func schema(_ loaded: LoadedSchema, orFailWith failure: String) throws -> Schema {
    if loaded.hasErrors {
        for diagnostic in loaded.diagnostics where diagnostic.severity == .error {
            writeToStandardError(diagnostic.description + "\n")
        }
        throw CommandFailure(failure)
    }
    return loaded.schema
}

/// The definitions of `directory` as they were at a git revision (`--definitions-at`),
/// printing their diagnostics; fails when they cannot be read or have errors.
func loadDefinitions(at revision: String, directory: String) throws -> Schema {
    let documents = try GitRevision(revision).files(in: directory, withExtension: ".md")
    return try schema(
        SchemaLoader().load(documents: documents),
        orFailWith: "the definitions in '\(directory)' at \(revision) have errors (above); check them against their own revision's loggen")
}
