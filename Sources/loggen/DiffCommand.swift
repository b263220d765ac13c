import CommandLineSupport
import LogCore
import LogMarkdown
import LogSchema
import LogWarehouse

/// `loggen diff <old> <new>` and `loggen diff --against <rev> [<dir>]`: the breaking-change gate.
let diffCommand = CommandSpec(
    name: "diff",
    abstract: "Classify the changes between two versions of the definitions; fail on breaking ones.",
    discussion: """
        Compares two definition folders, or a folder with itself at a git revision
        (--against, read with git, nothing checked out), and prints each change as
        'path:line:column: error|warning|note: <rule>: <what changed>; <what it breaks>; <what to do>'
        at the new definition (the old one for a removal), most severe first, then a summary.
        Breaking changes (error) split history or break the warehouse; caution (warning) keeps
        old data readable but changes its meaning; safe changes (note) are shown with --verbose
        or --format json. The rules are listed in docs/Syntax.md ("Evolving the definitions");
        'loggen ddl --alter-from' refuses the same changes that break the warehouse.
        Exits 0 when nothing at or above --fail-on was found, 1 otherwise or when either side's
        definitions have errors, 64 on usage errors.
        """,
    examples: [
        "loggen diff --against origin/main",
        "loggen diff --against v1.4 LogDefinitions --fail-on caution",
        "loggen diff old/LogDefinitions LogDefinitions --format json",
    ],
    arguments: [
        .positional(
            "dir", help: "OLD and NEW folders; with --against, the one folder (default: LogDefinitions).",
            isOptional: true, isRepeating: true),
        .option("against", valueName: "rev", help: "Compare the folder with itself at this git revision (branch, tag or commit)."),
        .option("format", valueName: "format", help: "text (default) or json."),
        .option("fail-on", valueName: "severity", help: "Exit 1 on changes at or above: breaking (default) or caution."),
        .flag("verbose", short: "v", help: "Also print the safe changes (notes) in text."),
    ],
    run: { arguments in
        let directories = arguments.positionals("dir")
        let format = arguments.value("format") ?? "text"
        guard format == "text" || format == "json" else {
            throw UsageError("unknown format '\(format)'; use text or json")
        }
        let failOnName = arguments.value("fail-on") ?? "breaking"
        guard let failOn = DefinitionChange.Severity(rawValue: failOnName), failOn != .safe else {
            throw UsageError("unknown --fail-on '\(failOnName)'; use breaking or caution")
        }

        let oldSide: DiffSide
        let newSide: DiffSide
        if let revision = arguments.value("against") {
            guard directories.count <= 1 else {
                throw UsageError("with --against give at most one folder, read at the revision and as it is now; got \(directories.count)")
            }
            let directory = directories.first ?? "LogDefinitions"
            let documents = try GitRevision(revision).files(in: directory, withExtension: ".md")
            oldSide = DiffSide(source: "\(revision):\(directory)", loaded: SchemaLoader().load(documents: documents))
            newSide = DiffSide(source: directory, loaded: SchemaLoader().load(directory: directory))
        } else {
            guard directories.count == 2 else {
                throw UsageError("give the OLD and the NEW folder (loggen diff old/LogDefinitions LogDefinitions), or --against <rev>")
            }
            oldSide = DiffSide(source: directories[0], loaded: SchemaLoader().load(directory: directories[0]))
            newSide = DiffSide(source: directories[1], loaded: SchemaLoader().load(directory: directories[1]))
        }
        var invalid = false
        for side in [oldSide, newSide] where side.loaded.hasErrors {
            DiagnosticPrinter.printToStandardError(side.loaded.diagnostics)
            writeToStandardError("loggen: error: the definitions in \(side.source) have errors; fix them (loggen lint), then run 'loggen diff' again\n")
            invalid = true
        }
        if invalid { return 1 }

        let report = DiffReport(
            old: oldSide, new: newSide,
            changes: SchemaEvolution.changes(from: oldSide.loaded.schema, to: newSide.loaded.schema))
        writeToStandardOutput(format == "json" ? report.json : report.text(verbose: arguments.flag("verbose"), failOn: failOn))
        return report.changes.contains { $0.severity >= failOn } ? 1 : 0
    })

/// One side of a diff: where its definitions came from, and what they are.
struct DiffSide {
    var source: String
    var loaded: LoadedSchema
    /// The definitions' hash, as `loggen schema` prints it and their logs carry it.
    var hash: String

    init(source: String, loaded: LoadedSchema) {
        self.source = source
        self.loaded = loaded
        hash = SchemaFingerprint.hash(of: loaded.schema)
    }
}

/// What `loggen diff` prints.
struct DiffReport {
    var old: DiffSide
    var new: DiffSide
    var changes: [DefinitionChange]

    func count(_ severity: DefinitionChange.Severity) -> Int {
        changes.count { $0.severity == severity }
    }

    /// The hashes, one line per change (notes only when verbose), and the summary.
    func text(verbose: Bool, failOn: DefinitionChange.Severity) -> String {
        var lines = ["old: \(old.source) \(old.hash)", "new: \(new.source) \(new.hash)"]
        for change in changes where verbose || change.severity != .safe {
            lines.append(change.description)
        }
        let safe = count(.safe)
        var summary =
            changes.isEmpty
            ? "no changes"
            : "\(count(.breaking)) breaking, \(count(.caution)) caution, \(safe) safe"
        if safe > 0, !verbose { summary += " (--verbose shows the safe ones)" }
        let failing = changes.count { $0.severity >= failOn }
        summary += failing > 0 ? "; fails on \(failOn.rawValue)" : "; passes --fail-on \(failOn.rawValue)"
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"old":{"source","hash"},"new":{…},"changes":[…],"summary":{"breaking","caution","safe"}}`.
    var json: String {
        var writer = JSONWriter()
        for (index, side) in [old, new].enumerated() {
            writer.raw(index == 0 ? "{\"old\":{\"source\":" : ",\"new\":{\"source\":")
            writer.string(side.source)
            writer.raw(",\"hash\":")
            writer.string(side.hash)
            writer.raw("}")
        }
        writer.raw(",\"changes\":[")
        for (index, change) in changes.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"kind\":"); writer.string(change.subject.rawValue)
            writer.raw(",\"severity\":"); writer.string(change.severity.rawValue)
            writer.raw(",\"category\":"); writer.string(change.rule.rawValue)
            writer.raw(",\"event\":"); optional(change.event, &writer)
            writer.raw(",\"field\":"); optional(change.field, &writer)
            writer.raw(",\"enum\":"); optional(change.enumType, &writer)
            writer.raw(change.breaksWarehouse ? ",\"warehouse\":true" : ",\"warehouse\":false")
            writer.raw(",\"old\":"); location(change.oldLocation, &writer)
            writer.raw(",\"new\":"); location(change.newLocation, &writer)
            writer.raw(",\"message\":"); writer.string(change.message)
            writer.raw("}")
        }
        writer.raw("],\"summary\":{\"breaking\":"); writer.integer(Int64(count(.breaking)))
        writer.raw(",\"caution\":"); writer.integer(Int64(count(.caution)))
        writer.raw(",\"safe\":"); writer.integer(Int64(count(.safe)))
        writer.raw("}}\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func optional(_ text: String?, _ writer: inout JSONWriter) {
        if let text { writer.string(text) } else { writer.raw("null") }
    }

    private func location(_ location: SourceLocation?, _ writer: inout JSONWriter) {
        guard let location else { return writer.raw("null") }
        writer.raw("{\"file\":"); writer.string(location.file)
        writer.raw(",\"line\":"); writer.integer(Int64(location.line))
        writer.raw(",\"column\":"); writer.integer(Int64(location.column))
        writer.raw("}")
    }
}
