import CommandLineSupport
import Foundation
import LogQuery

/// `logview list` and `logview tail`: the matching logs, then (following) new ones.
func runList(_ arguments: ParsedArguments, follow: Bool) throws -> Int32 {
    var query = try query(arguments, limitOption: "count")
    if follow {
        if query.newestFirst { throw UsageError("--reverse cannot be used while following; leave it out") }
        if query.fromStart { throw UsageError("--head cannot be used while following; leave it out") }
        if query.limit == nil { query.limit = 10 }
    }
    let isTerminal = TerminalStyle.isTerminal(1)
    var format = OutputFormat.standard(isTerminal: isTerminal)
    if let text = arguments.value("output") {
        do throws(OutputFormatError) {
            format = try OutputFormat(parsing: text)
        } catch {
            throw UsageError(error.description)
        }
    }
    // A table on a terminal shows the last screenful unless asked for more: a store holds
    // millions of logs, and a pipe or -o gets them all.
    let screenful = 20
    let limitedToScreen = !follow && query.limit == nil && format == .table && isTerminal
    if limitedToScreen { query.limit = screenful }
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        var formatter = try makeFormatter(format, store: store, query: query, isTerminal: isTerminal)
        let shown = try write(store, query, follow: follow, with: &formatter, into: &standardOutput)
        if limitedToScreen && shown == screenful {
            try standardOutput.flush()
            writeToStandardError("(the last \(screenful) matching logs; -n N shows more, -o jsonl all of them)\n")
        }
        return 0
    }
}

/// Writes the logs the query selects (then, following, new ones) with `formatter`; generic,
/// so that each log goes to the formatter in a direct call rather than through an existential.
/// - Returns: how many logs were written before following.
private func write(
    _ store: StoreQuery, _ query: LogQuery, follow: Bool, with formatter: inout some LogFormatter, into standardOutput: inout OutputBuffer
) throws -> Int {
    formatter.begin(into: &standardOutput)
    // Following continues after the newest log when listing began (or the last one listed):
    // logs skipped by the filters never come back, and none appended meanwhile is lost.
    let newestAtStart = follow ? try store.lastSequence() : 0
    var last: UInt64 = 0
    var shown = 0
    try store.forEach(query) { log in
        formatter.write(log, into: &standardOutput)
        shown += 1
        last = max(last, log.sequence)
        try standardOutput.flushIfFull()
        return true
    }
    if shown == 0 {
        try standardOutput.flush()
        try warnIfConditionsCannotMatch(query, in: store)
    }
    if follow {
        catchInterrupt()
        try standardOutput.flush()
        last = max(last, newestAtStart)
        try store.follow(
            query, after: last, shouldStop: { interrupted.load() != 0 },
            onIdle: { try standardOutput.flush() }
        ) { log in
            formatter.write(log, into: &standardOutput)
            try standardOutput.flushIfFull()
            return true
        }
    }
    formatter.end(into: &standardOutput)
    return shown
}

/// The formatter for `format`, sized for the logs the query can return.
private func makeFormatter(_ format: OutputFormat, store: StoreQuery, query: LogQuery, isTerminal: Bool) throws -> any LogFormatter {
    switch format {
    case .jsonl:
        return JSONLinesFormatter()
    case .json:
        return JSONArrayFormatter()
    case .table:
        let tags = try store.tagCounts().keys.filter { query.matches(tag: $0) }
        return TableFormatter(
            style: TerminalStyle(usesColor: isTerminal && TerminalStyle.allowsColor(environment)),
            tagWidth: tags.map(\.count).max() ?? 3, largestSequence: try store.lastSequence())
    case .csv:
        // A first pass finds the columns: every payload and common field the logs have.
        var collector = ColumnCollector()
        var columnsQuery = query
        columnsQuery.newestFirst = false
        try store.forEach(columnsQuery) {
            collector.add($0); return true
        }
        return CSVFormatter(columns: collector.columns)
    }
}
