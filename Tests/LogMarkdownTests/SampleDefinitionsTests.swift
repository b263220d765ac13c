import Foundation
import LogMarkdown
import LogSchema
import Testing

/// The project's own sample, `LogDefinitions/`: it lints clean and its schema is pinned.
@Suite struct SampleDefinitionsTests {
    func loadSample() throws -> LoadedSchema {
        let folder = projectRoot.appendingPathComponent("LogDefinitions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        return SchemaLoader().load(
            documents: try names.map { name in
                ("LogDefinitions/\(name)", Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            })
    }

    @Test func sampleHasNoErrorsAndNoWarnings() throws {
        #expect(DiagnosticPrinter.render(try loadSample().diagnostics) == "")
    }

    @Test func sampleSchemaJSON() throws {
        let json = SchemaJSONEncoder().encode(try loadSample().schema)
        try expectGolden(json, "LogDefinitions.schema.json")
    }

    /// The sample uses every feature of the syntax, so that it shows each one working.
    @Test func sampleUsesEverySyntaxFeature() throws {
        let schema = try loadSample().schema
        let fields = schema.common + schema.categories.flatMap { $0.events.flatMap(\.fields) }
        let events = schema.categories.flatMap(\.events)
        #expect(Set(fields.compactMap(\.type.builtin)) == Set(BuiltinType.allCases))
        #expect(Set(events.map(\.status)) == Set(Status.allCases))
        #expect(Set(fields.map(\.status)) == Set(Status.allCases))
        #expect(fields.contains { $0.isPersonalData && $0.status == .deprecated })  // markers together
        #expect(fields.contains { $0.isOptional && $0.type.maxLength != nil })
        #expect(fields.contains { $0.type.range?.min.description.contains(".") == true })
        #expect(fields.contains { $0.type.builtin?.isInteger == true && $0.type.range != nil })
        #expect(fields.contains { $0.type.pattern != nil })
        #expect(fields.contains { $0.type.isArray && $0.type.maxCount == nil && $0.isOptional })
        #expect(fields.contains { $0.type.isArray && $0.type.maxLength != nil && $0.type.maxCount != nil })
        #expect(fields.contains { $0.type.isArray && schema.enumType(named: $0.type.scalar.name) != nil })
        #expect(fields.contains { if case .custom(let name) = $0.type.scalar { schema.enumType(named: name) == nil } else { false } })
        #expect(fields.contains { $0.descriptions.count > 1 })
        #expect(schema.types.contains { $0.cases.contains { !$0.descriptions.isEmpty } })
        #expect(!schema.common.isEmpty)
    }
}
