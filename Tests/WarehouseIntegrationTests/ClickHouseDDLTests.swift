import Foundation
import Testing
import TestSupport

/// `loggen ddl` against a real ClickHouse (Debian's 18.16 here).
@Suite(
    .clickHouseServer,
    .enabled(if: ClickHouseSandbox.isAvailable, "clickhouse-server is not installed: `make test` installs it (apt-get install clickhouse-server)"))
struct ClickHouseDDLTests {
    var server: ClickHouseSandbox { ClickHouseSandbox.current! }

    private func ddl(_ arguments: [String]) throws -> String {
        let result = try runTool("loggen", ["ddl"] + arguments + ["--dialect", "clickhouse"])
        #expect(result.status == 0, "loggen ddl failed: \(result.errors)")
        return result.output
    }

    @Test func theTableForLogDefinitionsIsCreated() async throws {
        try await server.query(try ddl([definitionsDirectory, "--table", "created"]))
        let columns = try await server.columns(of: "created")
        #expect(columns.first.map { "\($0.name) \($0.type)" } == "uuid UUID")
        #expect(columns.contains { $0.name == "time" && $0.type == "DateTime('UTC')" })
        #expect(columns.contains { $0.name == "order" && $0.type == "Enum8('latest' = 1, 'popularity' = 2, 'cooking_time' = 3)" })
        #expect(columns.contains { $0.name == "folder_ids" && $0.type == "Array(Int64)" })
        #expect(columns.contains { $0.name == "rating" && $0.type == "Nullable(Float64)" })
        #expect(columns.contains { $0.name == "violations.kind" && $0.type == "Array(String)" })
        let engine = try await server.query("SELECT engine, partition_key, sorting_key FROM system.tables WHERE name = 'created' FORMAT TSV")
        #expect(engine == "ReplacingMergeTree\ttoYYYYMMDD(time)\tevent_category, event_name, time, uuid\n")
    }

    @Test func altersTakeAnOlderTableToTheNewOneExactly() async throws {
        let old = try olderDefinitions()
        try await server.query(try ddl([old, "--table", "migrated"]))
        try await server.query(try ddl([definitionsDirectory, "--table", "fresh"]))
        let alter = try ddl([definitionsDirectory, "--table", "migrated", "--alter-from", old])
        #expect(alter.contains("ADD COLUMN rating Nullable(Float64) AFTER referrer;"))
        #expect(alter.contains("MODIFY COLUMN order Enum8('latest' = 1, 'popularity' = 2, 'cooking_time' = 3)"))
        for statement in alter.split(separator: "\n") where !statement.hasPrefix("--") {
            try await server.query(String(statement))
        }
        let describe = "DESCRIBE TABLE %@ FORMAT TabSeparated"
        #expect(
            try await server.query(describe.replacingOccurrences(of: "%@", with: "migrated"))
                == server.query(describe.replacingOccurrences(of: "%@", with: "fresh")))
    }

    @Test func anUnsafeChangeIsRefusedWithItsReason() throws {
        let old = try olderDefinitions()
        let file = old + "/recipe_search.md"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "- page: !integer 1..1000", with: "- page: !string 8").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runTool("loggen", ["ddl", definitionsDirectory, "--dialect", "clickhouse", "--alter-from", old])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        // The same line `loggen diff` prints for the change (one rule set).
        #expect(
            result.errors.contains("recipe_search.md:")
                && result.errors.contains(
                    "error: type-changed: field 'page' of recipe_search.search changed type from !string to !integer; stored values have the old type, so history splits at this change, and the warehouse column 'page' cannot change from String to Int32 in place; add a field with a new name"
                ))
    }

    /// `loggen diff`'s golden pairs (Tests/LoggenTests/Resources/Diff): each pair that diff
    /// says the warehouse can follow migrates on a real server to exactly the new table.
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: diffFixtures).sorted())
    func everyPairDiffAllowsMigratesOnClickHouse(name: String) async throws {
        let old = diffFixtures + "/" + name + "/old"
        let new = diffFixtures + "/" + name + "/new"
        let diff = try runTool("loggen", ["diff", old, new, "--format", "json"])
        #expect(diff.errors == "")
        guard !diff.output.contains(#""warehouse":true"#) else {
            // Refused: LoggenDiffCommandTests checks that --alter-from says so, with diff's lines.
            #expect(try runTool("loggen", ["ddl", new, "--dialect", "clickhouse", "--alter-from", old]).status == 1)
            return
        }
        let table = "diff_" + name.replacingOccurrences(of: "-", with: "_")
        try await server.query(try ddl([old, "--table", table]))
        try await server.query(try ddl([new, "--table", table + "_fresh"]))
        let script = try ddl([new, "--table", table, "--alter-from", old])
        for statement in script.split(separator: "\n") where !statement.hasPrefix("--") {
            try await server.query(String(statement))
        }
        // Columns of removed fields are kept (never dropped) and named in the script's last comment.
        let keptPrefix = "-- Kept, no longer filled by the definitions: "
        let kept = Set(
            script.split(separator: "\n").first { $0.hasPrefix(keptPrefix) }
                .map { $0.dropFirst(keptPrefix.count).dropLast().components(separatedBy: ", ") } ?? [])
        let describe = { (name: String) async throws -> [Substring] in
            try await server.query("DESCRIBE TABLE \(name) FORMAT TabSeparated").split(separator: "\n")
                .filter { !kept.contains(String($0.prefix { $0 != "\t" })) }
        }
        #expect(try await describe(table) == describe(table + "_fresh"))
    }
}

/// The old and new definition folders of `loggen diff`'s goldens, one pair per rule.
let diffFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("LoggenTests/Resources/Diff").path
