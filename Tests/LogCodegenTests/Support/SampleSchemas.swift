import LogSchema

/// Hand-built schemas for the stage tests, so the generator is tested apart from the parser.
enum SampleSchemas {
    static func at(_ file: String, _ line: Int, _ column: Int = 1) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static func field(
        _ name: String, _ type: FieldType, optional: Bool = false, status: Status = .active,
        pii: Bool = false, _ descriptions: [String] = [], file: String = "LogDefinitions/recipe_search.md", line: Int = 1
    ) -> Field {
        Field(
            name: name, type: type, isOptional: optional, status: status, isPersonalData: pii,
            descriptions: descriptions, location: at(file, line, 3))
    }

    static func builtin(
        _ builtin: BuiltinType, maxLength: Int? = nil, range: NumericRange? = nil, pattern: String? = nil,
        array: Bool = false, maxCount: Int? = nil
    ) -> FieldType {
        FieldType(scalar: .builtin(builtin), maxLength: maxLength, range: range, pattern: pattern, isArray: array, maxCount: maxCount)
    }

    /// The example: a search event, a deprecated one, an obsolete one.
    static let recipeSearch = Schema(
        categories: [
            Category(
                name: "recipe_search", descriptions: ["Events of the recipe search screen."],
                file: "LogDefinitions/recipe_search.md", location: at("LogDefinitions/recipe_search.md", 1),
                events: [
                    Event(
                        name: "search", descriptions: ["Sent when the user runs a search."], location: at("LogDefinitions/recipe_search.md", 5),
                        fields: [
                            field("keyword", builtin(.string, maxLength: 256), ["The search keyword"], line: 9),
                            field("order", FieldType(scalar: .custom("SearchOrder")), ["latest, popularity"], line: 11),
                            field("page", builtin(.integer), status: .obsolete, ["removed in 2020"], line: 13),
                        ]),
                    Event(
                        name: "old_thing", status: .deprecated, descriptions: ["Use search instead."], location: at("LogDefinitions/recipe_search.md", 16),
                        fields: [
                            field("recipe_id", builtin(.bigint), optional: true, line: 18)
                        ]),
                    Event(name: "older_thing", status: .obsolete, location: at("LogDefinitions/recipe_search.md", 20)),
                    Event(name: "tap_show_more", location: at("LogDefinitions/recipe_search.md", 22)),
                ])
        ],
        common: [
            field("user_id", builtin(.bigint), optional: true, pii: true, ["User ID"], file: "LogDefinitions/common.md", line: 3),
            field("app_version", builtin(.string, maxLength: 32, pattern: "^[0-9.]+$"), ["Application version"], file: "LogDefinitions/common.md", line: 5),
        ],
        types: [
            EnumType(
                name: "SearchOrder", descriptions: ["How results are sorted."], location: at("LogDefinitions/types.md", 1),
                cases: [
                    EnumCase(name: "latest", descriptions: ["Newest first"], location: at("LogDefinitions/types.md", 5)),
                    EnumCase(name: "popularity", location: at("LogDefinitions/types.md", 6)),
                    EnumCase(name: "most popular", location: at("LogDefinitions/types.md", 7)),
                ])
        ])
}
