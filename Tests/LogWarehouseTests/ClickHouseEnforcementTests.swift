import LogSchema
import Testing
@testable import LogWarehouse

/// `loggen ddl --enforce`'s pieces: the ingest columns, the rules as SQL, the patterns as RE2.
@Suite struct ClickHouseEnforcementTests {
    @Test func theIngestTableWidensWhatTheEventsTableWouldHide() {
        #expect(ClickHouseEnforcement.ingestType(.int16) == .nullable(.int64))
        #expect(ClickHouseEnforcement.ingestType(.nullable(.int32)) == .nullable(.int64))
        #expect(ClickHouseEnforcement.ingestType(.enumeration([("a", 1)])) == .nullable(.string))
        #expect(ClickHouseEnforcement.ingestType(.lowCardinality(.nullable(.string))) == .nullable(.string))
        #expect(ClickHouseEnforcement.ingestType(.array(.enumeration([("a", 1)]))) == .array(.string))
        #expect(ClickHouseEnforcement.ingestType(.dateTime64) == .nullable(.dateTime64))
    }

    @Test func eachRuleOfAnEventIsOneConditionInTheRulesOrder() throws {
        let schema = Fixture.recipeApp()
        let table = try ClickHouseTable(schema: schema, name: "logs")
        let enforcement = try ClickHouseEnforcement(schema: schema, table: table)
        let expression = enforcement.ruleExpression()
        #expect(
            expression.hasPrefix(
                "multiIf(\n        (event_category, event_name) NOT IN (('recipe_search', 'search'), ('recipe_search', 'show_result')),\n        'tag',\n"))
        // A required enum: present, then a case.
        let required = try #require(expression.range(of: "isNull(order), 'order:required'"))
        let enumCase = try #require(expression.range(of: "NOT has(['latest', 'popularity'], assumeNotNull(order)), 'order:enum'"))
        #expect(required.lowerBound < enumCase.lowerBound)
        #expect(enforcement.warnings.isEmpty)
    }

    @Test func theAcceptViewCastsBackToTheEventsTablesTypes() {
        let order = WarehouseColumn(name: "order", type: .enumeration([("latest", 1), ("popularity", 2)]), comment: "", role: .payload)
        let ingest = WarehouseColumn(name: "order", type: .nullable(.string), comment: "", role: .payload)
        #expect(
            ClickHouseEnforcement.cast(order, from: ingest)
                == #"CAST(ifNull(order, 'latest'), 'Enum8(\'latest\' = 1, \'popularity\' = 2)') AS order"#)
        let page = WarehouseColumn(name: "page", type: .nullable(.int32), comment: "", role: .payload)
        #expect(
            ClickHouseEnforcement.cast(page, from: WarehouseColumn(name: "page", type: .nullable(.int64), comment: "", role: .payload))
                == "CAST(page, 'Nullable(Int32)') AS page")
        let violations = EnvelopeColumns.all.first { $0.name == "violations" }!
        #expect(ClickHouseEnforcement.cast(violations, from: violations) == "violations.field, violations.kind, violations.detail")
    }

    @Test(arguments: [
        (#"^[A-Z0-9_]+$"#, #"^(?:^[A-Z0-9_]+$)$"#, false),
        (#"^\d+\.\d+$"#, #"^(?:^[0-9]+\.[0-9]+$)$"#, true),
        (#"a.c"#, #"^(?:a[^\n]c)$"#, true),
        (#"[^,]+"#, #"^(?:[^,]+)$"#, true),
        (#"(?<year>[0-9]{4})-(?:x|y)"#, #"^(?:(?:[0-9]{4})-(?:x|y))$"#, false),
        (#"(?i)abc"#, #"^(?:(?i)abc)$"#, true),
    ])
    func patternsTranslateToRE2(_ swift: String, _ re2: String, _ flagged: Bool) throws {
        let pattern = try ClickHousePattern(swift)
        #expect(pattern.re2 == re2)
        #expect((pattern.difference != nil) == flagged, "\(pattern.difference ?? "")")
    }

    @Test(arguments: [
        #"^(?=a)b$"#, #"(a)\1"#, #"a++"#, #"\p{L}+"#, #"[[:alpha:]]"#, #"[a-z&&[^x]]"#, #"(?>a)"#, #"(?x) a"#, #"(?s)a.b"#,
    ])
    func patternsRE2CannotReadAreRefused(_ swift: String) {
        #expect(throws: ClickHousePattern.PatternError.self) { try ClickHousePattern(swift) }
    }
}
