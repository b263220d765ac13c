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
        #expect(
            event.payload
                == LogPayload([
                    ("keyword", .string("egg")), ("order", .string("latest")),
                    ("filters", .array([.string("vegetarian")])), ("page", .integer(1)),
                ]))
        #expect(RecipeSearch.schemaHash == RecipeLogs.GeneratedSchema.hash)
    }

    /// Every requirement of `LogEvent` comes from the one switch and the table, for every
    /// case (the table's lines follow the cases' order).
    @Test func namesTagsAndContentsComeFromTheTable() {
        let events: [(any LogEvent, String)] = [
            (RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1), "recipe_search.search"),
            (RecipeSearch.tapSearchResult(recipeId: 7, position: 2, keyword: "egg"), "recipe_search.tap_search_result"),
            (UserPostDetail.tapMedia(postId: 1, position: 1, mediaKind: .photo), "user_post_detail.tap_media"),
            (UserPostDetail.tapShowMore(postId: 1, hiddenLineCount: 2, commentExcerpt: "hi"), "user_post_detail.tap_show_more"),
        ]
        for (event, tag) in events {
            #expect(event.tag == tag)
            #expect(type(of: event).categoryName + "." + event.eventName == tag)
            let contents = event.contents
            #expect(contents.tag == tag)
            #expect(contents.payload == event.payload)
            #expect(contents.personalDataFields == event.personalDataFields)
        }
        #expect(UserPostDetail.tapShowMore(postId: 1, hiddenLineCount: 2, commentExcerpt: "hi").contents.personalDataFields == ["comment_excerpt"])
        #expect(RecipeSearch.tapSearchResult(recipeId: 7, position: 2, keyword: "egg").payload.keys == ["recipe_id", "position", "keyword"])
    }

    @Test func commonPayloadUsesTheAppsExternalType() {
        let common = RecipeLogs.CommonPayload(deviceId: "0A1B-2C", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone, network: .wifi)
        #expect(common.payload.keys == ["user_id", "device_id", "app_version", "os_version", "device_kind", "network"])
        #expect(common.payload["network"] == .string("wifi"))
        #expect(common.payload.violations.isEmpty)
    }

    /// The common payload is kept built: a field set after `init`, by assignment or in place,
    /// is in its payload and in what `CommonPayloadFilter` hands the next log.
    @Test func aCommonPayloadSetAfterInitGivesTheNewPayload() {
        var common = RecipeLogs.CommonPayload(deviceId: "0A1B-2C", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone)
        #expect(common.payload["user_id"] == .null)
        common.userId = 42
        common.network = .cellular
        common.osVersion += " beta"
        #expect(common.payload["user_id"] == .integer(42))
        #expect(common.payload["network"] == .string("cellular"))
        #expect(common.payload["os_version"] == .string("iOS 18.1 beta"))
        let fresh = RecipeLogs.CommonPayload(
            userId: 42, deviceId: "0A1B-2C", appVersion: "3.12.0", osVersion: "iOS 18.1 beta", deviceKind: .phone, network: .cellular)
        #expect(common.payload == fresh.payload)

        let filter = CommonPayloadFilter { [common] in common }
        var envelope = LogEnvelope(tag: "recipe_search.search", payload: LogPayload())
        _ = filter.apply(to: &envelope)
        #expect(envelope.common == fresh.payload)
        #expect(envelope.commonPersonalDataFields == ["device_id"])
    }
}
