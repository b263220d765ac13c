import Foundation
import Testing
import TestSupport

/// `ClickHouseMigration.everyServerMarker` (LogWarehouse is not linked here).
enum ClickHouseMigrationMarker {
    static let everyServer =
        "-- Then on every server of the cluster, one at a time (ClickHouse 18.16 runs no ALTER ON CLUSTER of a Distributed table over replicated shards):"
}

/// `loggen ddl --cluster` on a real cluster of Debian's clickhouse-server 18.16 (three servers
/// and a ZooKeeper on loopback, `Tests/Support/clickhouse-cluster-sandbox`), and
/// `ClickHouseBackend` (through `recipe-demo`) writing to its `Distributed` table.
@Suite(
    .clickHouseCluster,
    .enabled(if: ClickHouseClusterSandbox.isAvailable, "clickhouse-server or zookeeper is not installed: `make test` installs them"))
struct RecipeDemoClusterTests {
    var cluster: ClickHouseClusterSandbox { ClickHouseClusterSandbox.current! }

    private func ddl(_ arguments: [String]) throws -> String {
        let result = try runTool("loggen", ["ddl"] + arguments + ["--dialect", "clickhouse"])
        try #require(result.status == 0, "loggen ddl failed: \(result.errors)")
        return result.output
    }

    /// Polls a query until it answers `expected` or 60 seconds pass; returns the last answer.
    /// (A `Distributed` table of 18.16 forwards inserts to the shards in the background.)
    private func eventually(_ server: ClickHouseSandbox, _ sql: String, _ expected: String) async throws -> String {
        var answer = ""
        for _ in 0..<300 {
            answer = try await server.query(sql + " FORMAT TSV")
            if answer == expected + "\n" { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        return answer.trimmingCharacters(in: .newlines)
    }

    @Test func fiveThousandLogsAreShardedByUUIDAndARedeliveryCollapsesOnItsShard() async throws {
        let (s1, s2) = (cluster.servers[0], cluster.servers[1])
        try await s1.execute(script: try ddl([definitionsDirectory, "--cluster", "two_shards", "--table", "demo"]))
        // ON CLUSTER made both tables on both shards (and not on s3, outside the cluster).
        for server in [s1, s2] {
            #expect(
                try await server.query("SELECT name, engine FROM system.tables WHERE name LIKE 'demo%' ORDER BY name FORMAT TSV")
                    == "demo\tDistributed\ndemo_local\tReplacingMergeTree\n")
        }
        #expect(try await cluster.servers[2].query("SELECT count() FROM system.tables WHERE name LIKE 'demo%' FORMAT TSV") == "0\n")

        let store = TemporaryDirectory("warehouse-cluster-store").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let demo = try runTool(
            "recipe-demo",
            [
                "--events", "5000", "--seed", "11", "--store", store, "--clickhouse", s1.url.absoluteString, "--table", "demo",
            ])
        try #require(demo.status == 0, "\(demo.errors)")
        #expect(demo.output.contains("inserted 5000 logs"), "\(demo.output)")

        #expect(try await eventually(s1, "SELECT count(), uniqExact(uuid) FROM demo", "5000\t5000") == "5000\t5000")
        let shares = [try await s1.query("SELECT count() FROM demo_local FORMAT TSV"), try await s2.query("SELECT count() FROM demo_local FORMAT TSV")]
            .map { Int($0.trimmingCharacters(in: .newlines)) ?? -1 }
        #expect(shares.reduce(0, +) == 5000)
        // A hash of random UUIDs: each shard holds about half (the bound is many deviations wide).
        #expect(shares.allSatisfy { (2000...3000).contains($0) }, "shares \(shares)")

        // Every log delivered again through the Distributed table: each copy goes to its first's shard.
        try await s1.query("INSERT INTO demo SELECT * FROM demo")
        #expect(try await eventually(s1, "SELECT count() FROM demo", "10000") == "10000")
        for server in [s1, s2] { try await server.query("OPTIMIZE TABLE demo_local FINAL") }
        #expect(try await s1.query("SELECT count(), uniqExact(uuid) FROM demo FORMAT TSV") == "5000\t5000\n")
        let after = [try await s1.query("SELECT count() FROM demo_local FORMAT TSV"), try await s2.query("SELECT count() FROM demo_local FORMAT TSV")]
            .map { Int($0.trimmingCharacters(in: .newlines)) ?? -1 }
        #expect(after == shares)
    }

    @Test func twoReplicasOfAShardHoldTheSameRowsAndMigrateTogether() async throws {
        let (s1, s3) = (cluster.servers[0], cluster.servers[2])
        let old = try olderDefinitions()
        try await s1.execute(script: try ddl([old, "--cluster", "one_shard_two_replicas", "--replicated", "--table", "rep"]))
        try await s1.execute(script: try ddl([definitionsDirectory, "--cluster", "one_shard_two_replicas", "--replicated", "--table", "fresh"]))
        #expect(try await s3.query("SELECT engine FROM system.tables WHERE name = 'rep_local' FORMAT TSV") == "ReplicatedReplacingMergeTree\n")

        // Inserted into one replica, read from the other.
        try await s1.query(
            """
            INSERT INTO rep_local (uuid, event_category, event_name, time) SELECT generateUUIDv4(), 'recipe_search', 'search', now() FROM numbers(500)
            """)
        #expect(try await eventually(s3, "SELECT count() FROM rep_local", "500") == "500")

        // --alter-from on the cluster: both replicas' tables and the Distributed table become the new ones.
        let alter = try ddl([definitionsDirectory, "--table", "rep", "--alter-from", old, "--cluster", "one_shard_two_replicas", "--replicated"])
        #expect(alter.contains("ALTER TABLE rep_local ON CLUSTER one_shard_two_replicas ADD COLUMN rating Nullable(Float64) AFTER referrer;"))
        // The shards' tables ON CLUSTER, then the Distributed table on each server (18.16 refuses it ON CLUSTER).
        let parts = alter.components(separatedBy: ClickHouseMigrationMarker.everyServer + "\n")
        try #require(parts.count == 2, "\(alter)")
        try await s1.execute(script: parts[0])
        for server in [s1, s3] { try await server.execute(script: parts[1]) }
        for (table, fresh) in [("rep_local", "fresh_local"), ("rep", "fresh")] {
            let expected = try await s1.query("DESCRIBE TABLE \(fresh) FORMAT TabSeparated")
            let described = try await eventually(s3, "DESCRIBE TABLE \(table)", String(expected.dropLast()))
            #expect(described + "\n" == expected, "\(table) on s3")
            #expect(try await s1.query("DESCRIBE TABLE \(table) FORMAT TabSeparated") == expected, "\(table) on s1")
        }
        #expect(try await s3.query("SELECT count() FROM rep_local FORMAT TSV") == "500\n")
    }

    /// `--enforce --cluster`: the ingest table, the check and both views on every server; rows
    /// inserted on either server are sorted there and reach their shards through the
    /// `Distributed` tables.
    @Test func theEnforcedClusterFormSortsRowsOnEveryServer() async throws {
        let (s1, s2) = (cluster.servers[0], cluster.servers[1])
        try await s1.execute(script: try ddl([definitionsDirectory, "--cluster", "two_shards", "--table", "enforced", "--enforce"]))
        func row(_ index: Int, page: Int) -> String {
            let uuid = String(format: "0196f6a0-0000-7000-8000-%012x", index)
            return #"{"uuid":"\#(uuid)","event_category":"recipe_search","event_name":"search","time":"2026-11-30 10:29:54","time_ms":1,"seq":\#(index),"#
                + #""schema":"","keyword":"egg","order":"latest","filters":[],"page":\#(page),"device_id":"0A","app_version":"1.2.3","#
                + #""os_version":"iOS","device_kind":"phone"}"#
        }
        // 40 valid rows and 10 out of range, half inserted on each server.
        for (server, range) in [(s1, 0..<25), (s2, 25..<50)] {
            let rows = range.map { row($0, page: $0 % 5 == 0 ? 0 : 1) }.joined(separator: "\n")
            try await server.query("INSERT INTO enforced_ingest FORMAT JSONEachRow\n" + rows)
        }
        #expect(try await eventually(s1, "SELECT count() FROM enforced", "40") == "40")
        #expect(try await eventually(s2, "SELECT rejected_rule, count() FROM enforced_rejected GROUP BY rejected_rule", "page:range\t10") == "page:range\t10")
        let shares = [try await s1.query("SELECT count() FROM enforced_local FORMAT TSV"), try await s2.query("SELECT count() FROM enforced_local FORMAT TSV")]
            .map { Int($0.trimmingCharacters(in: .newlines)) ?? -1 }
        #expect(shares.reduce(0, +) == 40 && shares.allSatisfy { $0 > 0 }, "shares \(shares)")
    }

    /// `--enforce --replicated`: what the views sort on one replica, the other holds.
    @Test func theEnforcedReplicatedFormReplicatesBothTables() async throws {
        let (s1, s3) = (cluster.servers[0], cluster.servers[2])
        try await s1.execute(
            script: try ddl([definitionsDirectory, "--cluster", "one_shard_two_replicas", "--replicated", "--table", "renforced", "--enforce"]))
        #expect(
            try await s3.query("SELECT engine FROM system.tables WHERE name = 'renforced_rejected_local' FORMAT TSV")
                == "ReplicatedReplacingMergeTree\n")
        let rows = (0..<20).map { index in
            #"{"uuid":"\#(String(format: "0196f6a0-0000-7000-8000-%012x", index))","event_category":"recipe_search","event_name":"search","#
                + #""time":"2026-11-30 10:29:54","time_ms":1,"seq":\#(index),"schema":"","keyword":"egg","order":"\#(index < 15 ? "latest" : "newest")","#
                + #""filters":[],"page":1,"device_id":"0A","app_version":"1.2.3","os_version":"iOS","device_kind":"phone"}"#
        }
        try await s1.query("INSERT INTO renforced_ingest FORMAT JSONEachRow\n" + rows.joined(separator: "\n"))
        #expect(try await eventually(s3, "SELECT count() FROM renforced_local", "15") == "15")
        #expect(
            try await eventually(s3, "SELECT rejected_rule, count() FROM renforced_rejected_local GROUP BY rejected_rule", "order:enum\t5")
                == "order:enum\t5")
    }
}
