import Foundation
import Testing

/// The built `loggen`, run as a user runs it: output, error output and exit code.
@Suite struct LoggenCommandTests {
    @Test func lintCleanDefinitions() throws {
        let run = try runLoggen(["lint", "./LogDefinitions"])
        #expect(run == LoggenRun(
            status: 0, standardOutput: "./LogDefinitions: 4 categories, 12 events, 5 types; no problems\n", standardError: ""))
    }

    @Test func lintReportsEveryProblemWithPathsAsGiven() throws {
        let run = try runLoggen(["lint", "./Malformed"], in: resources)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == """
            ./Malformed/shop.md:1:3: warning: heading 'store' differs from the file name 'shop'; the category is named after the file, so rename one to match
            ./Malformed/shop.md:7:3: error: field 'user_id' shadows the common field of the same name; rename it, the common payload already sends 'user_id'
            ./Malformed/common.md:3:3: note: common field 'user_id' is defined here
            ./Malformed/shop.md:9:12: error: unknown builtin type '!uuid'; use one of !smallint, !integer, !bigint, !real, !double, !boolean, !string, !date, !timestamp, !timestamptz, or a custom type name without '!'
            ./Malformed/shop.md:11:3: warning: field 'note' has no description; add a nested bullet under it
            ./Malformed: 2 errors, 2 warnings

            """)
    }

    /// Names the generated code already uses: `lint` reports each error `generate` would, in
    /// the same words at the same place, so that CI running `lint` is enough.
    @Test func lintReportsWhatGenerateRefuses() throws {
        let expected = """
            GeneratedNames/shop.md:9:3: error: field 'self' becomes 'self' in Swift, a name the generated code already uses; rename it
            GeneratedNames/shop.md:11:3: error: field 'schema_hash' becomes 'schemaHash' in Swift, a name the generated code already uses; rename it
            GeneratedNames/shop.md:23:4: error: event 'schemaHash' becomes 'schemaHash' in Swift, a name the generated code already uses; rename it
            GeneratedNames/types.md:3:4: error: type 'String' becomes the Swift type 'String', which generated code already uses; rename it
            GeneratedNames/types.md:9:3: error: case 'rawValue' becomes 'rawValue' in Swift, a name the generated code already uses; rename it

            """
        let lint = try runLoggen(["lint", "GeneratedNames"], in: resources)
        #expect(lint.status == 1)
        #expect(lint.standardOutput == "")
        #expect(lint.standardError == expected + "GeneratedNames: 5 errors\n")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("loggen-generated-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let generate = try runLoggen(["generate", "GeneratedNames", "--output", output.path], in: resources)
        #expect(generate.status == 1)
        #expect(generate.standardError.hasPrefix(expected))
    }

    @Test func warningsAloneDoNotFailLintOrSchema() throws {
        let lint = try runLoggen(["lint", "WarningsOnly"], in: resources)
        #expect(lint == LoggenRun(status: 0, standardOutput: "", standardError: """
            WarningsOnly/shop.md:3:4: warning: event 'buy' has no description; add a paragraph under its heading
            WarningsOnly: 1 warning

            """))
        let schema = try runLoggen(["schema", "WarningsOnly"], in: resources)
        #expect(schema.status == 0)
        #expect(schema.standardOutput.hasPrefix(#"{"categories":[{"name":"shop","#))
        #expect(schema.standardError == "WarningsOnly/shop.md:3:4: warning: event 'buy' has no description; add a paragraph under its heading\n")
    }

    @Test func schemaPrintsTheJSONOfTheSample() throws {
        let run = try runLoggen(["schema", "LogDefinitions"])
        let golden = try String(
            contentsOf: projectRoot.appendingPathComponent("Tests/LogMarkdownTests/Resources/LogDefinitions.schema.json"), encoding: .utf8)
        #expect(run == LoggenRun(status: 0, standardOutput: golden, standardError: ""))
        #expect(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) is [String: Any])
    }

    @Test func prettySchemaIsTheSameJSONIndented() throws {
        let compact = try runLoggen(["schema", "LogDefinitions"])
        let pretty = try runLoggen(["schema", "--pretty", "LogDefinitions"])
        #expect(pretty.status == 0)
        #expect(pretty.standardOutput.hasPrefix("{\n  \"categories\": [\n    {\n"))
        let parse = { (text: String) in try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary }
        #expect(try parse(pretty.standardOutput) == parse(compact.standardOutput))
    }

    @Test func schemaPrintsNothingWhenThereAreErrors() throws {
        let run = try runLoggen(["schema", "Malformed"], in: resources)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasSuffix(
            "loggen: error: the definitions have errors; fix them, then run 'loggen schema' again\n"))
    }

    @Test func missingFolderIsOneLine() throws {
        let run = try runLoggen(["lint", "NoSuchFolder"])
        #expect(run == LoggenRun(status: 1, standardOutput: "", standardError: """
            error: no such folder 'NoSuchFolder'; pass the folder that holds the definition documents, such as LogDefinitions

            """))
    }

    @Test func emptyFolderIsOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loggen-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runLoggen(["lint", "."], in: folder)
        #expect(run == LoggenRun(status: 1, standardOutput: "", standardError: """
            error: no definition documents (*.md) in '.'; add one file per category, such as './recipe_search.md'

            """))
    }

    @Test func documentThatIsNotUTF8IsOneLine() throws {
        let run = try runLoggen(["lint", "NotUTF8"], in: resources)
        #expect(run == LoggenRun(status: 1, standardOutput: "", standardError: """
            NotUTF8/shop.md:3:8: error: the document is not UTF-8 (byte 0xFF); save it as UTF-8
            NotUTF8: 1 error

            """))
    }

    @Test func versionIsPrinted() throws {
        #expect(try runLoggen(["--version"]) == LoggenRun(status: 0, standardOutput: "0.1.0\n", standardError: ""))
    }

    @Test func noCommandPrintsTheHelp() throws {
        let run = try runLoggen([])
        #expect(run.status == 0)
        #expect(run.standardOutput == (try runLoggen(["--help"])).standardOutput)
    }

    @Test(arguments: [["--help"], ["lint", "--help"], ["schema", "--help"], ["generate", "--help"], ["ddl", "--help"]])
    func helpIsSnapshotted(arguments: [String]) throws {
        let run = try runLoggen(arguments)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let name = (["loggen"] + arguments.dropLast()).joined(separator: "-") + ".help.txt"
        let golden = resources.appendingPathComponent("Help/\(name)")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try run.standardOutput.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without RECORD_GOLDENS")
        }
        #expect(run.standardOutput == (try String(contentsOf: golden, encoding: .utf8)))
    }

    @Test(arguments: [["lint"], ["lint", "a", "b"], ["frobnicate"], ["lint", "--frobnicate", "x"]])
    func usageErrorsExit64(arguments: [String]) throws {
        let run = try runLoggen(arguments)
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("loggen: error: "))
        #expect(run.standardError.contains("Usage: loggen"))
    }
}
