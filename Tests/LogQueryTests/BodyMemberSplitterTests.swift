import Foundation
import LogCore
import LogCoreTools
@testable import LogQuery
import Testing

/// The splitter remembers the previous body's layout; whatever came before, it must split a
/// body exactly as a walk over that body alone does.
@Suite struct BodyMemberSplitterTests {
    static let prefix = #"{"schema":"s1","common":{"device":"d1","n":[1,{"x":"}"}]},"violations":[],"payload":"#
    static let bodies = [
        prefix + #"{"k":"a"}}"#,
        prefix + #"{"k":"b","n":[1,2.5e3,null,true]}}"#,
        prefix + #"{"k":"b""#,  // cut inside the payload
        prefix + #"{"k":1},"extra":false}"#,  // a member after the payload
        prefix + #" {"k":2} }"#,  // whitespace around the payload
        prefix + #"{"k":1} x"#,  // garbage after the payload
        prefix + #"{"k":1}"#,  // no closing brace
        prefix + "1}",
        prefix + #"{"k":"a"},"payload":2}"#,  // a second payload: the first wins
        prefix,  // nothing after the key
        #"{"schema":"s1","common":{"device":"d2"},"violations":[],"payload":{"k":"a"}}"#,
        #"{"payload":{"a":1},"schema":"s"}"#,
        #"{"seq":1,"tag":"x","schema":"s","payload":{}}"#,
        #"{"seq":1,"tag":"x","schema":"s","payload":[]}"#,
        #"{"\u0070ayload":{"escaped":true},"schema":"s"}"#,
        #"{"\u0070ayload":{"escaped":false},"schema":"s"}"#,
        #"{}"#, #"[1]"#, #""x""#, "", " ", #"{"a":1,}"#,
        prefix + #"{"k":"a"}}"#,
    ]

    /// The members as one walk over the body finds them.
    static func reference(_ body: UnsafeBufferPointer<UInt8>) -> (wellFormed: Bool, payload: Range<Int>?, others: [String]) {
        let scanner = JSONScanner(body)
        var payload: Range<Int>?
        var others: [String] = []
        let framed = ["seq", "time", "tag", "uuid"].map { Array($0.utf8) }
        let wellFormed =
            scanner.kind(at: 0) == .object
            && scanner.forEachMember(ofObjectAt: 0) { key, value in
                if payload == nil && scanner.keyEquals(key, EnvelopeKey.payload.bytes) {
                    payload = value
                } else if !(key.count <= 4 && framed.contains { scanner.keyEquals(key, $0) }) {
                    others.append("\(key)=\(value)")
                }
                return true
            }
        return wellFormed ? (true, payload, others) : (false, nil, [])
    }

    @Test func aReusedSplitterSplitsLikeAWalkOverEachBodyAlone() {
        var splitter = BodyMemberSplitter()
        var others: [BodyMemberSplitter.Member] = []
        // Twice over, so that every body also follows every kind of predecessor.
        for body in Self.bodies + Self.bodies.reversed() {
            Array(body.utf8).withUnsafeBufferPointer { bytes in
                let split = splitter.split(bytes, others: &others)
                let expected = Self.reference(bytes)
                #expect(split.wellFormed == expected.wellFormed, "\(body)")
                #expect(split.payload == expected.payload, "\(body)")
                #expect(split.wellFormed == false || others.map { "\($0.key)=\($0.value)" } == expected.others, "\(body)")
            }
        }
    }

    @Test func aReusedJSONLinesFormatterWritesWhatAFreshOneWrites() {
        var formatter = JSONLinesFormatter()
        var reused = OutputBuffer.collecting()
        var fresh = OutputBuffer.collecting()
        for (index, body) in (Self.bodies + Self.bodies.reversed()).enumerated() {
            // Times across days (before 1970 too) and tags that repeat, change and need escapes,
            // for the formatter's remembered day and tag.
            let microseconds = [1_700_000_000_000_000, 1_700_000_000_999_999, 1_700_086_400_000_000, -1_000, -86_400_000_001][index % 5]
            let tag = ["a.b", "a.b", "c.d", "q\"x.y", "a.b"][index % 5]
            let log = LogRecordView.Owned(
                sequence: UInt64(index), microseconds: Int64(microseconds), tag: tag,
                uuid: UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(index))), body: Array(body.utf8))
            log.withStoredLog { formatter.write($0, into: &reused) }
            log.withStoredLog { JSONLinesFormatter.appendObject($0, into: &fresh) }
            fresh.append(0x0A)
        }
        #expect(reused.text == fresh.text)
        #expect(reused.text.contains(#""time":"1969-12-31T23:59:59.999Z","tag":"q\"x.y""#))
        #expect(reused.text.contains(#""time":"1969-12-30T23:59:59.999Z","tag":"a.b""#))
        #expect(
            reused.text.contains(
                #"{"seq":1,"time":"2023-11-14T22:13:20.999Z","tag":"a.b","uuid":"00010203-0405-0607-0809-0a0b0c0d0e01","payload":{"k":"b","n":[1,2.5e3,null,true]},"schema":"s1","common":{"device":"d1","n":[1,{"x":"}"}]},"violations":[]}"#
            ))
    }
}
