import LogSchema
import LogWarehouse
import Testing

/// The rule set's warehouse judgement is made on the columns: a change that splits history
/// but leaves its column as it is stays breaking without blocking `--alter-from`.
@Suite struct SchemaEvolutionTests {
    @Test func aFieldThatBecomesRequiredWhereItsColumnStaysNullableDoesNotBlockTheMigration() throws {
        // `score` is optional in show_result; search gets one too, which then becomes required:
        // the column stays Nullable(Float64) for show_result's.
        let old = Fixture.recipeApp(extraFields: [Fixture.field("score", .builtin(.double), optional: true, line: 10)])
        let new = Fixture.recipeApp(extraFields: [Fixture.field("score", .builtin(.double), line: 10)])
        let changes = SchemaEvolution.changes(from: old, to: new)
        #expect(changes.map(\.rule) == [.becameRequired])
        #expect(changes.map(\.breaksWarehouse) == [false])
        #expect(try ClickHouseMigration(from: old, to: new).statements.isEmpty)

        // Where it was the only optional one, its column would lose Nullable: refused.
        var alone = Fixture.recipeApp()
        alone.categories[0].events[1].fields[2].isOptional = false
        let refused = SchemaEvolution.changes(from: Fixture.recipeApp(), to: alone)
        #expect(refused.map(\.rule) == [.becameRequired])
        #expect(refused.map(\.breaksWarehouse) == [true])
        #expect(throws: WarehouseError.self) { try ClickHouseMigration(from: Fixture.recipeApp(), to: alone) }
    }

    @Test func anExternalTypeRenamedSplitsHistoryButKeepsItsStringColumn() throws {
        var new = Fixture.recipeApp()
        new.categories[0].events[1].fields[4].type = FieldType(scalar: .custom("DeviceName"))
        let changes = SchemaEvolution.changes(from: Fixture.recipeApp(), to: new)
        #expect(changes.map(\.rule) == [.typeChanged])
        #expect(changes.first?.breaksWarehouse == false)
        #expect(
            changes.first?.message.hasPrefix(
                "field 'device' of recipe_search.show_result changed type from DeviceModel (an external type) to DeviceName (an external type)") == true)
        #expect(
            try ClickHouseMigration(from: Fixture.recipeApp(), to: new).statements == [
                "ALTER TABLE logs COMMENT COLUMN device 'external type DeviceName';"
            ])
    }

    @Test func identicalDefinitionsHaveNoChanges() {
        #expect(SchemaEvolution.changes(from: Fixture.recipeApp(), to: Fixture.recipeApp()).isEmpty)
    }
}

/// A column of an [obsolete] field is still in a table made over time (nothing is dropped),
/// so reusing its name with another type is refused too.
@Suite struct ReusedObsoleteNameTests {
    @Test func aNameReusedAfterItsFieldWasObsoleteAndRemovedIsRefused() throws {
        // recipe_search.search has `[obsolete] page: !integer`; the new definitions drop it
        // and give show_result a `page: !string`.
        var new = Fixture.recipeApp()
        new.categories[0].events[0].fields.removeLast()
        new.categories[0].events[1].fields.append(Fixture.field("page", .builtin(.string), line: 18))
        let changes = SchemaEvolution.changes(from: Fixture.recipeApp(), to: new)
        #expect(changes.map(\.rule) == [.columnTypeChanged, .requiredFieldAdded, .obsoleteRemoved])
        #expect(changes.first?.breaksWarehouse == true)
        #expect(
            changes.first?.message
                == "field 'page' is now !string where the definitions had !integer; the warehouse has one column per field name (the one-wide-table rule), and the warehouse column 'page' cannot change from Int32 to String in place; give the field a new name"
        )
        #expect(throws: WarehouseError.self) { try ClickHouseMigration(from: Fixture.recipeApp(), to: new) }
    }
}
