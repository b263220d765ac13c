import Foundation
import LogMarkdown
import LogSchema
import Testing

/// Parse-stage snapshots: the reader's block tree with ranges, and the parsed schema.
@Suite struct ParseSnapshotTests {
    func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: resources.appendingPathComponent("Snapshots/\(name)")))
    }

    @Test func readerBlockTree() throws {
        let document = try MarkdownReader().read(try fixture("recipe_search.md"), path: "recipe_search.md")
        try expectGolden(document.dump() + "\n", "Snapshots/recipe_search.blocks.txt")
    }

    @Test func parsedSchema() throws {
        let loaded = SchemaLoader().load(documents: [("recipe_search.md", try fixture("recipe_search.md"))])
        try expectGolden(SchemaJSONEncoder().encode(loaded.schema), "Snapshots/recipe_search.schema.json")
        try expectGolden(DiagnosticPrinter.render(loaded.diagnostics), "Snapshots/recipe_search.diagnostics.txt")
    }
}
