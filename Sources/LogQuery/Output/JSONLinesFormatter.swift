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
        let (wellFormed, payload) = splitter.split(log.body, others: &others)
        // The tag's bytes without copying the view (a copy would retain its strings).
        let written: Void? = log.tag.utf8.withContiguousStorageIfAvailable { tag in
            appendLine(log, tag: tag, wellFormed: wellFormed, payload: payload, others: others, into: &output)
        }
        if written == nil {
            var tag = log.tag
            tag.withUTF8 { appendLine(log, tag: $0, wellFormed: wellFormed, payload: payload, others: others, into: &output) }
        }
    }

    @inline(__always)
    private static func appendLine(
        _ log: LogRecordView, tag: UnsafeBufferPointer<UInt8>, wellFormed: Bool, payload: Range<Int>?,
        others: [BodyMemberSplitter.Member], into output: inout OutputBuffer
    ) {
        // Everything below fits: the body's members are copied at most whole, each with a
        // comma and a colon, beside a fixed part of under 200 bytes.
        output.withRoom(256 + 6 * tag.count + log.body.count + 2 * others.count) { line in
            line.write("{\"seq\":")
            line.writeDecimal(log.sequence)
            line.write(",\"time\":\"")
            line.writeISO8601(microseconds: log.microseconds)
            line.write("\",\"tag\":")
            line.writeJSONString(tag)
            line.write(",\"uuid\":\"")
            line.writeUUID(log.uuid)
            line.write(UInt8(ascii: "\""))
            guard wellFormed else {
                line.write(",\"payload\":null,\"error\":\"the stored body is not a JSON object\"}")
                return
            }
            line.write(",\"payload\":")
            if let payload {
                line.write(UnsafeBufferPointer(rebasing: log.body[payload]))
            } else {
                line.write("null")
            }
            others.withUnsafeBufferPointer { others in
                for member in others {
                    line.write(UInt8(ascii: ","))
                    line.write(UnsafeBufferPointer(rebasing: log.body[(member.key.lowerBound - 1)..<(member.key.upperBound + 1)]))
                    line.write(UInt8(ascii: ":"))
                    line.write(UnsafeBufferPointer(rebasing: log.body[member.value]))
                }
            }
            line.write(UInt8(ascii: "}"))
        }
    }
}
