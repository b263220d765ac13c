import BehaviorLog
import RecipeAppTypes
import RecipeLogs
import Testing

/// `Generated/` (the sample definitions' checked-in output) compiles as RecipeLogs and logs
/// what `LogDefinitions/` says. (This module has its own `CommonPayload`, from the hostile
/// fixture, so RecipeLogs' is named with its module.)
@Suite struct RecipeLogsTests {
    @Test func searchEventMatchesItsDefinition() {
        let event = RecipeSearch.search(keyword: "egg", order: .latest, filters: [.vegetarian], page: 1)
        #expect(event.tag == "recipe_search.search")
        #expect(event.payload == LogPayload([
            ("keyword", .string("egg")), ("order", .string("latest")),
            ("filters", .array([.string("vegetarian")])), ("page", .integer(1)),
        ]))
        #expect(RecipeSearch.schemaHash == RecipeLogs.GeneratedSchema.hash)
    }

    @Test func commonPayloadUsesTheAppsExternalType() {
        let common = RecipeLogs.CommonPayload(deviceId: "0A1B-2C", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone, network: .wifi)
        #expect(common.payload.keys == ["user_id", "device_id", "app_version", "os_version", "device_kind", "network"])
        #expect(common.payload["network"] == .string("wifi"))
        #expect(common.payload.violations.isEmpty)
    }
}
