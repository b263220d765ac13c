import LogSchema
import Testing

/// The one description of an event's checks that `logview check` and `loggen ddl --enforce`
/// both render: which rules, in which order, under which names.
@Suite struct ConstraintRuleTests {
    static func at(_ line: Int) -> LogSchema.SourceLocation { SourceLocation(file: "defs/shop.md", line: line, column: 3) }

    static let schema: Schema = {
        let kind = EnumType(name: "Kind", location: at(1), cases: [EnumCase(name: "a", location: at(2)), EnumCase(name: "b", location: at(3))])
        let category = Category(
            name: "shop", file: "defs/shop.md", location: at(1),
            common: [Field(name: "store", type: FieldType(scalar: .builtin(.string), maxLength: 8), location: at(2))],
            events: [
                Event(
                    name: "pay", location: at(4),
                    fields: [
                        Field(
                            name: "count", type: FieldType(scalar: .builtin(.smallint), range: NumericRange(min: .integer(1), max: .integer(9))),
                            location: at(5)),
                        Field(name: "kinds", type: FieldType(scalar: .custom("Kind"), isArray: true, maxCount: 2), isOptional: true, location: at(6)),
                        Field(name: "old", type: FieldType(scalar: .builtin(.string)), status: .obsolete, location: at(7)),
                        Field(name: "store", type: FieldType(scalar: .builtin(.string)), location: at(8)),  // listed twice: counts once
                    ])
            ])
        return Schema(
            categories: [category],
            common: [
                Field(
                    name: "device", type: FieldType(scalar: .builtin(.string), pattern: "^[A-F]+$"), isPersonalData: true, location: at(1))
            ],
            types: [kind])
    }()

    @Test func theTagThenEveryTypeThenEachFieldsConstraints() {
        let category = Self.schema.categories[0]
        let rules = Self.schema.constraintRules(of: category.events[0], in: category)
        #expect(
            rules.map(\.name) == [
                "tag",
                "store:type", "count:type", "kinds:type", "common.device:type",
                "store:required", "store:length",
                "count:required", "count:range",
                "kinds:count", "kinds:enum",
                "common.device:required", "common.device:pattern",
            ])
        #expect(rules.first { $0.name == "count:range" }?.requirement == "count is within 1..9")
        #expect(rules.first { $0.name == "kinds:enum" }?.requirement == "each element of kinds is a case of Kind (a, b)")
        // Personal data hashed by the runtime passes every check but presence.
        #expect(rules.filter(\.exemptsRedactedHash).map(\.name) == ["common.device:type", "common.device:pattern"])
    }
}
