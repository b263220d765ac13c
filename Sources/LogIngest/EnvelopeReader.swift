import Foundation
import LogCore
import LogCoreTools
import LogQuery
import LogStore

/// Turns the full envelopes an `HTTPBackend` sends (docs/Runtime.md, "The full envelope") back
/// into store entries: `uuid`, `time` and `tag` go to the record's framing, and the body is the
/// rest of the envelope in the stored order, `{"schema":…,"common":…,"violations":…,"payload":…}`,
/// each value copied byte for byte.
enum EnvelopeReader {
    /// Why a line is not an envelope, for the `400` answer.
    struct Rejection: Error, Equatable {
        var reason: String
    }

    private static let uuidKey = Array("uuid".utf8)
    private static let timeKey = Array("time".utf8)
    private static let tagKey = Array("tag".utf8)
    private static let schemaKey = Array("schema".utf8)
    private static let commonKey = Array("common".utf8)
    private static let violationsKey = Array("violations".utf8)
    private static let payloadKey = Array("payload".utf8)

    /// The store entry of one envelope (a JSON object, whitespace around it allowed).
    static func entry(_ line: UnsafeBufferPointer<UInt8>) throws(Rejection) -> LogEntry {
        let scanner = JSONScanner(line)
        let start = scanner.skipWhitespace(0)
        guard scanner.kind(at: start) == .object else { throw Rejection(reason: "not a JSON object") }
        var end = start + 1
        var uuid: Range<Int>?, time: Range<Int>?, tag: Range<Int>?
        var schema: Range<Int>?, common: Range<Int>?, violations: Range<Int>?, payload: Range<Int>?
        // One pass: the members are found and the object checked as they are read.
        let wellFormed = scanner.forEachMember(ofObjectAt: start) { key, value in
            end = value.upperBound
            if scanner.keyEquals(key, uuidKey) {
                uuid = value
            } else if scanner.keyEquals(key, timeKey) {
                time = value
            } else if scanner.keyEquals(key, tagKey) {
                tag = value
            } else if scanner.keyEquals(key, schemaKey) {
                schema = value
            } else if scanner.keyEquals(key, commonKey) {
                common = value
            } else if scanner.keyEquals(key, violationsKey) {
                violations = value
            } else if scanner.keyEquals(key, payloadKey) {
                payload = value
            }
            return true
        }
        // Nothing but whitespace may follow the object's closing brace.
        let close = scanner.skipWhitespace(end)
        guard wellFormed, close < line.count, line[close] == UInt8(ascii: "}"), scanner.skipWhitespace(close + 1) == line.count else {
            throw Rejection(reason: "not a well-formed JSON object")
        }
        guard let uuidRange = uuid, let parsedUUID = scanner.uuid(uuidRange) ?? scanner.decodeString(uuidRange).flatMap(UUIDText.parse)
        else { throw Rejection(reason: "no \"uuid\" string in the 8-4-4-4-12 form") }
        guard let timeRange = time, scanner.kind(at: timeRange.lowerBound) == .string,
            let microseconds = parseTime(UnsafeBufferPointer(rebasing: line[(timeRange.lowerBound + 1)..<(timeRange.upperBound - 1)]))
                ?? scanner.decodeString(timeRange).flatMap(parseTime)
        else { throw Rejection(reason: "no \"time\" string in ISO 8601 UTC (2026-11-30T10:29:54.123Z)") }
        guard let tagRange = tag, scanner.kind(at: tagRange.lowerBound) == .string,
            let tagText = scanner.decodeString(tagRange), !tagText.isEmpty,
            tagText.utf8.count <= LogStoreLimits.maximumTagBytes
        else { throw Rejection(reason: "no \"tag\" string (category.event)") }
        guard let payloadRange = payload, scanner.kind(at: payloadRange.lowerBound) == .object else {
            throw Rejection(reason: "no \"payload\" object")
        }
        if let schema, scanner.kind(at: schema.lowerBound) != .string { throw Rejection(reason: "\"schema\" is not a string") }
        if let common, scanner.kind(at: common.lowerBound) != .object { throw Rejection(reason: "\"common\" is not an object") }
        if let violations, scanner.kind(at: violations.lowerBound) != .array { throw Rejection(reason: "\"violations\" is not an array") }

        var body: [UInt8] = []
        body.reserveCapacity(line.count)
        body.append(contentsOf: "{\"schema\":".utf8)
        if let schema { body.append(contentsOf: line[schema]) } else { body.append(contentsOf: "\"\"".utf8) }
        body.append(contentsOf: ",\"common\":".utf8)
        if let common { body.append(contentsOf: line[common]) } else { body.append(contentsOf: "{}".utf8) }
        body.append(contentsOf: ",\"violations\":".utf8)
        if let violations { body.append(contentsOf: line[violations]) } else { body.append(contentsOf: "[]".utf8) }
        body.append(contentsOf: ",\"payload\":".utf8)
        body.append(contentsOf: line[payloadRange])
        body.append(UInt8(ascii: "}"))
        return LogEntry(tag: tagText, timestamp: LogTimestamp(microsecondsSince1970: microseconds), uuid: parsedUUID, payload: body)
    }

    /// An ISO 8601 moment with a zone (``ISO8601``): the runtime's `2026-11-30T10:29:54.123Z`,
    /// or any other such as `2026-11-30T19:29:54+09:00`; `nil` for a local time or a date.
    static func parseTime(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parseTime($0) }
    }

    /// The same, from the bytes between the quotes.
    static func parseTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let parsed = ISO8601.parse(bytes), parsed.hasTimeOfDay else { return nil }
        return parsed.microseconds
    }
}
