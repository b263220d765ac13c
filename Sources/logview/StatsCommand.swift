import CommandLineSupport
import Foundation
import LogQuery

/// `logview stats`.
func runStats(_ arguments: ParsedArguments) throws -> Int32 {
    let query = try query(arguments)
    guard let grouping = StatisticsReport.Grouping(arguments.value("by") ?? "tag") else {
        throw UsageError("unknown --by '\(arguments.value("by") ?? "")'; use --by tag, category, minute, hour or day")
    }
    let json = try jsonOutput(arguments)
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        var bucketer: TimeBucketer?
        if case .time(let bucket) = grouping { bucketer = TimeBucketer(bucket: bucket, timeZone: .current) }
        let statistics = try store.statistics(query, bucketer: bucketer)
        if statistics.total == 0 { try warnIfConditionsCannotMatch(query, in: store) }
        let report = StatisticsReport(
            statistics: statistics, grouping: grouping, store: try store.storeStats(), directory: store.directory,
            outputs: BufferedOutputState.all(besideStoreIn: store.directory))
        standardOutput.append(json ? report.json() : report.text(style: TerminalStyle.detect(environment: environment)))
        return 0
    }
}

/// Whether `-o` asks for JSON (`table` or `json` only).
func jsonOutput(_ arguments: ParsedArguments) throws -> Bool {
    switch arguments.value("output") {
    case nil, "table": false
    case "json": true
    case let other?: throw UsageError("unknown output format '\(other)' for this command; use -o table or -o json")
    }
}
