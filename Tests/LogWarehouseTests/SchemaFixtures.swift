import LogSchema

/// Hand-built schemas for the DDL tests (the Markdown reader is tested on its own).
enum Fixture {
    static func at(_ line: Int, _ file: String = "recipe_search.md") -> SourceLocation {
        SourceLocation(file: file, line: line, column: 3)
    }

    static func field(
        _ name: String, _ scalar: ScalarType, optional: Bool = false, array: Bool = false,
        status: Status = .active, pii: Bool = false, _ descriptions: [String] = [], line: Int = 1,
        file: String = "recipe_search.md"
    ) -> Field {
        Field(
            name: name, type: FieldType(scalar: scalar, isArray: array), isOptional: optional, status: status,
            isPersonalData: pii, descriptions: descriptions, location: at(line, file))
    }

    static let searchOrder = EnumType(
        name: "SearchOrder", location: at(3, "types.md"),
        cases: [
            EnumCase(name: "latest", location: at(5, "types.md")),
            EnumCase(name: "popularity", location: at(6, "types.md")),
        ])

    /// A small app: a common payload, one category with two events sharing a field.
    static func recipeApp(types: [EnumType] = [searchOrder], extraFields: [Field] = []) -> Schema {
        let category = Category(
            name: "recipe_search", file: "recipe_search.md", location: at(1),
            events: [
                Event(
                    name: "search", location: at(3),
                    fields: [
                        field("keyword", .builtin(.string), ["The search keyword", "As typed, it's trimmed"], line: 5),
                        field("order", .custom("SearchOrder"), line: 7),
                        field("searched_at", .builtin(.timestamp), line: 8),
                        field("page", .builtin(.integer), status: .obsolete, line: 9),
                    ] + extraFields),
                Event(
                    name: "show_result", location: at(11),
                    fields: [
                        field("keyword", .builtin(.string), optional: true, line: 13),
                        field("recipe_ids", .builtin(.bigint), array: true, line: 14),
                        field("score", .builtin(.double), optional: true, line: 15),
                        field("visited_on", .builtin(.date), line: 16),
                        field("device", .custom("DeviceModel"), line: 17),
                    ]),
                Event(
                    name: "old_event", status: .obsolete, location: at(19),
                    fields: [
                        field("gone", .builtin(.boolean), line: 21)
                    ]),
            ])
        return Schema(
            categories: [category],
            common: [
                field("user_id", .builtin(.bigint), optional: true, pii: true, ["The user"], line: 3, file: "common.md"),
                field("premium", .builtin(.boolean), line: 4, file: "common.md"),
            ],
            types: types)
    }
}
