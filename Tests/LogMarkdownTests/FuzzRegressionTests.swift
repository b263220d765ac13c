import Foundation
import LogMarkdown
import LogSchema
import Testing

/// Inputs the fuzzer found (or that probe the same corners: unclosed spans, empty
/// headings, NUL bytes, CR-only lines, deep nesting, huge numbers). Each runs through the
/// fuzz target's path and must give the same diagnostics twice, never a crash.
///
/// A file's first byte picks the role, as in `Tests/Fuzz/MarkdownReaderFuzzer.swift`.
@Suite struct FuzzRegressionTests {
    static let folder = resources.appendingPathComponent("FuzzRegressions")

    static func inputs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func thereAreRegressionInputs() throws {
        #expect(try Self.inputs().count >= 9)
    }

    @Test(arguments: try inputs())
    func inputLoadsWithoutCrashing(name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let names = ["Defs/fuzz.md", "Defs/common.md", "Defs/types.md"]
        let document = [(names[Int(bytes.first ?? 0) % names.count], Array(bytes.dropFirst()))]
        let first = SchemaLoader().load(documents: document)
        let second = SchemaLoader().load(documents: document)
        #expect(first.diagnostics == second.diagnostics)
        #expect(SchemaJSONEncoder().encode(first.schema) == SchemaJSONEncoder().encode(second.schema))
        for diagnostic in first.diagnostics {
            #expect(!diagnostic.description.contains("\n") || !diagnostic.notes.isEmpty)
        }
    }

    /// The exact outcome of the inputs whose problems are worth pinning.
    @Test func malformedNumbersAreReportedNotTrapped() throws {
        let text = DiagnosticPrinter.render(
            SchemaLoader().load(documents: [
                (
                    "Defs/fuzz.md",
                    Array(
                        """
                        ## e

                        Text.

                        - a: !string[99999999999999999999] 99999999999999999999999
                            - A
                        - b: !double 1e999..2
                            - B

                        """.utf8)
                )
            ]).diagnostics)
        #expect(
            text == """
                Defs/fuzz.md:5:13: error: array count '[99999999999999999999]' is out of range; write a count from 1, such as '[5]'
                Defs/fuzz.md:7:14: error: malformed range '1e999..2'; write min..max with numbers, such as 1..100 or 0..1.5

                """)
    }
}
