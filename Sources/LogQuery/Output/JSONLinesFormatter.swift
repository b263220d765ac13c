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
    /// The body members other than `payload`, kept between logs to spare an allocation each.
    private var scratch: [(key: Range<Int>, value: Range<Int>)] = []

    public init() {}

    public mutating func write(_ log: StoredLog, into output: inout OutputBuffer) {
        Self.appendObject(log, into: &output, scratch: &scratch)
        output.append(0x0A)
    }

    /// Appends the log's JSON object (no newline).
    public static func appendObject(_ log: StoredLog, into output: inout OutputBuffer) {
        var scratch: [(key: Range<Int>, value: Range<Int>)] = []
        appendObject(log, into: &output, scratch: &scratch)
    }

    static func appendObject(_ log: StoredLog, into output: inout OutputBuffer, scratch others: inout [(key: Range<Int>, value: Range<Int>)]) {
        output.append("{\"seq\":")
        output.appendDecimal(log.sequence)
        output.append(",\"time\":\"")
        output.appendISO8601(microseconds: log.microseconds)
        output.append("\",\"tag\":")
        output.appendJSONString(log.tag)
        output.append(",\"uuid\":\"")
        output.appendUUID(log.uuid)
        output.append(UInt8(ascii: "\""))

        let scanner = log.scanner
        var payload: Range<Int>?
        others.removeAll(keepingCapacity: true)
        let payloadKey = EnvelopeKey.payload.bytes
        let wellFormed = scanner.kind(at: 0) == .object && scanner.forEachMember(ofObjectAt: 0) { key, value in
            if payload == nil && scanner.keyEquals(key, payloadKey) {
                payload = value
            } else if !Self.isFramedKey(scanner, key) {
                others.append((key, value))
            }
            return true
        }
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

    /// Whether a body key repeats a framed field (the framing wins; the copy is left out).
    private static func isFramedKey(_ scanner: JSONScanner, _ key: Range<Int>) -> Bool {
        guard key.count <= 4 else { return false }
        return scanner.keyEquals(key, seqKey) || scanner.keyEquals(key, timeKey) || scanner.keyEquals(key, tagKey) || scanner.keyEquals(key, uuidKey)
    }

    private static let seqKey = Array("seq".utf8)
    private static let timeKey = Array("time".utf8)
    private static let tagKey = Array("tag".utf8)
    private static let uuidKey = Array("uuid".utf8)
}

/// Writes the logs as one JSON array, one log object per line.
public struct JSONArrayFormatter: LogFormatter {
    private var count = 0
    private var scratch: [(key: Range<Int>, value: Range<Int>)] = []

    public init() {}

    public mutating func begin(into output: inout OutputBuffer) {
        output.append("[")
    }

    public mutating func write(_ log: StoredLog, into output: inout OutputBuffer) {
        output.append(count == 0 ? "\n" : ",\n")
        JSONLinesFormatter.appendObject(log, into: &output, scratch: &scratch)
        count += 1
    }

    public mutating func end(into output: inout OutputBuffer) {
        output.append(count == 0 ? "]\n" : "\n]\n")
    }
}
