import Foundation
import Testing
import TestSupport

/// `loggen diff`: a golden per rule (Resources/Diff/<rule>/old and new, and the exact
/// output), `--against` on a real git repository, the JSON, exit codes, invalid definitions
/// on either side, and `loggen ddl --alter-from` refusing exactly what `diff` says breaks
/// the warehouse.
@Suite struct LoggenDiffCommandTests {
    /// One case per rule (named after it), and one without changes.
    static let cases = [
        "category-removed", "event-removed", "field-removed", "type-changed", "became-required",
        "enum-case-removed", "enum-case-moved", "enum-widened", "column-type-changed",
        "limit-narrowed", "pattern-changed", "became-optional", "required-field-added", "pii-removed", "marked-obsolete",
        "category-added", "event-added", "field-added", "enum-added", "enum-removed", "enum-case-added",
        "limit-widened", "marked-deprecated", "status-restored", "obsolete-removed", "pii-added", "description-changed",
        "no-changes",
    ]

    static let diffResources = resources.appendingPathComponent("Diff")

    @Test(arguments: cases)
    func eachRuleHasItsGolden(name: String) throws {
        let run = try runLoggen(["diff", "old", "new", "--verbose"], in: Self.diffResources.appendingPathComponent(name))
        #expect(run.standardError == "")
        try expectGolden(
            run.standardOutput + "exit status: \(run.status)\n",
            at: Self.diffResources.appendingPathComponent("\(name)/expected.txt"))
        // The case is named after the rule it shows, and that rule's line is there.
        if name != "no-changes" { #expect(run.standardOutput.contains(": \(name): ")) }
        // Exit 1 exactly when something breaks (the default --fail-on breaking).
        #expect(run.status == (run.standardOutput.contains(": error: ") ? 1 : 0))
    }

    @Test func notesAreLeftOutUnlessVerbose() throws {
        let run = try runLoggen(["diff", "old", "new"], in: Self.diffResources.appendingPathComponent("column-type-changed"))
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains(": note: "))
        #expect(run.standardOutput.hasSuffix("\n2 breaking, 0 caution, 1 safe (--verbose shows the safe ones); fails on breaking\n"))
    }

    @Test func jsonHasEveryChangeWithItsLocations() throws {
        let directory = Self.diffResources.appendingPathComponent("column-type-changed")
        let run = try runLoggen(["diff", "old", "new", "--format", "json"], in: directory)
        #expect(run.status == 1)
        #expect(run.standardError == "")
        try expectGolden(run.standardOutput, at: directory.appendingPathComponent("expected.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let changes = try #require(document["changes"] as? [[String: Any]])
        #expect(changes.map { $0["category"] as? String } == ["column-type-changed", "field-removed", "field-added"])
        #expect(changes.map { $0["severity"] as? String } == ["breaking", "breaking", "safe"])
        #expect(changes.map { $0["warehouse"] as? Bool } == [true, false, false])
        let removed = changes[1]
        #expect(removed["kind"] as? String == "field")
        #expect(removed["event"] as? String == "shop.buy")
        #expect(removed["field"] as? String == "gift")
        #expect(removed["new"] is NSNull)
        #expect((removed["old"] as? [String: Any])?["file"] as? String == "old/shop.md")
        #expect(document["summary"] as? [String: Int] == ["breaking": 2, "caution": 0, "safe": 1])
        let old = try #require(document["old"] as? [String: String])
        #expect(old["hash"]?.hasPrefix("fnv1a64:") == true)
        #expect(old["hash"] != (document["new"] as? [String: String])?["hash"])
    }

    @Test func failOnCautionFailsOnWarnings() throws {
        let directory = Self.diffResources.appendingPathComponent("limit-narrowed")
        #expect(try runLoggen(["diff", "old", "new"], in: directory).status == 0)
        let strict = try runLoggen(["diff", "old", "new", "--fail-on", "caution"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.standardOutput.hasSuffix("0 breaking, 3 caution, 0 safe; fails on caution\n"))
    }

    @Test(arguments: [
        (["diff", "old"], "loggen: error: give the OLD and the NEW folder"),
        (["diff", "old", "new", "newer"], "loggen: error: give the OLD and the NEW folder"),
        (["diff", "old", "new", "--format", "xml"], "loggen: error: unknown format 'xml'; use text or json"),
        (["diff", "old", "new", "--fail-on", "safe"], "loggen: error: unknown --fail-on 'safe'; use breaking or caution"),
        (["diff", "--against", "HEAD", "old", "new"], "loggen: error: with --against give at most one folder"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let run = try runLoggen(arguments, in: Self.diffResources.appendingPathComponent("no-changes"))
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix(message))
    }

    @Test(arguments: ["old", "new"])
    func invalidDefinitionsOnEitherSideAreReportedLikeLint(side: String) throws {
        let directory = try copyOfCase("type-changed")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let broken = directory.appendingPathComponent("\(side)/shop.md")
        try (try String(contentsOf: broken, encoding: .utf8)).replacingOccurrences(
            of: "- item_id: !bigint\n    - The item\n- size", with: "- item_id: !uuid\n    - The item\n- size"
        )
        .write(to: broken, atomically: true, encoding: .utf8)
        let lint = try runLoggen(["lint", side], in: directory)
        let run = try runLoggen(["diff", "old", "new"], in: directory)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        let firstLintLine = try #require(lint.standardError.split(separator: "\n").first)
        #expect(firstLintLine.hasPrefix("\(side)/shop.md:9:"))
        #expect(run.standardError.hasPrefix(firstLintLine + "\n"))
        #expect(run.standardError.hasSuffix("loggen: error: the definitions in \(side) have errors; fix them (loggen lint), then run 'loggen diff' again\n"))
    }

    @Test func againstReadsTheFolderAtAGitRevision() throws {
        let repository = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repository) }
        let git = { (arguments: [String]) throws -> ProcessResult in
            let result = try ProcessRunner.run(
                "/usr/bin/env", ["git", "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments, in: repository)
            #expect(result.status == 0, "git \(arguments): \(result.standardError)")
            return result
        }
        let definitions = repository.appendingPathComponent("LogDefinitions")
        let fixture = Self.diffResources.appendingPathComponent("type-changed")
        _ = try git(["init", "--quiet"])
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("old"), to: definitions)
        _ = try git(["add", "LogDefinitions"])
        _ = try git(["commit", "--quiet", "-m", "old definitions"])
        try FileManager.default.removeItem(at: definitions)
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("new"), to: definitions)
        _ = try git(["commit", "--quiet", "-a", "-m", "new definitions"])

        let run = try runLoggen(["diff", "--against", "HEAD~1"], in: repository)
        #expect(run.status == 1)
        #expect(run.standardError == "")
        // The golden's lines, with the folders named as git and the working tree name them.
        let golden = try String(contentsOf: fixture.appendingPathComponent("expected.txt"), encoding: .utf8)
        let expected = golden.replacingOccurrences(of: "old: old ", with: "old: HEAD~1:LogDefinitions ")
            .replacingOccurrences(of: "new: new ", with: "new: LogDefinitions ")
            .replacingOccurrences(of: "old/", with: "HEAD~1:LogDefinitions/")
            .replacingOccurrences(of: "new/", with: "LogDefinitions/")
            .replacingOccurrences(of: "exit status: 1\n", with: "")
        #expect(run.standardOutput == expected)

        // The folder as committed last is the working tree: nothing changed.
        let same = try runLoggen(["diff", "--against", "HEAD", "LogDefinitions"], in: repository)
        #expect(same.status == 0)
        #expect(same.standardOutput.hasSuffix("\nno changes; passes --fail-on breaking\n"))

        let unknown = try runLoggen(["diff", "--against", "no-such-branch"], in: repository)
        #expect(unknown.status == 1)
        #expect(unknown.standardOutput == "")
        #expect(unknown.standardError.hasPrefix("loggen: error: cannot read revision 'no-such-branch': "))
        #expect(unknown.standardError.split(separator: "\n").count == 1)

        let missing = try runLoggen(["diff", "--against", "HEAD", "Elsewhere"], in: repository)
        #expect(missing.status == 1)
        #expect(
            missing.standardError
                == "loggen: error: no *.md files in 'Elsewhere' at HEAD; check the folder's path at that revision (git ls-tree HEAD -- Elsewhere/)\n")
    }

    /// Whatever `diff` says breaks the warehouse, `ddl --alter-from` refuses, with the same
    /// lines; when `diff` says nothing breaks it, the migration is written.
    @Test(arguments: cases)
    func alterFromAgreesWithDiff(name: String) throws {
        let directory = Self.diffResources.appendingPathComponent(name)
        let diff = try runLoggen(["diff", "old", "new", "--format", "json"], in: directory)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(diff.standardOutput.utf8)) as? [String: Any])
        let changes = try #require(document["changes"] as? [[String: Any]])
        let refused = changes.filter { $0["warehouse"] as? Bool == true }.map { change -> String in
            let location = (change["new"] as? [String: Any]) ?? (change["old"] as? [String: Any]) ?? [:]
            let place = "\(location["file"] ?? ""):\(location["line"] ?? ""):\(location["column"] ?? "")"
            return "\(place): error: \(change["category"] ?? ""): \(change["message"] ?? "")"
        }
        #expect(changes.filter { $0["warehouse"] as? Bool == true }.allSatisfy { $0["severity"] as? String == "breaking" })

        let ddl = try runLoggen(["ddl", "new", "--dialect", "clickhouse", "--alter-from", "old"], in: directory)
        if refused.isEmpty {
            #expect(ddl.status == 0, "\(name): \(ddl.standardError)")
            #expect(ddl.standardOutput.hasPrefix("-- Generated by loggen: migrates a table made from old to new.\n"))
        } else {
            #expect(ddl.status == 1)
            #expect(ddl.standardOutput == "")
            let lines = ddl.standardError.split(separator: "\n").map(String.init)
            #expect(Array(lines.dropLast()) == refused)
            #expect(lines.last?.hasPrefix("loggen: error: the table cannot be migrated in place") == true)
        }
    }

    @Test func theRulesAreDocumented() throws {
        let syntax = try String(contentsOf: projectRoot.appendingPathComponent("docs/Syntax.md"), encoding: .utf8)
        for name in Self.cases where name != "no-changes" {
            #expect(syntax.contains("| `\(name)` |"), "docs/Syntax.md has no row for \(name)")
        }
    }

    private func copyOfCase(_ name: String) throws -> URL {
        let copy = try temporaryFolder().appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.diffResources.appendingPathComponent(name), to: copy)
        return copy
    }

    private func temporaryFolder() throws -> URL {
        TemporaryDirectory("loggen-diff").url
    }
}
