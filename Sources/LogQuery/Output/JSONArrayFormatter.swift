/// Writes the logs as one JSON array, one log object per line.
public struct JSONArrayFormatter: LogFormatter {
    private var count = 0
    private var splitter = BodyMemberSplitter()
    private var others: [BodyMemberSplitter.Member] = []

    public init() {}

    public mutating func begin(into output: inout OutputBuffer) {
        output.append("[")
    }

    public mutating func write(_ log: LogRecordView, into output: inout OutputBuffer) {
        output.append(count == 0 ? "\n" : ",\n")
        JSONLinesFormatter.appendObject(log, into: &output, splitter: &splitter, others: &others)
        count += 1
    }

    public mutating func end(into output: inout OutputBuffer) {
        output.append(count == 0 ? "]\n" : "\n]\n")
    }
}
