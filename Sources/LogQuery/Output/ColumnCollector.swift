/// Gathers the field columns of logs one at a time (for a first pass over a store).
public struct ColumnCollector {
    private var payload: [String] = []
    private var common: [String] = []
    private var seenPayload: Set<String> = []
    private var seenCommon: Set<String> = []

    public init() {}

    /// Notes the fields of one log.
    public mutating func add(_ log: LogRecordView) {
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
