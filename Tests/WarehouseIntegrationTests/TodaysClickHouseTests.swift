import Foundation
import Testing
import TestSupport

/// `loggen ddl --dialect clickhouse-24` and `ClickHouseBackend` on today's ClickHouse: chdb 26.9
/// behind a thin HTTP front (`Tests/Support/chdb-sandbox`), talked to over HTTP like a server.
@Suite(.chdbServer, .enabled(if: ChdbSandbox.isAvailable, "chdb is not installed: `make test` installs it (make chdb-deps)"))
struct TodaysClickHouseTests {
    var server: ClickHouseSandbox { ChdbSandbox.current!.server }

    private func ddl(_ arguments: [String]) throws -> ToolRun {
        try runTool("loggen", ["ddl"] + arguments + ["--dialect", "clickhouse-24"])
    }

    @Test func theTableOfTodaysTypesIsCreated() async throws {
        #expect(try await server.query("SELECT version() FORMAT TSV").hasPrefix("26."))
        let created = try ddl([definitionsDirectory, "--table", "created"])
        try #require(created.status == 0, "\(created.errors)")
        try await server.execute(script: created.output)
        let types = Dictionary(uniqueKeysWithValues: try await server.columns(of: "created").map { ($0.name, $0.type) })
        #expect(types["time"] == "DateTime64(6, 'UTC')")
        #expect(types["time_ms"] == nil)
        #expect(types["event_category"] == "LowCardinality(String)")
        #expect(types["event_name"] == "LowCardinality(String)")
        #expect(types["order"] == "LowCardinality(String)")
        #expect(types["rating"] == "Nullable(Float64)")
        #expect(types["violations.kind"] == "Array(String)")
        #expect(
            try await server.query("SELECT engine, sorting_key FROM system.tables WHERE name = 'created' FORMAT TSV")
                == "ReplacingMergeTree\tevent_category, event_name, time, uuid\n")
    }

    /// `loggen diff`'s golden pairs: each that `--alter-from` takes in this dialect migrates on
    /// ClickHouse 26 to exactly the new table (the columns it keeps aside).
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: diffFixtures).sorted())
    func everyPairTheDialectAllowsMigrates(name: String) async throws {
        let old = diffFixtures + "/" + name + "/old"
        let new = diffFixtures + "/" + name + "/new"
        let alter = try ddl([new, "--table", "m_" + name.replacingOccurrences(of: "-", with: "_"), "--alter-from", old])
        guard alter.status == 0 else {
            #expect(alter.status == 1 && alter.errors.contains("error: "), "\(alter.errors)")
            return
        }
        let table = "m_" + name.replacingOccurrences(of: "-", with: "_")
        try await server.execute(script: try ddl([old, "--table", table]).output)
        try await server.execute(script: try ddl([new, "--table", table + "_fresh"]).output)
        try await server.execute(script: alter.output)
        let keptPrefix = "-- Kept, no longer filled by the definitions: "
        let kept = Set(
            alter.output.split(separator: "\n").first { $0.hasPrefix(keptPrefix) }
                .map { $0.dropFirst(keptPrefix.count).dropLast().components(separatedBy: ", ") } ?? [])
        let describe = { (name: String) async throws -> [Substring] in
            try await server.query("DESCRIBE TABLE \(name) FORMAT TabSeparated").split(separator: "\n")
                .filter { !kept.contains(String($0.prefix { $0 != "\t" })) }
        }
        #expect(try await describe(table) == describe(table + "_fresh"))
    }

    @Test func recipeDemoShipsThroughClickHouseBackendAndEveryColumnRoundTrips() async throws {
        try await server.execute(script: try ddl([definitionsDirectory, "--table", "demo"]).output)
        let store = TemporaryDirectory("warehouse-chdb-store").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let demo = try runTool(
            "recipe-demo",
            [
                "--events", "2000", "--seed", "5", "--store", store, "--clickhouse", server.url.absoluteString, "--table", "demo",
            ])
        try #require(demo.status == 0, "\(demo.errors)")
        #expect(demo.output.contains("inserted 2000 logs"), "\(demo.output)")
        #expect(demo.output.contains("0 logs rejected and set aside); 0 waiting"), "\(demo.output)")
        #expect(try await server.query("SELECT count(), uniqExact(uuid) FROM demo FORMAT TSV") == "2000\t2000\n")

        let export = try runTool("logview", ["list", "--store", store, "-o", "jsonl"])
        let stored = try export.output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        try #require(stored.count == 2000)
        let sample = stride(from: 0, to: stored.count, by: 10).map { stored[$0] }
        let uuids = sample.map { "'\($0["uuid"] as! String)'" }.joined(separator: ",")
        let rows = try await server.rows("SELECT * FROM demo WHERE uuid IN (\(uuids))")
        let byUUID = Dictionary(uniqueKeysWithValues: rows.map { ($0["uuid"] as! String, $0) })
        let types = Dictionary(uniqueKeysWithValues: try await server.columns(of: "demo").map { ($0.name, $0.type) })
        #expect(byUUID.count == sample.count)
        var compared = Set<String>()
        for log in sample {
            let row = try #require(byUUID[log["uuid"] as! String])
            let mismatches = RowComparison.mismatches(log: log, row: row, types: types, compared: &compared)
            #expect(mismatches.isEmpty, "\(log["uuid"]!): \(mismatches.joined(separator: "; "))")
        }
        #expect(compared.count >= 10, "columns compared: \(compared.sorted())")
    }
}
