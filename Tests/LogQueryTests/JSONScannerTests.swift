import Foundation
import LogCore
import LogCoreTools
@testable import LogQuery
import Testing

@Suite struct JSONScannerTests {
    /// The end of a string, found eight bytes at a time, is where a byte-by-byte walk finds it:
    /// quotes, escapes and control characters at every position of a word, multi-byte UTF-8.
    @Test func stringEndAgreesWithAByteWalk() {
        func walked(_ bytes: [UInt8]) -> Int? {
            var index = 1
            while index < bytes.count {
                if bytes[index] == 0x22 { return index + 1 }
                if bytes[index] == 0x5C { index += 2; continue }
                if bytes[index] < 0x20 { return nil }
                index += 1
            }
            return nil
        }
        let alphabet: [UInt8] = Array("ab é\\\"".utf8) + [0x01, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0x5B]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<200 {
                let bytes = [0x22] + (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                let found = bytes.withUnsafeBufferPointer { JSONScanner($0).stringEnd(from: 0) }
                #expect(found == walked(bytes), "\(bytes)")
            }
        }
    }

    @Test func decodesEveryKindOfValueInOrder() throws {
        let value = try #require(JSONValue.parse(#" {"b":1,"a":[true,false,null],"c":{"d":-2.5e1},"e":"x\"\u00e9\ud83d\ude00","f":9223372036854775807} "#))
        #expect(
            value
                == .object([
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

@Suite struct JSONScannerUUIDTests {
    private func uuid(_ text: String) -> UUID? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { JSONScanner($0).uuid(0..<$0.count) }
    }

    @Test func readsTheRuntimesFormInEitherCase() {
        let expected = UUID(uuidString: "0192F3A4-5B6C-7D8E-9FA0-B1C2D3E4F506")
        #expect(uuid(#""0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506""#) == expected)
        #expect(uuid(#""0192F3A4-5B6C-7D8E-9FA0-B1C2D3E4F506""#) == expected)
    }

    @Test(arguments: [
        #""0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f50""#, #""0192f3a4x5b6c-7d8e-9fa0-b1c2d3e4f506""#,
        #""0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f5g6""#, #"0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f50600"#, #""""#,
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(uuid(text) == nil)
    }
}
