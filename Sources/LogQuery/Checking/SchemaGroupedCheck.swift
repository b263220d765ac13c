import LogCore
import LogCoreTools
import LogSchema

/// A `check` run over logs written with different versions of the definitions: each log is
/// checked against the definitions whose hash it carries in `schema` (the hash the runtime
/// stamps, `loggen schema` prints as `"hash"`), and logs written with definitions none of
/// the given ones has are counted per hash instead of being reported against the wrong ones.
///
/// The first definitions are the main ones (`--definitions DIR`): logs with no hash (posted
/// by tag) or a version the app chose itself (`LoggerConfiguration.schemaVersion`) are
/// checked against them, as nothing says otherwise.
public struct SchemaGroupedCheck {
    /// One version of the definitions and the tally of the logs checked against it.
    public struct Definitions {
        /// Where they came from: `LogDefinitions`, or `v1.2:LogDefinitions`.
        public var source: String
        public var hash: String
        public var checker: DefinitionChecker
        public var summary = CheckSummary()
    }

    /// The main definitions first, then the others, one per hash.
    public private(set) var definitions: [Definitions]
    /// Logs whose hash matches none of the definitions, by hash: not checked.
    public private(set) var unmatched: [String: Int] = [:]

    /// - Parameter definitions: The main definitions first, then older (or newer) versions;
    ///   a version with the same hash as an earlier one is left out.
    public init(_ definitions: [(source: String, schema: Schema)]) {
        var seen: Set<String> = []
        self.definitions = definitions.compactMap { source, schema in
            let hash = SchemaFingerprint.hash(of: schema)
            guard seen.insert(hash).inserted else { return nil }
            return Definitions(source: source, hash: hash, checker: DefinitionChecker(schema: schema))
        }
    }

    /// Checks one log against the definitions it was written with and counts it.
    /// - Returns: its findings; none for a log whose definitions are not given (it is counted apart).
    public mutating func check(_ log: LogRecordView) -> [CheckFinding] {
        let body = JSONScanner(log.body).decodeDocument()
        var index = 0
        if case .string(let schema)? = body?["schema"], SchemaFingerprint.isHash(schema) {
            guard let match = definitions.firstIndex(where: { $0.hash == schema }) else {
                unmatched[schema, default: 0] += 1
                return []
            }
            index = match
        }
        let findings = definitions[index].checker.check(log, decodedBody: body)
        definitions[index].summary.add(findings)
        return findings
    }

    /// Findings in every group.
    public var findingCount: Int { definitions.reduce(0) { $0 + $1.summary.findingCount } }

    /// The lines after the findings. The last is the main definitions' summary, as a run
    /// with one version prints it (`checked 1,000 logs: no findings`); before it, one line
    /// per hash not given (most logs first) and one per other version given.
    public var summaryLines: [String] {
        var lines: [String] = []
        for (hash, count) in unmatched.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            lines.append(
                "\(CheckSummary.grouped(count)) \(count == 1 ? "log" : "logs") from definitions \(hash): not checked against "
                    + "these (\(definitions[0].hash)); pass --definitions-at REV to check them against their own")
        }
        for other in definitions.dropFirst() {
            lines.append("\(other.source) (\(other.hash)): \(other.summary)")
        }
        let main = definitions[0]
        lines.append(definitions.count > 1 || !unmatched.isEmpty ? "\(main.source) (\(main.hash)): \(main.summary)" : main.summary.description)
        return lines
    }
}
