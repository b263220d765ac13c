import Testing
@testable import LogQuery

@Suite struct JSONScannerTests {
    @Test func decodesEveryKindOfValueInOrder() throws {
        let value = try #require(JSONValue.parse(#" {"b":1,"a":[true,false,null],"c":{"d":-2.5e1},"e":"x\"\u00e9\ud83d\ude00","f":9223372036854775807} "#))
        #expect(value == .object([
            JSONMember("b", .integer(1)),
            JSONMember("a", .array([.bool(true), .bool(false), .null])),
            JSONMember("c", .object([JSONMember("d", .double(-25))])),
            JSONMember("e", .string("x\"é😀")),
            JSONMember("f", .integer(Int64.max)),
        ]))
    }

    @Test(arguments: [
        "", "{", "{\"a\":}", "{\"a\" 1}", "[1,]", "[1 2]", "tru", "nul", "01x", "-", "1.", "1e", "\"abc",
        "\"a\u{01}b\"", "{\"a\":1}x", "\"\\q\"", "\"\\ud83d\"", "{,}", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ])
    func rejectsMalformedTextWithoutCrashing(_ text: String) {
        #expect(JSONValue.parse(text) == nil)
    }

    @Test func findsMembersWithoutDecodingTheRest() throws {
        let text = Array(#"{"schema":"v1","payload":{"keyword":"egg","page":2},"k\u0065y":"escaped"}"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            let scanner = JSONScanner(bytes)
            let payload = try #require(scanner.member(Array("payload".utf8), ofObjectAt: 0))
            let keyword = try #require(scanner.member(Array("keyword".utf8), ofObjectAt: payload.lowerBound))
            #expect(scanner.decodeString(keyword) == "egg")
            let page = try #require(scanner.member(Array("page".utf8), ofObjectAt: payload.lowerBound))
            #expect(scanner.parseInteger(page) == 2)
            #expect(scanner.member(Array("missing".utf8), ofObjectAt: 0) == nil)
            let escaped = try #require(scanner.member(Array("key".utf8), ofObjectAt: 0))
            #expect(scanner.decodeString(escaped) == "escaped")
        }
    }

    @Test func integersThatOverflowBecomeDoubles() {
        #expect(JSONValue.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(JSONValue.parse("-9223372036854775808") == .integer(Int64.min))
        #expect(JSONValue.parse("0.5") == .double(0.5))
    }

    @Test func writesWhatItReads() throws {
        let text = #"{"a":"line\nbreak \"quoted\" \u0001","b":[1,2.5,true,null],"c":{}}"#
        let value = try #require(JSONValue.parse(text))
        #expect(value.jsonText == text)
        #expect(JSONValue.parse(value.jsonText) == value)
    }
}
