import LogMarkdown
import LogSchema
import Testing

@Suite struct SchemaParserTests {
    /// The example of the base (cookpad/daifuku) syntax parses unchanged.
    @Test func baseSyntaxParsesUnchanged() throws {
        let loaded = load([
            "recipe_search.md": """
            # recipe_search

            Events of the recipe search screen.

            ## search

            Sent when the user runs a search.

            - keyword: !string 256
                - The search keyword
            - order: SearchOrder
                - latest, popularity
            - [obsolete] page: !integer
                - removed in 2020

            ## [obsolete] old_event

            - recipe_id: !bigint?
            """
        ])
        let category = try #require(loaded.schema.categories.first)
        #expect(category.name == "recipe_search")
        #expect(category.descriptions == ["Events of the recipe search screen."])
        #expect(category.events.map(\.name) == ["search", "old_event"])
        #expect(category.events.map(\.status) == [.active, .obsolete])
        let search = category.events[0]
        #expect(search.descriptions == ["Sent when the user runs a search."])
        #expect(search.fields.map(\.name) == ["keyword", "order", "page"])
        #expect(search.fields[0].type == FieldType(scalar: .builtin(.string), maxLength: 256))
        #expect(search.fields[1].type == FieldType(scalar: .custom("SearchOrder")))
        #expect(search.fields[1].descriptions == ["latest, popularity"])
        #expect(search.fields[2].status == .obsolete)
        #expect(search.fields[2].location == SourceLocation(file: "Defs/recipe_search.md", line: 13, column: 14))
        let recipeID = category.events[1].fields[0]
        #expect(recipeID.isOptional && recipeID.type.builtin == .bigint)
        // Only the missing descriptions of old_event are reported.
        #expect(loaded.diagnostics.map(\.severity) == [.warning, .warning])
    }

    @Test func extensionsParse() throws {
        let loaded = load([
            "shop.md": """
            # shop

            ## buy

            Sent on a purchase.

            - [deprecated] [pii] nickname: !string? 32 ``^[a-z`]+$``
                - Kept as written
            - item_ids: !bigint[5]?
                - Up to five
            - quantity: !integer 1..100
                - How many
            - ratio: !double -0.5..1e3
                - How much
            - sorts: Sort[]
                - Sorts
            """
        ])
        #expect(loaded.diagnostics.isEmpty)
        let fields = try #require(loaded.schema.categories.first?.events.first?.fields)
        #expect(fields[0].status == .deprecated && fields[0].isPersonalData && fields[0].isOptional)
        #expect(fields[0].type == FieldType(scalar: .builtin(.string), maxLength: 32, pattern: "^[a-z`]+$"))
        #expect(fields[1].type == FieldType(scalar: .builtin(.bigint), isArray: true, maxCount: 5))
        #expect(fields[1].isOptional)
        #expect(fields[2].type.range == NumericRange(min: .integer(1), max: .integer(100)))
        #expect(fields[3].type.range == NumericRange(min: .real(-0.5), max: .real(1000)))
        #expect(fields[4].type == FieldType(scalar: .custom("Sort"), isArray: true))
    }

    @Test func namesAndPatternsKeepMarkdownPunctuation() throws {
        let loaded = load([
            "shop.md": """
            # shop

            ## __buy__

            Sent on a purchase.

            - __item__id: !string 8 `^a*b_c$`
                - A *name* with `code`
            """
        ])
        let event = try #require(loaded.schema.categories.first?.events.first)
        #expect(event.name == "__buy__")
        #expect(event.fields[0].name == "__item__id")
        #expect(event.fields[0].type.pattern == "^a*b_c$")
        #expect(event.fields[0].descriptions == ["A *name* with `code`"])
    }

    @Test func typesDeclareEnums() throws {
        let loaded = load([
            "types.md": """
            # types

            ## SearchOrder

            How results are sorted.

            - latest
                - Newest first
            - cooking-time
            """
        ])
        #expect(loaded.diagnostics.isEmpty)
        let type = try #require(loaded.schema.types.first)
        #expect(type.name == "SearchOrder")
        #expect(type.descriptions == ["How results are sorted."])
        #expect(type.cases.map(\.name) == ["latest", "cooking-time"])
        #expect(type.cases[0].descriptions == ["Newest first"])
        #expect(loaded.schema.categories.isEmpty)
    }

    @Test func commonHoldsTheCommonPayload() throws {
        let loaded = load([
            "common.md": """
            # common

            - user_id: !bigint?
                - The user
            """
        ])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.schema.common.map(\.name) == ["user_id"])
        #expect(loaded.schema.categories.isEmpty)
    }

    /// daifuku's category-level common columns: the bullet list before the first `##` of a
    /// category document holds fields sent with every event of the category.
    @Test func listBeforeTheFirstEventHoldsTheCategorysCommonFields() throws {
        let loaded = load([
            "shop.md": """
            # shop

            Events of the shop.

            - screen: !string 32
                - The screen the event was sent from
            - [pii] session_id: !string 64
                - The session

            ## buy

            Sent on a purchase.

            - item_id: !bigint
                - The item
            """
        ])
        #expect(loaded.diagnostics.isEmpty)
        let category = try #require(loaded.schema.categories.first)
        #expect(category.descriptions == ["Events of the shop."])
        #expect(category.common.map(\.name) == ["screen", "session_id"])
        #expect(category.common[1].isPersonalData)
        #expect(category.common[0].location == SourceLocation(file: "Defs/shop.md", line: 5, column: 3))
        #expect(category.events.first?.fields.map(\.name) == ["item_id"])
        #expect(category.fields(of: category.events[0]).map(\.name) == ["screen", "session_id", "item_id"])
    }

    @Test func commonKeepsItsDescription() throws {
        let loaded = load([
            "common.md": """
            # common

            Sent with every event of the app.

            - user_id: !bigint?
                - The user
            """
        ])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.schema.commonDescriptions == ["Sent with every event of the app."])
        #expect(SchemaJSONEncoder().encode(loaded.schema).contains(#""commonDescriptions":["Sent with every event of the app."]"#))
    }

    @Test func diagnosticsAreSortedByFileLineAndColumn() {
        let text = diagnostics([
            "b.md": "# b\n\n## x\n\n- y: !uuid\n",
            "a.md": "# a\n\n## x\n\n- y: !uuid\n",
        ])
        #expect(text.split(separator: "\n").map { $0.prefix(9) } == ["Defs/a.md", "Defs/a.md", "Defs/b.md", "Defs/b.md"])
    }
}
