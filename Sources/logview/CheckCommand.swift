import CommandLineSupport
import Foundation
import LogQuery

/// `logview check`: every matching log against the definitions; exit 1 on findings.
func runCheck(_ arguments: ParsedArguments) throws -> Int32 {
    let schema = try loadDefinitions(arguments)
    let query = try query(arguments)
    let maximum = try arguments.integer("max-findings") ?? 1000
    let store = try openStore(arguments)
    return try writingOutput { standardOutput in
        let checker = DefinitionChecker(schema: schema)
        var summary = CheckSummary()
        var printed = 0
        try store.forEach(query) { log in
            let findings = checker.check(log)
            summary.add(findings)
            for finding in findings where printed < maximum {
                standardOutput.append(TableFormatter.safe(finding.description) + "\n")
                printed += 1
            }
            try standardOutput.flushIfFull()
            return true
        }
        if summary.logsChecked == 0 {
            try standardOutput.flush()
            try warnIfConditionsCannotMatch(query, in: store, schema: schema)
        }
        if summary.findingCount > printed {
            standardOutput.append("(\(summary.findingCount - printed) more findings not printed; raise --max-findings to see them)\n")
        }
        standardOutput.append(summary.description + "\n")
        return summary.findingCount > 0 ? 1 : 0
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
