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

    @Test func warningsAloneDoNotFailLintOrSchema() throws {
        let lint = try runLoggen(["lint", "WarningsOnly"], in: resources)
        #expect(lint == LoggenRun(status: 0, standardOutput: "", standardError: """
            WarningsOnly/shop.md:3:4: warning: event 'buy' has no description; add a paragraph under its heading
            WarningsOnly: 1 warning

            """))
        let schema = try runLoggen(["schema", "WarningsOnly"], in: resources)
        #expect(schema.status == 0)
        #expect(schema.standardOutput.hasPrefix(#"{"hash":"fnv1a64:"#))
        #expect(schema.standardOutput.contains(#"","categories":[{"name":"shop","#))
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
        #expect(pretty.standardOutput.hasPrefix("{\n  \"hash\": \"fnv1a64:"))
        #expect(pretty.standardOutput.contains("\",\n  \"categories\": [\n    {\n"))
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

    @Test(arguments: [["--help"], ["lint", "--help"], ["schema", "--help"], ["generate", "--help"], ["ddl", "--help"], ["diff", "--help"]])
    func helpIsSnapshotted(arguments: [String]) throws {
        let run = try runLoggen(arguments)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let name = (["loggen"] + arguments.dropLast()).joined(separator: "-") + ".help.txt"
        try expectGolden(run.standardOutput, at: resources.appendingPathComponent("Help/\(name)"))
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
