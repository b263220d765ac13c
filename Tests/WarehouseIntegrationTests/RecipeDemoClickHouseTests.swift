import Foundation
import Testing
import TestSupport

/// `recipe-demo --clickhouse` into a real ClickHouse: every log arrives once, and every
/// column holds what the local store (read by `logview -o jsonl`) holds.
@Suite(
    .clickHouseServer,
    .enabled(if: ClickHouseSandbox.isAvailable, "clickhouse-server is not installed: `make test` installs it (apt-get install clickhouse-server)"))
struct RecipeDemoClickHouseTests {
    var server: ClickHouseSandbox { ClickHouseSandbox.current! }

    @Test func tenThousandLogsArriveOnceAndEveryColumnRoundTrips() async throws {
        let ddl = try runTool("loggen", ["ddl", definitionsDirectory, "--dialect", "clickhouse", "--table", "demo"])
        try #require(ddl.status == 0, "\(ddl.errors)")
        try await server.query(ddl.output)

        let store = TemporaryDirectory("warehouse-demo-store").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let demo = try runTool(
            "recipe-demo",
            [
                "--events", "10000", "--seed", "7", "--store", store, "--clickhouse", server.url.absoluteString, "--table", "demo",
            ])
        try #require(demo.status == 0, "\(demo.errors)")
        #expect(demo.output.contains("inserted 10000 logs"), "\(demo.output)")
        #expect(demo.output.contains("0 logs rejected and set aside); 0 waiting"))

        #expect(try await server.query("SELECT count(), uniqExact(uuid) FROM demo FORMAT TSV") == "10000\t10000\n")

        // The local store, as logview exports it.
        let export = try runTool("logview", ["list", "--store", store, "-o", "jsonl"])
        try #require(export.status == 0, "\(export.errors)")
        let stored = try export.output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        try #require(stored.count == 10_000)

        // A sample of 500, spread over the run; all of each row's columns compared.
        let sample = stride(from: 0, to: stored.count, by: 20).map { stored[$0] }
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
        // The sample reached every payload column of the events the simulator posts.
        let payloadColumns = Set(types.keys).subtracting(["uuid", "event_category", "event_name", "time", "time_ms", "seq", "schema"])
            .filter { !$0.hasPrefix("violations.") && !$0.hasSuffix("_ms") }
        let unreached = payloadColumns.subtracting(compared)
        #expect(unreached.count <= 3, "columns no sampled log filled: \(unreached.sorted())")
    }
}

/// Compares a log as the local store has it with its row in ClickHouse.
enum RowComparison {
    static func mismatches(log: [String: Any], row: [String: Any], types: [String: String], compared: inout Set<String>) -> [String] {
        var problems: [String] = []
        func check(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { problems.append(what()) } }

        let tag = log["tag"] as! String
        check("\(row["event_category"]!).\(row["event_name"]!)" == tag, "tag \(tag) vs \(row["event_category"]!).\(row["event_name"]!)")
        let time = types["time"]?.hasPrefix("DateTime64") == true ? moment64(row["time"]) : moment(row["time"], row["time_ms"])
        check(time == log["time"] as? String, "time \(log["time"]!) vs \(row["time"]!) + \(row["time_ms"] ?? "no") ms")
        check((row["seq"] as? NSNumber)?.int64Value == (log["seq"] as? NSNumber)?.int64Value, "seq \(log["seq"]!) vs \(row["seq"]!)")
        check(row["schema"] as? String == log["schema"] as? String, "schema")
        let violations = log["violations"] as! [[String: Any]]
        for key in ["field", "kind", "detail"] {
            check((row["violations.\(key)"] as? [String]) == violations.map { $0[key] as! String }, "violations.\(key)")
        }
        var fields = log["common"] as? [String: Any] ?? [:]
        fields.merge(log["payload"] as? [String: Any] ?? [:]) { $1 }
        for (name, value) in fields {
            guard let type = types[name] else { problems.append("no column \(name)"); continue }
            compared.insert(name)
            check(same(value, row[name], row[name + "_ms"], type: type), "\(name): \(value) vs \(row[name] ?? "missing") (\(type))")
        }
        return problems
    }

    /// ClickHouse's `"2026-11-30 10:29:54"` and milliseconds, as the runtime writes a moment.
    static func moment(_ dateTime: Any?, _ milliseconds: Any?) -> String? {
        guard let text = dateTime as? String, let ms = (milliseconds as? NSNumber)?.intValue else { return nil }
        let digits = String(ms)
        return text.replacingOccurrences(of: " ", with: "T") + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// `DateTime64(6)`'s `"2026-11-30 10:29:54.123456"` to the millisecond, as the runtime writes a moment.
    static func moment64(_ dateTime: Any?) -> String? {
        guard let text = dateTime as? String, text.count == 26 else { return nil }
        return text.prefix(23).replacingOccurrences(of: " ", with: "T") + "Z"
    }

    static func same(_ stored: Any, _ column: Any?, _ milliseconds: Any?, type: String) -> Bool {
        var type = type
        if type.hasPrefix("Nullable(") { type = String(type.dropFirst(9).dropLast()) }
        if stored is NSNull { return column is NSNull || (type.hasPrefix("Array(") && (column as? [Any])?.isEmpty == true) }
        if type.hasPrefix("Array(") {
            guard let values = stored as? [Any], let columns = column as? [Any], values.count == columns.count else { return false }
            let element = String(type.dropFirst(6).dropLast())
            let fractions = milliseconds as? [Any]
            return values.indices.allSatisfy { same(values[$0], columns[$0], fractions?[$0], type: element) }
        }
        switch type {
        case "DateTime('UTC')": return moment(column, milliseconds) == stored as? String
        case "DateTime64(6, 'UTC')": return moment64(column) == stored as? String
        case "UInt8": return (stored as? Bool).map { $0 ? 1 : 0 } == (column as? NSNumber)?.intValue
        case "Float32": return (stored as? NSNumber).map { Float($0.doubleValue) } == (column as? NSNumber).map { Float($0.doubleValue) }
        case "Float64": return (stored as? NSNumber)?.doubleValue == (column as? NSNumber)?.doubleValue
        case let integer where integer.hasPrefix("Int") || integer.hasPrefix("UInt"):
            return (stored as? NSNumber)?.int64Value == (column as? NSNumber)?.int64Value
        default: return stored as? String == column as? String  // String, Date, Enum8
        }
    }
}
