import LogMarkdown
import LogSchema
import Testing
@testable import LogQuery

@Suite struct DefinitionCheckerTests {
    static let schema: Schema = {
        let documents: [(String, String)] = [
            (
                "defs/common.md",
                """
                # common

                - user_id: !bigint?
                - [pii] device_id: !string 64 `^[0-9A-F-]+$`
                """
            ),
            (
                "defs/types.md",
                """
                # types

                ## SearchOrder

                - latest
                - popularity
                """
            ),
            (
                "defs/recipe_search.md",
                """
                # recipe_search

                ## search

                - keyword: !string 8
                - order: SearchOrder
                - page: !integer 1..1000
                - tags: !string[2]?
                - day: !date?
                - at: !timestamp?
                - code: !string? `^[A-Z]+$`
                - [obsolete] legacy_sort: !integer?

                ## [obsolete] show_ranking

                - kind: !string 16
                """
            ),
        ]
        let loaded = SchemaLoader().load(documents: documents.map { ($0.0, Array($0.1.utf8)) })
        precondition(!loaded.hasErrors, "\(loaded.diagnostics)")
        return loaded.schema
    }()

    let checker = DefinitionChecker(schema: schema)
    let good = #"{"keyword":"egg","order":"latest","page":2}"#
    let common = #"{"user_id":1,"device_id":"AB-12"}"#

    func findings(tag: String = "recipe_search.search", payload: String, common: String? = nil, violations: String = "[]") -> [CheckFinding] {
        makeLog(sequence: 42, tag: tag, payload: payload, common: common ?? self.common, violations: violations)
            .withStoredLog { checker.check($0) }
    }

    @Test func aGoodLogHasNoFindings() {
        #expect(findings(payload: good) == [])
        #expect(
            findings(
                payload: #"{"keyword":"egg","order":"popularity","page":1000,"tags":["a","b"],"day":"2026-02-28","at":"2026-11-30T10:00:00.000Z","code":"AB"}"#)
                == [])
        // A hashed [pii] value is redacted, not a pattern violation.
        #expect(findings(payload: good, common: #"{"device_id":"sha256:0123456789abcdef0123456789abcdef"}"#) == [])
    }

    @Test(arguments: [
        (#"{"keyword":"egg","order":"latest"}"#, CheckFinding.Kind.missingField, "page is required but missing in the payload", 7),
        (#"{"keyword":"egg","order":"latest","page":null}"#, .missingField, "page is required but null", 7),
        (#"{"keyword":"egg","order":"latest","page":2,"extra":1}"#, .unknownField, "has 'extra', which the definition does not list", 3),
        (#"{"keyword":"egg","order":"latest","page":2,"legacy_sort":1}"#, .obsoleteField, "legacy_sort is marked [obsolete]", 12),
        (#"{"keyword":"egg","order":"latest","page":"2"}"#, .wrongType, "page is '2', but the definition is !integer", 7),
        (#"{"keyword":"egg","order":"latest","page":2.5}"#, .wrongType, "page is 2.5, but the definition is !integer", 7),
        (#"{"keyword":"egg","order":"latest","page":3000000000}"#, .wrongType, "too large for !integer", 7),
        (#"{"keyword":"eggs and milk","order":"latest","page":2}"#, .maxLength, "keyword is 13 bytes, limit 8", 5),
        (#"{"keyword":"egg","order":"latest","page":0}"#, .range, "page is 0, outside 1..1000", 7),
        (#"{"keyword":"egg","order":"newest","page":2}"#, .enumCase, "order is 'newest', not a case of SearchOrder (latest, popularity)", 6),
        (#"{"keyword":"egg","order":"latest","page":2,"code":"ab"}"#, .pattern, "code is 'ab', which does not match `^[A-Z]+$`", 11),
        (#"{"keyword":"egg","order":"latest","page":2,"tags":["a","b","c"]}"#, .maxCount, "tags has 3 elements, limit 2", 8),
        (#"{"keyword":"egg","order":"latest","page":2,"tags":"a"}"#, .wrongType, "tags is 'a', but the definition is an array of string", 8),
        (#"{"keyword":"egg","order":"latest","page":2,"day":"2026-02-30"}"#, .wrongType, "day is '2026-02-30', but the definition is !date", 9),
        (#"{"keyword":"egg","order":"latest","page":2,"at":"yesterday"}"#, .wrongType, "!timestamp, an ISO 8601 time", 10),
    ])
    func eachRuleIsReportedAtItsDefinition(_ payload: String, _ kind: CheckFinding.Kind, _ message: String, _ line: Int) throws {
        let found = findings(payload: payload)
        #expect(found.count == 1, "\(found)")
        let finding = try #require(found.first)
        #expect(finding.kind == kind)
        #expect(finding.message.contains(message), "\(finding.message)")
        #expect(finding.location?.file == "defs/recipe_search.md")
        #expect(finding.location?.line == line)
        #expect(finding.description.hasPrefix("defs/recipe_search.md:\(line):"))
        #expect(finding.description.contains("error: seq 42 at 2026-11-30T10:29:54.123Z recipe_search.search: "))
    }

    @Test func commonPayloadIsCheckedAgainstCommonMd() throws {
        let found = findings(payload: good, common: #"{"user_id":"x","device_id":"lower-case"}"#)
        #expect(found.map(\.kind) == [.wrongType, .pattern])
        #expect(found.allSatisfy { $0.location?.file == "defs/common.md" })
        let missing = findings(payload: good, common: #"{"user_id":1}"#)
        #expect(missing.map(\.kind) == [.missingField])
        #expect(missing[0].message.contains("device_id is required but missing in the common payload"))
    }

    /// Findings follow the event's `ConstraintRule`s, in their order, each naming its rule;
    /// the first names the log's verdict, as the warehouse's rejected table does.
    @Test func findingsNameTheirRulesInTheRulesOrder() throws {
        let found = findings(payload: #"{"keyword":"eggs and milk","order":"newest","page":"2","extra":1}"#, common: #"{"device_id":"x"}"#)
        #expect(found.map(\.rule) == ["page:type", "keyword:length", "order:enum", "common.device_id:pattern", nil])
        #expect(found.last?.kind == .unknownField)
        let log = makeLog(sequence: 1, payload: #"{"keyword":"egg","order":"latest","page":0}"#, common: common)
        #expect(log.withStoredLog { checker.firstBrokenRule($0) }?.name == "page:range")
        #expect(makeLog(sequence: 2, payload: good, common: common).withStoredLog { checker.firstBrokenRule($0) } == nil)
        #expect(checker.rules(forTag: "nope.nothing").map(\.name) == ["tag"])
        #expect(findings(tag: "recipe_search.serch", payload: good).map(\.rule) == ["tag"])
    }

    @Test func unknownAndObsoleteTags() throws {
        let unknownEvent = findings(tag: "recipe_search.serch", payload: good)
        #expect(unknownEvent.map(\.kind) == [.unknownTag])
        #expect(unknownEvent[0].message.contains("category recipe_search defines no event 'serch'"))
        #expect(unknownEvent[0].location?.file == "defs/recipe_search.md")
        let unknownCategory = findings(tag: "checkout.pay", payload: good)
        #expect(unknownCategory.map(\.kind) == [.unknownTag])
        #expect(unknownCategory[0].location == nil)
        let obsolete = findings(tag: "recipe_search.show_ranking", payload: #"{"kind":"daily"}"#)
        #expect(obsolete.map(\.kind) == [.obsoleteEvent])
    }

    @Test func recordedViolationsAreReported() throws {
        let found = findings(
            payload: good,
            violations:
                #"[{"field":"page","kind":"range","detail":"0 outside 1...1000; clamped to 1"},{"field":"common.device_id","kind":"pattern","detail":"x"}]"#)
        #expect(found.map(\.kind) == [.recordedViolation, .recordedViolation])
        #expect(found[0].message == "the runtime recorded range on page: 0 outside 1...1000; clamped to 1")
        #expect(found[0].location?.line == 7)
        #expect(found[1].location?.file == "defs/common.md")
    }

    @Test func malformedBodies() {
        for body in ["", "nope", #"{"payload":"#, #"{"payload":[1]}"#] {
            let log = LogRecordView.Owned(sequence: 1, microseconds: 0, tag: "recipe_search.search", uuid: makeLog().uuid, body: Array(body.utf8))
            let found = log.withStoredLog { checker.check($0) }
            #expect(found.first?.kind == .malformedLog, "\(body): \(found)")
        }
    }

    @Test func summaryCountsPerKind() {
        var summary = CheckSummary()
        summary.add([])
        summary.add(findings(payload: #"{"keyword":"egg","order":"newest","page":0}"#))
        summary.add(findings(payload: #"{"keyword":"egg","order":"latest","page":0}"#))
        #expect(summary.description == "checked 3 logs: 3 findings in 2 logs (range: 2, enum case: 1)")
        #expect(CheckSummary().description == "checked 0 logs: no findings")
        #expect(CheckSummary.grouped(1_234_567) == "1,234,567")
    }

    @Test func coverageListsUnseenEventsAndUndefinedTags() {
        let report = CoverageReport(schema: Self.schema, tagCounts: ["recipe_search.search": 3, "recipe_search.serch": 2, "checkout.pay": 1])
        #expect(report.neverSeen.map(\.tag) == [])
        #expect(report.coverage == EventCoverage(seen: 1, total: 1))
        #expect(report.undefinedTags.map(\.tag) == ["checkout.pay", "recipe_search.serch"])
        #expect(!report.isComplete)
        #expect(
            report.text == """
                coverage: 1 of 1 events seen (100.0%)
                not defined:
                  checkout.pay         1 log
                  recipe_search.serch  2 logs

                """)
        let empty = CoverageReport(schema: Self.schema, tagCounts: [:])
        #expect(empty.neverSeen.map(\.tag) == ["recipe_search.search"])  // the obsolete event is not expected
        #expect(empty.text.contains("defs/recipe_search.md:3:"))
    }
}

/// `check` and `coverage` over a store seeded with known violations, read through StoreQuery.
@Suite struct SeededStoreCheckTests {
    @Test func findsExactlyTheSeededViolations() throws {
        let store = TestStore()
        let writer = try store.writer()
        let common = #""common":{"user_id":1,"device_id":"AB-12"}"#
        let bodies: [(String, String)] = [
            ("recipe_search.search", #"{"schema":"v1",\#(common),"violations":[],"payload":{"keyword":"egg","order":"latest","page":2}}"#),
            ("recipe_search.search", #"{"schema":"v1",\#(common),"violations":[],"payload":{"keyword":"egg","order":"newest","page":0}}"#),
            (
                "recipe_search.search",
                #"{"schema":"v1",\#(common),"violations":[{"field":"page","kind":"range","detail":"0 outside 1...1000; clamped to 1"}],"payload":{"keyword":"egg","order":"latest","page":1}}"#
            ),
            ("recipe_search.serch", #"{"schema":"v1",\#(common),"violations":[],"payload":{}}"#),
            ("recipe_search.show_ranking", #"{"schema":"v1",\#(common),"violations":[],"payload":{"kind":"daily"}}"#),
            ("recipe_search.search", "not json"),
        ]
        for (index, (tag, body)) in bodies.enumerated() {
            try store.append(writer, tag: tag, microseconds: TestStore.start + Int64(index), body: body)
        }
        try writer.close()

        let checker = DefinitionChecker(schema: DefinitionCheckerTests.schema)
        var summary = CheckSummary()
        var found: [CheckFinding] = []
        try store.query().forEach(LogQuery()) { log in
            let findings = checker.check(log)
            summary.add(findings)
            found += findings
            return true
        }
        #expect(
            summary.description
                == "checked 6 logs: 6 findings in 5 logs (unknown tag: 1, obsolete event: 1, range: 1, enum case: 1, recorded violation: 1, malformed log: 1)")
        #expect(found.map(\.sequence) == [2, 2, 3, 4, 5, 6])

        let coverage = CoverageReport(schema: DefinitionCheckerTests.schema, tagCounts: try store.query().tagCounts())
        #expect(coverage.neverSeen.isEmpty)
        #expect(coverage.undefinedTags.map(\.tag) == ["recipe_search.serch"])
        #expect(coverage.events.first { $0.tag == "recipe_search.search" }?.count == 4)
    }

    /// A category's common fields are part of every event's payload: checked like its own.
    @Test func categoryCommonFieldsArePartOfEveryPayload() {
        let loaded = SchemaLoader().load(documents: [
            (
                "defs/shop.md",
                Array(
                    """
                    # shop

                    - screen: !string 8
                        - The screen

                    ## buy

                    - item_id: !bigint
                    """.utf8)
            )
        ])
        #expect(!loaded.hasErrors)
        let checker = DefinitionChecker(schema: loaded.schema)
        func kinds(_ payload: String) -> [CheckFinding.Kind] {
            makeLog(tag: "shop.buy", payload: payload).withStoredLog { checker.check($0) }.map(\.kind)
        }
        #expect(kinds(#"{"screen":"home","item_id":1}"#) == [])
        #expect(kinds(#"{"item_id":1}"#) == [.missingField])
        #expect(kinds(#"{"screen":"a very long screen","item_id":1}"#) == [.maxLength])
    }
}

/// A `!real` range compares as `Float` (issue #30): the stored number and the bounds are each
/// read as the nearest `Float`, as the runtime's clamp compares them.
@Suite struct DefinitionCheckerRealRangeTests {
    static let schema: Schema = {
        let loaded = SchemaLoader().load(documents: [
            (
                "defs/home_banner.md",
                Array(
                    """
                    # home_banner

                    ## tap

                    - ratio: !real? 0.1..0.3
                    - high: !real? 0.7..1
                    - share: !double? 0.1..0.3
                    """.utf8)
            )
        ])
        precondition(!loaded.hasErrors, "\(loaded.diagnostics)")
        return loaded.schema
    }()

    let checker = DefinitionChecker(schema: schema)

    func messages(_ payload: String) -> [String] {
        makeLog(sequence: 1, tag: "home_banner.tap", payload: payload, common: "{}", violations: "[]")
            .withStoredLog { checker.check($0) }.map(\.message)
    }

    @Test func theFloatNearestABoundIsInsideWhetherWrittenAsFloatOrAsItsDoubleWidening() {
        // `0.3` and `0.7` as written since 0.2.0; `0.30000001192092896` and `0.699999988079071`,
        // the same Floats as written before; both pass.
        #expect(messages(#"{"ratio":0.3,"high":0.7}"#) == [])
        #expect(messages(#"{"ratio":0.30000001192092896,"high":0.699999988079071}"#) == [])
        #expect(messages(#"{"ratio":0.1,"high":1.0}"#) == [])
    }

    @Test func theNextFloatOutsideIsReported() {
        #expect(
            messages(#"{"ratio":0.30000004,"high":0.69999993}"#) == [
                "ratio is 0.30000004, outside 0.1..0.3", "high is 0.69999993, outside 0.7..1",
            ])
    }

    @Test func aDoubleStillComparesAsDouble() {
        #expect(messages(#"{"share":0.30000001192092896}"#) == ["share is 0.30000001192092896, outside 0.1..0.3"])
    }
}
