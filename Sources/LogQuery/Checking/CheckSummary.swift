/// The tally of a `check` run: logs read, logs with findings, and findings per kind.
public struct CheckSummary: Hashable, Sendable, CustomStringConvertible {
    public private(set) var logsChecked = 0
    public private(set) var logsWithFindings = 0
    public private(set) var counts: [CheckFinding.Kind: Int] = [:]

    public init() {}

    /// Counts one log and its findings.
    public mutating func add(_ findings: [CheckFinding]) {
        logsChecked += 1
        guard !findings.isEmpty else { return }
        logsWithFindings += 1
        for finding in findings { counts[finding.kind, default: 0] += 1 }
    }

    public var findingCount: Int { counts.values.reduce(0, +) }

    /// `checked 1,000 logs: 3 findings in 2 logs (unknown tag: 1, range: 2)` or `… no findings`.
    /// Kinds are labels with their counts, so that no kind needs a plural form.
    public var description: String {
        let checked = "checked \(Self.grouped(logsChecked)) \(logsChecked == 1 ? "log" : "logs")"
        guard findingCount > 0 else { return checked + ": no findings" }
        let parts = counts.keys.sorted().map { "\($0.rawValue): \(Self.grouped(counts[$0]!))" }
        return "\(checked): \(Self.grouped(findingCount)) \(findingCount == 1 ? "finding" : "findings") in "
            + "\(Self.grouped(logsWithFindings)) \(logsWithFindings == 1 ? "log" : "logs") (\(parts.joined(separator: ", ")))"
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return number < 0 ? "-" + out : out
    }
}
