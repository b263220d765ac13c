import Foundation
import LogStore
import Testing
@testable import LogQuery

/// Every filter and combination, read through the store's index, against a brute-force
/// reference: every written log, decoded in full and tested by a separate evaluator.
@Suite struct StoreQueryTests {
    static let store: TestStore = try! TestStore().fill(count: 3000, seed: 7)

    /// The reference: what the query must return, computed without the store's index.
    func reference(_ options: QueryOptions) throws -> [UInt64] {
        let query = try options.query(clock: fixedClock)
        let matched = try Self.store.written.filter { log in
            guard query.tagPatterns.isEmpty || query.tagPatterns.contains(where: { $0.matches(log.tag) }) else { return false }
            if let since = query.since, log.microseconds < since { return false }
            if let until = query.until, log.microseconds >= until { return false }
            let body = try #require(JSONValue.parse(log.body))
            return options.conditions.allSatisfy { ReferenceCondition($0).holds(body, log: log) }
        }.map(\.sequence)
        var window = matched
        if let limit = options.limit { window = options.head ? Array(matched.prefix(limit)) : Array(matched.suffix(limit)) }
        return options.reverse ? window.reversed() : window
    }

    func actual(_ options: QueryOptions) throws -> [UInt64] {
        try Self.store.query().logs(options.query(clock: fixedClock)).map(\.sequence)
    }

    static let t0 = "2026-11-30T00:00:00Z"
    static let filterCases: [QueryOptions] = [
        QueryOptions(),
        QueryOptions(tags: ["recipe_search.search"]),
        QueryOptions(tags: ["recipe_search.*"]),
        QueryOptions(tags: ["*.view", "home_banner.**"]),
        QueryOptions(tags: ["no_such.tag"]),
        QueryOptions(since: "2026-11-30T00:20:00Z"),
        QueryOptions(until: "2026-11-30T00:05:00Z"),
        QueryOptions(since: "2026-11-30T00:10:00Z", until: "2026-11-30T00:10:30Z"),
        QueryOptions(since: "2026-12-01"),
        QueryOptions(conditions: ["keyword=egg"]),
        QueryOptions(conditions: ["keyword!=egg"]),
        QueryOptions(conditions: ["keyword=curry rice"]),
        QueryOptions(conditions: ["keyword=egg\"quoted"]),
        QueryOptions(conditions: ["keyword=エッグ"]),
        QueryOptions(conditions: ["page>=10"]),
        QueryOptions(conditions: ["page<2", "price?"]),
        QueryOptions(conditions: ["price>100.5"]),
        QueryOptions(conditions: ["keyword~^(egg|tofu)$"]),
        QueryOptions(conditions: ["tags=b1"]),
        QueryOptions(conditions: ["common.user_id=7"]),
        QueryOptions(conditions: ["violations~maxLength"]),
        QueryOptions(conditions: ["seq>2500"]),
        QueryOptions(tags: ["recipe_search.*"], conditions: ["keyword=egg"]),
        QueryOptions(tags: ["recipe_search.search"], since: "2026-11-30T00:30:00Z", conditions: ["keyword=egg", "page<6"]),
        QueryOptions(tags: ["**"], since: "2026-11-30T00:45:00Z", until: "2026-11-30T00:48:00Z", conditions: ["keyword?"]),
    ]

    @Test(arguments: filterCases)
    func filtersAgreeWithTheReference(_ options: QueryOptions) throws {
        let expected = try reference(options)
        #expect(try actual(options) == expected)
    }

    @Test(arguments: [
        (5, false, false), (5, true, false), (5, false, true), (5, true, true), (0, false, false), (100_000, false, false),
        (700, false, false), (700, true, true),
    ])
    func limitsAndOrderAgreeWithTheReference(_ limit: Int, _ head: Bool, _ reverse: Bool) throws {
        for filter in [QueryOptions(), QueryOptions(tags: ["recipe_detail.*"], conditions: ["page>3"]), QueryOptions(since: "2026-11-30T00:40:00Z")] {
            var options = filter
            options.limit = limit
            options.head = head
            options.reverse = reverse
            #expect(try actual(options) == reference(options), "limit \(limit) head \(head) reverse \(reverse) \(filter)")
        }
        var everything = QueryOptions()
        everything.reverse = true
        #expect(try actual(everything) == reference(everything))
    }

    @Test func statisticsAgreeWithCounting() throws {
        for options in [QueryOptions(), QueryOptions(tags: ["recipe_search.*"]), QueryOptions(since: "2026-11-30T00:20:00Z", conditions: ["keyword=egg"])] {
            let expected = try reference(options)
            let stats = try Self.store.query().statistics(options.query(clock: fixedClock))
            #expect(stats.total == expected.count)
            var counts: [String: Int] = [:]
            let logs = Self.store.written.filter { expected.contains($0.sequence) }
            for log in logs { counts[log.tag, default: 0] += 1 }
            #expect(stats.tagCounts == counts)
            #expect(stats.timeRange == logs.map(\.microseconds).min().map { $0...logs.map(\.microseconds).max()! })
        }
    }

    @Test func statisticsByTimeBucket() throws {
        let stats = try Self.store.query().statistics(LogQuery(), bucketer: TimeBucketer(bucket: .minute, timeZone: TimeZone(identifier: "UTC")!))
        // 3,000 logs one second apart from midnight: 50 full minutes of 60.
        #expect(stats.bucketCounts.count == 50)
        #expect(stats.bucketCounts.values.allSatisfy { $0 == 60 })
        #expect(stats.bucketCounts.keys.min() == TestStore.start)
    }

    @Test func aTimeWindowSkipsSegmentsByTheIndex() throws {
        let query = try Self.store.query()
        let segments = try query.segments()
        #expect(segments.count > 10)
        let window = try QueryOptions(since: "2026-11-30T00:49:00Z").query(clock: fixedClock)
        let candidates = segments.filter { window.mayMatch($0, tagMatches: { _ in true }) }
        #expect(candidates.count <= 2)
    }
}

/// A second, plain evaluator of `--where` expressions over fully decoded values, for the
/// brute-force reference (it supports what the test cases use).
struct ReferenceCondition {
    let path: [String]
    let op: String
    let value: String

    init(_ text: String) {
        let ops = ["!=", "<=", ">=", "=", "<", ">", "~", "?"]
        let index = text.firstIndex { "!=<>~?".contains($0) }!
        let name = String(text[..<index])
        let rest = String(text[index...])
        op = ops.first { rest.hasPrefix($0) }!
        value = String(rest.dropFirst(op.count))
        let parts = name.split(separator: ".").map(String.init)
        path = ["seq", "schema", "common", "violations", "payload"].contains(parts[0]) ? parts : ["payload"] + parts
    }

    func holds(_ body: JSONValue, log: StoredLog.Owned) -> Bool {
        if path == ["seq"] { return compare(.integer(Int64(log.sequence))) }
        var current: JSONValue? = body
        for key in path { current = current?[key] }
        guard let current else { return op == "!=" }
        if op == "?" { return true }
        if case .array(let elements) = current, op != "~" {
            return op == "!=" ? !elements.contains { compareOne($0, "=") } : elements.contains { compare($0) }
        }
        return compare(current)
    }

    func compare(_ value: JSONValue) -> Bool { compareOne(value, op) }

    func compareOne(_ field: JSONValue, _ op: String) -> Bool {
        if op == "~" {
            let text: String = if case .string(let s) = field { s } else { field.jsonText }
            return text.range(of: value, options: .regularExpression) != nil
        }
        switch field {
        case .string(let text):
            switch op {
            case "=": return text == value
            case "!=": return text != value
            default: return false
            }
        case .integer, .double:
            guard let number = field.number, let other = Double(value) else { return op == "!=" }
            switch op {
            case "=": return number == other
            case "!=": return number != other
            case "<": return number < other
            case "<=": return number <= other
            case ">": return number > other
            case ">=": return number >= other
            default: return false
            }
        default:
            return op == "!="
        }
    }
}
