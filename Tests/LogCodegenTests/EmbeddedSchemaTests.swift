import Foundation
import LogMarkdown
import LogSchema
import Testing
@testable import LogCodegen

/// `loggen generate --embed-schema`: the definitions as `loggen schema`'s JSON in the app.
@Suite struct EmbeddedSchemaTests {
    @Test func theLiteralOutlastsEveryHashRunInTheText() {
        #expect(EmbeddedSchemaRenderer.rawStringLiteral(#"{"a":1}"#) == ##"#"{"a":1}"#"##)
        // `"##` and `\##(` in the text: three `#` close neither the literal nor open an interpolation.
        let text = "{\"a\":\"\\\"##(x)\"}"
        #expect(EmbeddedSchemaRenderer.rawStringLiteral(text) == "###\"" + text + "\"###")
    }

    /// What Swift source cannot hold as it is (DEL, an RTL override) becomes a JSON escape:
    /// the same JSON value, and the file compiles (the hostile reference proves it).
    @Test func charactersSwiftSourceRefusesBecomeJSONEscapes() {
        #expect(EmbeddedSchemaRenderer.sourceSafe("{\"a\":\"x\u{7F}y\u{202E}z\"}") == #"{"a":"x\u007Fy\u202Ez"}"#)
        #expect(EmbeddedSchemaRenderer.sourceSafe(#"{"a":"café 🍳"}"#) == #"{"a":"café 🍳"}"#)
    }

    @Test func pathsBecomeRelativeToTheDefinitionsFolder() throws {
        let folder = TestPaths.packageRoot.appending(path: "LogDefinitions")
        // The plugin passes an absolute path: none of it may reach the app.
        let loaded = SchemaLoader().load(directory: folder.path)
        #expect(!loaded.hasErrors)
        let file = EmbeddedSchemaRenderer().file(for: loaded.schema, folderName: "LogDefinitions")
        #expect(file.name == "schema+embedded.swift")
        #expect(!file.contents.contains(TestPaths.packageRoot.path))
        let literal = try #require(file.contents.split(separator: "\n").first { $0.contains("static let definitionsJSON") })
        let json = String(literal.drop { $0 != "{" }.dropLast(2))  // the text between #" and "#
        let decoded = try SchemaJSONDecoder().decode(json)
        #expect(SchemaFingerprint.hash(of: decoded) == SchemaFingerprint.hash(of: loaded.schema))
        #expect(
            decoded.categories.allSatisfy { category in
                category.file.hasPrefix("LogDefinitions/") && category.events.allSatisfy { $0.location.file == category.file }
            })
        #expect(decoded.categories.map(\.file) == loaded.schema.categories.map { "LogDefinitions/" + ($0.file as NSString).lastPathComponent })
    }

    @Test func onlyWhenAsked() throws {
        let loaded = SchemaLoader().load(directory: TestPaths.packageRoot.appending(path: "LogDefinitions").path)
        let plain = try CodeGenerator().generate(loaded.schema).map(\.name)
        let embedding = try CodeGenerator(embeddedSchemaFolderName: "LogDefinitions").generate(loaded.schema).map(\.name)
        #expect(!plain.contains("schema+embedded.swift"))
        #expect(embedding == (plain + ["schema+embedded.swift"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // The plugin declares the same outputs.
        let documents = loaded.schema.categories.map(\.name) + ["common", "types"]
        #expect(GeneratedFilePlan.fileNames(forDocuments: documents, embedsSchema: true) == embedding)
        #expect(GeneratedFilePlan.fileNames(forDocuments: documents) == plain)
    }
}
