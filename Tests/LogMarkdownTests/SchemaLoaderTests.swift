import Foundation
import LogMarkdown
import LogSchema
import Testing
import TestSupport

@Suite struct SchemaLoaderTests {
    /// A fresh temporary folder with the given files, removed after `body`.
    func withFolder(_ files: [String: [UInt8]], _ body: (String) throws -> Void) throws {
        let temporary = TemporaryDirectory("loader")
        defer { temporary.remove() }
        let folder = temporary.url
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        try body(folder.path)
    }

    @Test func missingFolderIsOneError() {
        let loaded = SchemaLoader().load(directory: "/nonexistent/Defs")
        #expect(
            DiagnosticPrinter.render(loaded.diagnostics) == """
                error: no such folder '/nonexistent/Defs'; pass the folder that holds the definition documents, such as LogDefinitions

                """)
    }

    @Test func emptyFolderIsOneError() throws {
        try withFolder(["notes.txt": Array("not a definition".utf8)]) { folder in
            let loaded = SchemaLoader().load(directory: folder)
            #expect(
                DiagnosticPrinter.render(loaded.diagnostics) == """
                    error: no definition documents (*.md) in '\(folder)'; add one file per category, such as '\(folder)/recipe_search.md'

                    """)
            #expect(loaded.hasErrors)
        }
    }

    @Test func fileIsNotAFolder() throws {
        try withFolder(["a.md": Array("# a\n".utf8)]) { folder in
            let loaded = SchemaLoader().load(directory: folder + "/a.md")
            #expect(
                loaded.diagnostics.map(\.message) == [
                    "'\(folder)/a.md' is not a folder; pass the folder that holds the definition documents, such as LogDefinitions"
                ])
        }
    }

    @Test func documentsAreReadInNameOrderWithPathsAsGiven() throws {
        let event = { (name: String) in Array("# \(name)\n\n## e\n\nAn event.\n".utf8) }
        try withFolder(["b.md": event("b"), "a.md": event("a"), "C.md": event("C"), ".hidden.md": event("hidden")]) { folder in
            let loaded = SchemaLoader().load(directory: folder + "/")
            #expect(loaded.diagnostics.isEmpty)
            #expect(loaded.schema.categories.map(\.name) == ["C", "a", "b"])
            #expect(loaded.schema.categories.map(\.file) == ["\(folder)/C.md", "\(folder)/a.md", "\(folder)/b.md"])
        }
    }

    /// The folder listing reads each name through a pointer up to its NUL (issue 13): among
    /// 2,600 other files with names of every length from 1 to 255 bytes, which end `readdir`'s
    /// buffer at many different offsets, the documents are found, and only they. (Copying the
    /// fixed-size `d_name` read past the buffer's end; `make asan-store` runs this under ASan.)
    @Test func documentsAreFoundAmongThousandsOfNamesOfEveryLength() throws {
        let event = { (name: String) in Array("# \(name)\n\n## e\n\nAn event.\n".utf8) }
        var files: [String: [UInt8]] = ["b.md": event("b"), "a.md": event("a"), "C.md": event("C")]
        for index in 0..<2_600 {
            let length = 1 + (index * 7) % 255
            var name = String(index, radix: 36)
            while name.utf8.count < length { name.append("-") }
            files[name] = []
        }
        try withFolder(files) { folder in
            let loaded = SchemaLoader().load(directory: folder)
            #expect(loaded.diagnostics.isEmpty)
            #expect(loaded.schema.categories.map(\.name) == ["C", "a", "b"])
        }
    }

    @Test func aDocumentThatIsNotUTF8IsOneErrorAndTheOthersStillLoad() throws {
        try withFolder(["a.md": Array("# a\n\n## e\n\nAn event.\n".utf8), "b.md": [0x23, 0x20, 0xFE]]) { folder in
            let loaded = SchemaLoader().load(directory: folder)
            #expect(
                DiagnosticPrinter.render(loaded.diagnostics) == """
                    \(folder)/b.md:1:3: error: the document is not UTF-8 (byte 0xFE); save it as UTF-8

                    """)
            #expect(loaded.schema.categories.map(\.name) == ["a"])
        }
    }

    @Test func manyDocumentsLoadInParallelInOrder() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<40 {
            files[String(format: "cat_%02d.md", index)] = Array(
                "# cat_\(String(format: "%02d", index))\n\n## e\n\nAn event.\n\n- value_\(index): !integer\n    - A value\n".utf8)
        }
        try withFolder(files) { folder in
            let loaded = SchemaLoader().load(directory: folder)
            #expect(loaded.diagnostics.isEmpty)
            #expect(loaded.schema.categories.map(\.name) == (0..<40).map { String(format: "cat_%02d", $0) })
        }
    }
}
