@testable import BehaviorLog
import Foundation
import LogCore
import Testing

@Suite struct EnvelopeEncoderTests {
    private func json(_ build: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        build(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func stringsAreEscaped() {
        #expect(json { $0.string("plain") } == #""plain""#)
        #expect(json { $0.string("a\"b\\c") } == #""a\"b\\c""#)
        #expect(json { $0.string("line\nnext\ttab\r\u{08}\u{0C}") } == #""line\nnext\ttab\r\b\f""#)
        #expect(json { $0.string("\u{01}\u{1F}") } == #""\u0001\u001f""#)
        #expect(json { $0.string("卵 🥚 é") } == "\"卵 🥚 é\"")
        #expect(json { $0.string("") } == #""""#)
    }

    @Test func numbers() {
        #expect(json { $0.integer(0) } == "0")
        #expect(json { $0.integer(-42) } == "-42")
        #expect(json { $0.integer(.max) } == "9223372036854775807")
        #expect(json { $0.integer(.min) } == "-9223372036854775808")
        #expect(json { $0.unsigned(.max) } == "18446744073709551615")
        #expect(json { $0.double(2) } == "2.0")
        #expect(json { $0.double(-0.5) } == "-0.5")
        #expect(json { $0.double(1e-7) } == "1e-07")
        #expect(json { $0.double(1e300) } == "1e+300")
        #expect(json { $0.double(.nan) } == "null")
        #expect(json { $0.double(.infinity) } == "null")
    }

    @Test func doublesAreValidJSONAndRoundTrip() throws {
        var generator = SplitMix64(state: 7)
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = json { $0.double(value) }
            // Valid JSON (Foundation's reader accepts it), and the text is the exact double
            // (read back with strtod-exact `Double(_:)`; Foundation's reader rounds on Linux).
            #expect(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) is [Any], "\(text)")
            #expect(Double(text) == value, "\(text)")
        }
    }

    @Test func timestampsAreUTCWithMilliseconds() {
        #expect(json { $0.timestamp(milliseconds: 0) } == #""1970-01-01T00:00:00.000Z""#)
        #expect(json { $0.timestamp(milliseconds: 1_796_034_594_123) } == #""2026-11-30T10:29:54.123Z""#)
        #expect(json { $0.timestamp(milliseconds: 951_782_400_000) } == #""2000-02-29T00:00:00.000Z""#)
        #expect(json { $0.timestamp(milliseconds: -1) } == #""1969-12-31T23:59:59.999Z""#)
        #expect(json { $0.timestamp(Date(timeIntervalSince1970: 1_796_034_594.123)) } == #""2026-11-30T10:29:54.123Z""#)
    }

    @Test func numbersAndDatesAtTheirExtremes() {
        #expect(json { $0.integer(0) } == "0")
        #expect(json { $0.integer(9) } == "9")
        #expect(json { $0.integer(10) } == "10")
        #expect(json { $0.integer(-10) } == "-10")
        #expect(json { $0.integer(Int64.max) } == "9223372036854775807")
        #expect(json { $0.integer(Int64.min) } == "-9223372036854775808")
        #expect(json { $0.unsigned(UInt64.max) } == "18446744073709551615")
        #expect(json { $0.date(LogDate(year: 5, month: 1, day: 9)!) } == #""0005-01-09""#)
        #expect(json { $0.digits(7, width: 3) } == "007")
        #expect(json { $0.digits(12_345, width: 2) } == "12345")
        #expect(json { $0.digits(-7, width: 2) } == "-07")
        #expect(json { $0.timestamp(milliseconds: 253_402_300_799_999) } == #""9999-12-31T23:59:59.999Z""#)
    }

    @Test func valuesOfEveryKind() {
        let payload = LogPayload([
            ("n", .null), ("b", .bool(true)), ("i", .integer(-3)), ("d", .double(1.5)), ("s", .string("x")),
            ("day", .date(LogDate(year: 2026, month: 2, day: 3)!)),
            ("at", .timestamp(Date(timeIntervalSince1970: 1))),
            ("list", .array([.integer(1), .array([]), .string("y")])),
            ("r", .float(0.98)), ("rs", .array([.float(0.45), .float(-0.0), .float(.nan)])),
        ])
        #expect(
            json { $0.object(payload) }
                == #"{"n":null,"b":true,"i":-3,"d":1.5,"s":"x","day":"2026-02-03","at":"1970-01-01T00:00:01.000Z","list":[1,[],"y"],"r":0.98,"rs":[0.45,-0.0,null]}"#
        )
        #expect(json { $0.object(LogPayload()) } == "{}")
    }

    @Test func uuidIsLowercaseCanonical() {
        let uuid = UUID(uuidString: "0192F3A4-5B6C-7D8E-9FA0-B1C2D3E4F506")!
        #expect(json { $0.uuid(uuid) } == #""0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506""#)
    }

    @Test func storedBodyAndFullEnvelope() throws {
        let envelope = LogEnvelope(
            uuid: UUID(uuidString: "0192F3A4-5B6C-7D8E-9FA0-B1C2D3E4F506")!,
            time: Date(timeIntervalSince1970: 1_796_034_594.123),
            tag: "recipe_search.search",
            payload: LogPayload(
                [("keyword", .string("egg")), ("order", .string("latest"))],
                violations: [ConstraintViolation(field: "keyword", kind: .maxLength, detail: "300 bytes, limit 256")]),
            common: LogPayload(
                [("user_id", .integer(7))],
                violations: [ConstraintViolation(field: "user_id", kind: .range, detail: "-1 < 0")]))
        let encoder = EnvelopeEncoder(schemaVersion: "sha256:abc")
        let body = encoder.body(of: envelope)
        let expectedBody =
            #"{"schema":"sha256:abc","common":{"user_id":7},"violations":[{"field":"keyword","kind":"maxLength","detail":"300 bytes, limit 256"},{"field":"common.user_id","kind":"range","detail":"-1 < 0"}],"payload":{"keyword":"egg","order":"latest"}}"#
        #expect(String(decoding: body, as: UTF8.self) == expectedBody)

        let full = EnvelopeEncoder.envelope(uuid: envelope.uuid, sequence: 42, time: envelope.time, tag: envelope.tag, body: body)
        let text = String(decoding: full, as: UTF8.self)
        #expect(
            text.hasPrefix(
                #"{"uuid":"0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506","seq":42,"time":"2026-11-30T10:29:54.123Z","tag":"recipe_search.search","schema":"sha256:abc","common":"#
            ))
        let object = try #require(JSONSerialization.jsonObject(with: Data(full)) as? [String: Any])
        #expect(Set(object.keys) == ["uuid", "seq", "time", "tag", "schema", "common", "violations", "payload"])
        #expect((object["payload"] as? [String: Any])?["keyword"] as? String == "egg")
    }

    /// The route is stored as a string and a flag (a `String?` made every initializer copy
    /// the envelope): `nil`, an empty name and a name must all read back as set.
    @Test func theRouteReadsBackAsSet() {
        var envelope = LogEnvelope(tag: "a.b", payload: LogPayload())
        #expect(envelope.route == nil)
        envelope.route = ""
        #expect(envelope.route == "")
        envelope.route = "violations"
        #expect(envelope.route == "violations")
        envelope.route = nil
        #expect(envelope.route == nil)
        #expect(LogEnvelope(tag: "a.b", payload: LogPayload(), route: "").route == "")
    }

    @Test func emptyEnvelopeParts() {
        let envelope = LogEnvelope(tag: "a.b", payload: LogPayload())
        let body = EnvelopeEncoder(schemaVersion: "").body(of: envelope)
        #expect(String(decoding: body, as: UTF8.self) == #"{"schema":"","common":{},"violations":[],"payload":{}}"#)
    }

    @Test func aRepeatedCommonPayloadIsEncodedOnceAndAChangeIsSeen() {
        let encoder = EnvelopeEncoder(schemaVersion: "v")
        let first = LogPayload([("user_id", .integer(1))])
        let second = LogPayload([("user_id", .integer(2))])
        func common(_ payload: LogPayload) -> String {
            let body = String(decoding: encoder.body(of: LogEnvelope(tag: "a.b", payload: LogPayload(), common: payload)), as: UTF8.self)
            return String(body.split(separator: ",\"violations\"")[0])
        }
        #expect(common(first) == #"{"schema":"v","common":{"user_id":1}"#)
        #expect(common(first) == #"{"schema":"v","common":{"user_id":1}"#)
        #expect(common(second) == #"{"schema":"v","common":{"user_id":2}"#)
        var changed = second
        changed.append("app_version", .string("3.12.0"))
        #expect(common(changed) == #"{"schema":"v","common":{"user_id":2,"app_version":"3.12.0"}"#)
        #expect(common(LogPayload()) == #"{"schema":"v","common":{}"#)
    }

    /// The writer measures each value before writing it (every string escaped at its worst,
    /// every number at its longest): random payloads of every kind, with strings made of
    /// the characters that escape most (control characters, quotes, backslashes) and
    /// multi-byte text, must come back from Foundation's reader as they went in. A bound
    /// that fell short would trip the writer's precondition or the debug build's bounds check.
    @Test func randomPayloadsReadBackAsWritten() throws {
        var generator = SplitMix64(state: 11)
        let alphabet: [Character] = ["a", "\"", "\\", "\n", "\u{01}", "\u{1F}", "\t", "é", "卵", "🥚", "/", " "]
        func randomString() -> String {
            String((0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        func randomValue(depth: Int) -> LogValue {
            switch generator.next() % (depth < 2 ? 9 : 8) {
            case 0: return .null
            case 1: return .bool(generator.next() % 2 == 0)
            case 2: return .integer(Int64(bitPattern: generator.next()))
            case 3:
                // Every digit of a double's shortest form (exact text is checked above; at
                // extreme exponents Foundation's reader on Linux loses precision).
                return .double((Double(generator.next() % 1_000_000_007) - 5e8) / 3)
            case 4: return .string(randomString())
            case 5: return .integer(Int64(generator.next() % 1_000) - 500)
            case 6: return .double(Double(Int64(generator.next() % 2_000_000) - 1_000_000) / 8)
            case 7: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next())))
            default: return .array((0..<Int(generator.next() % 5)).map { _ in randomValue(depth: depth + 1) })
            }
        }
        func matches(_ value: LogValue, _ read: Any) -> Bool {
            switch value {
            case .null: return read is NSNull
            case .bool(let flag): return (read as? Bool) == flag
            case .integer(let number): return (read as? NSNumber)?.int64Value == number
            case .double(let number):
                // Foundation's reader on Linux may round the last digit: compare closely.
                guard let readNumber = (read as? NSNumber)?.doubleValue else { return false }
                return readNumber == number || abs(readNumber - number) <= abs(number) * 1e-15
            case .float(let number):
                // NaN and the infinities are null; every other float reads back as itself.
                guard number.isFinite else { return read is NSNull }
                return (read as? NSNumber).map { Float($0.doubleValue) } == number
            case .string(let text): return (read as? String) == text
            case .array(let elements):
                guard let array = read as? [Any], array.count == elements.count else { return false }
                return zip(elements, array).allSatisfy { matches($0, $1) }
            case .date, .timestamp: return false
            }
        }
        for _ in 0..<500 {
            var payload = LogPayload()
            for index in 0..<Int(generator.next() % 8) { payload.append("k\(index)" + randomString(), randomValue(depth: 0)) }
            let text = json { $0.object(payload) }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
            #expect(object.count == Set(payload.keys).count, "\(text)")
            for field in payload.fields {
                #expect(object[field.key].map { matches(field.value, $0) } == true, "\(field.value) read as \(String(describing: object[field.key]))")
            }
        }
    }

    /// Every kind of value at its longest: each must stay within the bound the writer
    /// measured (debug builds check every byte written), and still be valid JSON.
    @Test func valuesAtTheirLongestStayWithinTheirBounds() throws {
        var extremeDate = LogDate(year: 2026, month: 1, day: 1)!
        extremeDate.year = .min
        extremeDate.month = .min
        extremeDate.day = .max
        let values: [LogValue] = [
            .integer(.min), .integer(.max), .double(-2.2250738585072014e-308), .double(-.greatestFiniteMagnitude),
            .double(-.leastNonzeroMagnitude), .double(.nan), .double(-1e15 + 0.5), .bool(false), .null,
            .float(-Float.leastNormalMagnitude.nextDown), .float(-.greatestFiniteMagnitude), .float(-.leastNonzeroMagnitude), .float(-16_777_215),
            .float(-0.00012345679), .float(.nan),
            .string(String(repeating: "\u{01}", count: 50)), .string(String(repeating: "\"", count: 33)),
            .date(extremeDate), .timestamp(Date(timeIntervalSince1970: -9e12)), .timestamp(Date(timeIntervalSince1970: 9e12)),
            .array([.array([.array([])]), .date(extremeDate), .integer(.min), .string("\u{1F}")]),
        ]
        for value in values {
            let text = json { $0.value(value) }
            #expect(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) is [Any], "\(text)")
        }
        #expect(json { $0.date(extremeDate) } == #""-9223372036854775808--9223372036854775808-9223372036854775807""#)
        let payload = LogPayload(values.enumerated().map { ("k\($0.offset)", $0.element) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json { $0.object(payload) }.utf8)) as? [String: Any])
        #expect(object.count == values.count)
    }
}
