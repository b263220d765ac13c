/// Writes each log as one JSON object per line:
///
/// ```json
/// {"seq":42,"time":"2026-11-30T10:29:54.123Z","tag":"recipe_search.search","uuid":"…","payload":{…},"schema":"…","common":{…},"violations":[]}
/// ```
///
/// The framed fields come first, then the stored body's members, `payload` first, copied
/// byte for byte: nothing in the body is decoded, so export runs at the speed of copying.
/// A body that is not a JSON object is written as `"payload":null` with an `"error"`.
public struct JSONLinesFormatter: LogFormatter {
    /// The text between two logs (a newline; `,\n` inside a JSON array).
    var separator: [UInt8] = [0x0A]
    /// Splits bodies, remembering the previous one's layout (see ``BodyMemberSplitter``).
    private var splitter = BodyMemberSplitter()
    /// The body members other than `payload`, kept between logs to spare an allocation each.
    private var others: [BodyMemberSplitter.Member] = []

    public init() {}

    public mutating func write(_ log: LogRecordView, into output: inout OutputBuffer) {
        Self.appendObject(log, into: &output, splitter: &splitter, others: &others)
        output.append(0x0A)
    }

    /// Appends the log's JSON object (no newline).
    public static func appendObject(_ log: LogRecordView, into output: inout OutputBuffer) {
        var splitter = BodyMemberSplitter()
        var others: [BodyMemberSplitter.Member] = []
        appendObject(log, into: &output, splitter: &splitter, others: &others)
    }

    static func appendObject(
        _ log: LogRecordView, into output: inout OutputBuffer, splitter: inout BodyMemberSplitter, others: inout [BodyMemberSplitter.Member]
    ) {
        output.append("{\"seq\":")
        output.appendDecimal(log.sequence)
        output.append(",\"time\":\"")
        output.appendISO8601(microseconds: log.microseconds)
        output.append("\",\"tag\":")
        output.appendJSONString(log.tag)
        output.append(",\"uuid\":\"")
        output.appendUUID(log.uuid)
        output.append(UInt8(ascii: "\""))

        let (wellFormed, payload) = splitter.split(log.body, others: &others)
        guard wellFormed else {
            output.append(",\"payload\":null,\"error\":\"the stored body is not a JSON object\"}")
            return
        }
        output.append(",\"payload\":")
        if let payload {
            output.append(UnsafeBufferPointer(rebasing: log.body[payload]))
        } else {
            output.append("null")
        }
        for member in others {
            output.append(UInt8(ascii: ","))
            output.append(UnsafeBufferPointer(rebasing: log.body[(member.key.lowerBound - 1)..<(member.key.upperBound + 1)]))
            output.append(UInt8(ascii: ":"))
            output.append(UnsafeBufferPointer(rebasing: log.body[member.value]))
        }
        output.append(UInt8(ascii: "}"))
    }
}
