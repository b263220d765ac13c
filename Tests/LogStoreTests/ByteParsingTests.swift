import Foundation
import Testing
@testable import LogStore

/// The hand-written byte loops that replaced generic collection code (issue 26: `split`,
/// `allSatisfy`, `elementsEqual` and a second sort each linked specialised code into every app):
/// the same patterns, names, orders and files accepted and rejected as before, with the same errors.
@Suite struct ByteParsingTests {
    /// Each pattern with its whole error message (`nil`: accepted), as the parser over
    /// characters (`split(separator:)`) wrote them.
    @Test(
        arguments: [
            ("", "the pattern is empty; use `**` to match every tag"),
            (".", "segment 1 is empty; write segments separated by single dots, as in `category.event`"),
            ("a..b", "segment 2 is empty; write segments separated by single dots, as in `category.event`"),
            ("a.b.", "segment 3 is empty; write segments separated by single dots, as in `category.event`"),
            ("a.**.", "segment 3 is empty; write segments separated by single dots, as in `category.event`"),
            ("a*.", "segment `a*` mixes `*` with a name; `*` and `**` must stand alone between dots (`a.*`, not `a*`)"),
            ("***", "segment `***` mixes `*` with a name; `*` and `**` must stand alone between dots (`a.*`, not `a*`)"),
            ("a.b/*", "segment `b/*` mixes `*` with a name; `*` and `**` must stand alone between dots (`a.*`, not `a*`)"),
            ("x.caf\u{E9}.y", "segment `caf\u{E9}` contains `\u{E9}`; names use letters, digits, `_` and `-`"),
            ("x.ab\u{1F600}c", "segment `ab\u{1F600}c` contains `\u{1F600}`; names use letters, digits, `_` and `-`"),
            ("a\u{301}", "segment `a\u{301}` contains `\u{301}`; names use letters, digits, `_` and `-`"),
            ("a.b c.d e", "segment `b c` contains ` `; names use letters, digits, `_` and `-`"),
            // The one difference from the characters: a combining mark after `.` or `*` is no
            // longer read as part of that character (rejected either way, another message).
            ("a.\u{301}b", "segment `\u{301}b` contains `\u{301}`; names use letters, digits, `_` and `-`"),
            ("*\u{301}", "segment `*\u{301}` mixes `*` with a name; `*` and `**` must stand alone between dots (`a.*`, not `a*`)"),
            ("**", nil),
            ("*", nil),
            ("a.*.**.B-9_z", nil),
        ] as [(String, String?)])
    func tagPatternErrors(pattern: String, message: String?) {
        do {
            _ = try TagPattern(pattern)
            #expect(message == nil, "accepted \(pattern)")
        } catch {
            #expect(error == TagPatternError(pattern: pattern, message: message ?? "(accepted)"))
        }
    }

    @Test func tagPatternSegments() throws {
        func shape(_ text: String) throws -> String {
            try TagPattern(text).segments.map { segment in
                switch segment {
                case .name(let name): name
                case .one: "*"
                case .anyNumber: "**"
                }
            }.joined(separator: "|")
        }
        #expect(try shape("a.*.**.b") == "a|*|**|b")
        #expect(try shape("**.**.a.**.**") == "**|a|**")
        #expect(try shape("*.*") == "*|*")
        #expect(try TagPattern("a.**") == TagPattern("a.**"))
        #expect(try TagPattern("a.**") != TagPattern("a.*"))
        #expect(TagPattern.all == (try TagPattern("**")))
    }

    @Test(arguments: [
        ("a", true), ("Z-9_x", true), (String(repeating: "c", count: 64), true),
        ("", false), (String(repeating: "c", count: 65), false), ("../x", false), ("a.b", false),
        ("caf\u{E9}", false), ("a b", false),
    ])
    func cursorNames(name: String, valid: Bool) {
        #expect(((try? StoreLayout.validateCursorName(name)) != nil) == valid, "\(name)")
    }

    /// Segments listed in numeric order whatever the directory's order, across a change in
    /// the number of digits; names that only look like segments are left out.
    @Test func segmentsAreListedInNumericOrder() throws {
        let directory = NSTemporaryDirectory() + "byte-parsing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let numbers: [UInt64] = [10, 9, 1, 100, 99, 11, 2, 9_999_999_999_999_999, 1_000]
        for number in numbers {
            #expect(FileManager.default.createFile(atPath: directory + "/" + StoreLayout.segmentName(number) + ".log", contents: nil))
        }
        for name in ["segment-000000000000000x.log", "segment-0000000000000000.log", "segment-00000000000000012.log", "segment-0000000000000003.idx"] {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: nil))
        }
        let listing = try StoreLayout(directory: directory).list()
        #expect(listing.segments == numbers.sorted())
        #expect(listing.indexes == [3])
    }

    @Test func numberFilesCheckTheirMagic() {
        let bytes = StoreLayout.encodeNumber(42, magic: "BLOGCUR1")
        #expect(bytes.count == 20)
        #expect(StoreLayout.decodeNumber(bytes, magic: "BLOGCUR1") == 42)
        #expect(StoreLayout.decodeNumber(bytes, magic: "BLOGDRP1") == nil)
        #expect(StoreLayout.decodeNumber(Array(bytes.dropLast()), magic: "BLOGCUR1") == nil)
    }

    @Test func magicPrefix() {
        let magic = Array("BLOGSEG1".utf8)
        let file = magic + [0, 1, 2]
        file.withUnsafeBytes { #expect(magic.isPrefix(of: $0)) }
        file.withUnsafeBytes { #expect(!magic.isPrefix(of: UnsafeRawBufferPointer(rebasing: $0[0..<7]))) }
        Array("BLOGSEG2".utf8).withUnsafeBytes { #expect(!magic.isPrefix(of: $0)) }
        [UInt8]().withUnsafeBytes { #expect([UInt8]().isPrefix(of: $0)) }
    }
}
