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
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        var formatter = try makeFormatter(format, store: store, query: query, isTerminal: isTerminal)
        formatter.begin(into: &standardOutput)
        var last: UInt64 = 0
        try store.forEach(query) { log in
            formatter.write(log, into: &standardOutput)
            last = max(last, log.sequence)
            try standardOutput.flushIfFull()
            return true
        }
        if follow {
            try standardOutput.flush()
            // Follow from the newest log at the start, not from the last match, so that nothing
            // already skipped by the filters shows up again.
            last = max(last, try store.lastSequence())
            try store.follow(query, after: last, shouldStop: { interrupted.load(ordering: .relaxed) },
                             onIdle: { try standardOutput.flush() }) { log in
                formatter.write(log, into: &standardOutput)
                try standardOutput.flushIfFull()
                return true
            }
        }
        formatter.end(into: &standardOutput)
        return 0
    }
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
        try store.forEach(columnsQuery) { collector.add($0); return true }
        return CSVFormatter(columns: collector.columns)
    }
}
