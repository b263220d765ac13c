import LogMarkdown
import LogSchema
import Testing

@Suite struct MarkdownReaderTests {
    func read(_ text: String) throws -> MarkdownDocument {
        try MarkdownReader().read(Array(text.utf8), path: "doc.md")
    }

    @Test func crlfLineEndingsKeepLinesAndColumns() throws {
        let document = try read("# shop\r\n\r\n- item_id: !bigint\r\n    - The item\r\n")
        #expect(
            document.dump() == """
                document @1:1-4:14
                  heading(1) @1:1-1:6 "# shop"
                  list @3:1-4:14
                    item @3:1-4:14
                      paragraph @3:3-3:18 "item_id: !bigint"
                      list @4:5-4:14
                        item @4:5-4:14
                          paragraph @4:7-4:14 "The item"
                """)
    }

    @Test func aLeadingByteOrderMarkIsSkippedAndColumnsCountFromTheTextAfterIt() throws {
        let document = try MarkdownReader().read([0xEF, 0xBB, 0xBF] + Array("# shop\n\n- item_id: !bigint\n".utf8), path: "doc.md")
        #expect(
            document.dump() == """
                document @1:1-3:18
                  heading(1) @1:1-1:6 "# shop"
                  list @3:1-3:18
                    item @3:1-3:18
                      paragraph @3:3-3:18 "item_id: !bigint"
                """)
    }

    @Test func aByteOrderMarkWithCRLFLineEndingsNamesTheCategoryWithoutWarnings() throws {
        let loaded = SchemaLoader().load(documents: [
            (
                "Defs/shop.md",
                [0xEF, 0xBB, 0xBF] + Array("# shop\r\n\r\n## buy\r\n\r\nSent on a purchase.\r\n\r\n- item_id: !bigint\r\n    - The item\r\n".utf8)
            )
        ])
        #expect(loaded.diagnostics.isEmpty)
        let category = try #require(loaded.schema.categories.first)
        #expect(category.location == SourceLocation(file: "Defs/shop.md", line: 1, column: 3))
        #expect(category.events.first?.location == SourceLocation(file: "Defs/shop.md", line: 3, column: 4))
        #expect(category.events.first?.fields.first?.location == SourceLocation(file: "Defs/shop.md", line: 7, column: 3))
        #expect(category.events.first?.descriptions == ["Sent on a purchase."])
    }

    @Test func aByteOrderMarkKeepsTheColumnOfABadByteOnLine1() {
        do {
            _ = try MarkdownReader().read([0xEF, 0xBB, 0xBF, 0x23, 0x20, 0x80], path: "doc.md")
            Issue.record("a lone continuation byte was accepted")
        } catch {
            #expect(error.location == SourceLocation(file: "doc.md", line: 1, column: 3))
        }
    }

    @Test func paragraphTextJoinsTrimmedLines() throws {
        let document = try read("- first line\n  second *line*\n")
        let paragraph = document.blocks.first { $0.kind == .paragraph }!
        #expect(document.text(of: paragraph) == "first line second *line*")
    }

    @Test func setextHeadingsNameTheCategoryAndEvents() throws {
        let loaded = load(["shop.md": "shop\n====\n\nbuy\n---\n\nSent on a purchase.\n"])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.schema.categories.first?.events.map(\.name) == ["buy"])
    }

    @Test(
        arguments: [
            ([0xC0, 0x80], 1),  // overlong encoding of NUL
            ([0xED, 0xA0, 0x80], 1),  // a UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 1),  // beyond U+10FFFF
            ([0xE2, 0x82], 1),  // truncated sequence
            ([0x61, 0x80], 2),  // lone continuation byte
        ] as [([UInt8], Int)])
    func invalidUTF8IsRejectedAtTheFirstBadByte(bytes: [UInt8], column: Int) {
        #expect(throws: InvalidEncodingError.self) { try MarkdownReader().read(bytes, path: "doc.md") }
        do {
            _ = try MarkdownReader().read(Array("# x\n".utf8) + bytes, path: "doc.md")
        } catch {
            #expect(error.location == SourceLocation(file: "doc.md", line: 2, column: column))
        }
    }

    /// The check skips ASCII eight bytes at a time: a bad byte is found at every offset
    /// within and after such a run, and multibyte text between runs is still accepted.
    @Test(arguments: 0..<17)
    func invalidUTF8IsFoundAfterARunOfASCII(prefixLength: Int) throws {
        let line = Array(String(repeating: "a", count: prefixLength).utf8)
        let valid = Array("# x\n".utf8) + line + Array("é🛒".utf8) + line + [0x0A]
        _ = try MarkdownReader().read(valid, path: "doc.md")
        do {
            _ = try MarkdownReader().read(Array("# x\n".utf8) + line + [0xFF] + line, path: "doc.md")
            Issue.record("0xFF after \(prefixLength) ASCII bytes was accepted")
        } catch {
            #expect(error.location == SourceLocation(file: "doc.md", line: 2, column: prefixLength + 1))
            #expect(error.byte == 0xFF)
        }
    }

    @Test func validMultibyteTextIsAccepted() throws {
        let document = try read("# 買い物 🛒\n")
        #expect(
            document.dump() == #"""
                document @1:1-1:16
                  heading(1) @1:1-1:16 "# 買い物 🛒"
                """#)
    }
}
