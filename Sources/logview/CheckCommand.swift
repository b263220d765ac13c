import CommandLineSupport
import Foundation
import LogQuery

/// `logview check`: every matching log against the definitions it was written with; exit 1 on findings.
func runCheck(_ arguments: ParsedArguments) throws -> Int32 {
    let schema = try loadDefinitions(arguments)
    let directory = arguments.value("definitions")!
    var versions = [(source: directory, schema: schema)]
    for revision in arguments.values("definitions-at") {
        versions.append((source: "\(revision):\(directory)", schema: try loadDefinitions(at: revision, directory: directory)))
    }
    let query = try query(arguments)
    let maximum = try arguments.integer("max-findings") ?? 1000
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        var check = SchemaGroupedCheck(versions)
        var printed = 0
        let firstRule = arguments.flag("first-rule")
        try store.forEach(query) { log in
            let findings = check.check(log)
            if firstRule {
                let rule = findings.lazy.compactMap(\.rule).first ?? "ok"
                standardOutput.append(TableFormatter.safe("seq \(log.sequence) \(log.tag): \(rule)") + "\n")
                try standardOutput.flushIfFull()
                return true
            }
            for finding in findings where printed < maximum {
                standardOutput.append(TableFormatter.safe(finding.description) + "\n")
                printed += 1
            }
            try standardOutput.flushIfFull()
            return true
        }
        let logsSeen = check.definitions.reduce(0) { $0 + $1.summary.logsChecked } + check.unmatched.values.reduce(0, +)
        if logsSeen == 0 {
            try standardOutput.flush()
            try warnIfConditionsCannotMatch(query, in: store, schema: schema)
        }
        if check.findingCount > printed && !firstRule {
            standardOutput.append("(\(check.findingCount - printed) more findings not printed; raise --max-findings to see them)\n")
        }
        for line in check.summaryLines { standardOutput.append(line + "\n") }
        return check.findingCount > 0 ? 1 : 0
    }
}

/// `logview coverage`: defined events never seen, stored tags not defined; exit 1 on either.
func runCoverage(_ arguments: ParsedArguments) throws -> Int32 {
    let schema = try loadDefinitions(arguments)
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        let report = CoverageReport(schema: schema, tagCounts: try store.tagCounts())
        standardOutput.append(report.text)
        return report.isComplete ? 0 : 1
    }
}

/// `logview verify`: every record's checksum; exit 1 on damage.
func runVerify(_ arguments: ParsedArguments) throws -> Int32 {
    let json = try jsonOutput(arguments)
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        let verification = try store.verify()
        standardOutput.append(json ? verification.jsonText : verification.text)
        return verification.isIntact ? 0 : 1
    }
}
