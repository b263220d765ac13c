/// Writes logs as comma-separated values (RFC 4180) with a header line:
/// `seq,time,tag,uuid`, then one column per field path given (`keyword`, `common.user_id`),
/// then `violations`.
///
/// Text is written bare, numbers and booleans as written, arrays and objects as JSON; a
/// missing field or `null` is an empty cell. Cells with a comma, a quote or a line break
/// are quoted, with quotes doubled.
public struct CSVFormatter: LogFormatter {
    /// The field columns, after the envelope's.
    public var columns: [FieldPath]
    private let lookups: [(EnvelopeKey, [[UInt8]])]

    /// - Parameters:
    ///   - columns: the body fields to write, in order (see ``fieldColumns(of:)``).
    public init(columns: [FieldPath]) {
        self.columns = columns
        lookups = columns.map { path in
            if case .body(let key, let names) = path { return (key, names.map { Array($0.utf8) }) }
            return (.payload, [])
        }
    }

    public mutating func begin(into output: inout OutputBuffer) {
        let names = ["seq", "time", "tag", "uuid"] + columns.map(\.description) + ["violations"]
        output.append(names.map(Self.quoted).joined(separator: ","))
        output.append("\r\n")
    }

    public mutating func write(_ log: StoredLog, into output: inout OutputBuffer) {
        output.appendDecimal(log.sequence)
        output.append(UInt8(ascii: ","))
        output.appendISO8601(microseconds: log.microseconds)
        output.append(UInt8(ascii: ","))
        output.append(Self.quoted(log.tag))
        output.append(UInt8(ascii: ","))
        output.appendUUID(log.uuid)
        let scanner = log.scanner
        for (key, names) in lookups {
            output.append(UInt8(ascii: ","))
            var range = scanner.member(key.bytes, ofObjectAt: 0)
            for name in names {
                guard let current = range, scanner.kind(at: current.lowerBound) == .object else { range = nil; break }
                range = scanner.member(name, ofObjectAt: current.lowerBound)
            }
            guard let range, let value = scanner.decode(range) else { continue }
            output.append(Self.quoted(Self.cell(value)))
        }
        output.append(UInt8(ascii: ","))
        if let violations = log.decodedMember(.violations), violations != .array([]) {
            output.append(Self.quoted(violations.jsonText))
        }
        output.append("\r\n")
    }

    static func cell(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        default: value.jsonText
        }
    }

    static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The payload fields (in order of first appearance) and then the common fields
    /// (`common.name`) of some logs: the columns that show all their values.
    public static func fieldColumns(of logs: some Sequence<StoredLog>) -> [FieldPath] {
        var collector = ColumnCollector()
        for log in logs { collector.add(log) }
        return collector.columns
    }
}

/// Gathers the field columns of logs one at a time (for a first pass over a store).
public struct ColumnCollector {
    private var payload: [String] = []
    private var common: [String] = []
    private var seenPayload: Set<String> = []
    private var seenCommon: Set<String> = []

    public init() {}

    /// Notes the fields of one log.
    public mutating func add(_ log: StoredLog) {
        let scanner = log.scanner
        for (key, names) in [(EnvelopeKey.payload, 0), (.common, 1)] {
            guard let range = log.member(key), scanner.kind(at: range.lowerBound) == .object else { continue }
            scanner.forEachMember(ofObjectAt: range.lowerBound) { keyRange, _ in
                guard let name = scanner.decodeStringContents(keyRange) else { return true }
                if names == 0 {
                    if seenPayload.insert(name).inserted { payload.append(name) }
                } else if seenCommon.insert(name).inserted {
                    common.append(name)
                }
                return true
            }
        }
    }

    /// The columns: payload fields, then `common.` fields, each in order of first appearance.
    public var columns: [FieldPath] {
        payload.map { FieldPath.body(.payload, [$0]) } + common.map { FieldPath.body(.common, [$0]) }
    }
}
