extension CoverageReport {
    /// The report for people:
    ///
    /// ```text
    /// coverage: 9 of 10 events seen (90.0%)
    /// never seen:
    ///   LogDefinitions/recipe_search.md:30:1: recipe_search.tap_suggestion (deprecated)
    /// not defined:
    ///   recipe_search.serch  12 logs
    /// ```
    public var text: String {
        let (seen, total) = (coverage.seen, coverage.total)
        let percent = total > 0 ? Double(seen) * 100 / Double(total) : 100
        var out = "coverage: \(seen) of \(total) events seen (\(String(format: "%.1f", percent))%)\n"
        if !neverSeen.isEmpty {
            out += "never seen:\n"
            for event in neverSeen {
                out += "  \(event.location): \(event.tag)\(event.status == .deprecated ? " (deprecated)" : "")\n"
            }
        }
        if !undefinedTags.isEmpty {
            out += "not defined:\n"
            let width = undefinedTags.map { $0.tag.count }.max() ?? 0
            for entry in undefinedTags {
                out +=
                    "  \(TableFormatter.safe(entry.tag))\(String(repeating: " ", count: width - entry.tag.count))  "
                    + "\(CheckSummary.grouped(entry.count)) \(entry.count == 1 ? "log" : "logs")\n"
            }
        }
        return out
    }
}
