import BehaviorLog
import BehaviorLogTesting
import RecipeAppTypes
import RecipeLogs
import Testing

/// The `[pii]` fields of `LogDefinitions/` reach `PersonalDataFilter` through the generated
/// code alone: nobody names `author_nickname` or `device_id` by hand.
@Suite struct PersonalDataTests {
    let common = RecipeLogs.CommonPayload(deviceId: "0A1B-2C", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone)

    @Test func generatedCodeDeclaresThePersonalFieldsOfTheDefinitions() {
        #expect(
            UserPostDetail.show(postId: 1, recipeId: 2, mediaKinds: [], ingredientNames: [], authorNickname: "Aiko").personalDataFields == ["author_nickname"])
        #expect(UserPostDetail.tapShowMore(postId: 1, hiddenLineCount: 2, commentExcerpt: nil).personalDataFields == ["comment_excerpt"])
        #expect(UserPostDetail.tapMedia(postId: 1, position: 1, mediaKind: .photo).personalDataFields.isEmpty)
        #expect(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1).personalDataFields.isEmpty)
        #expect(RecipeLogs.CommonPayload.personalDataFields == ["device_id"])
    }

    @Test func hostileNamesAreDeclaredAsWritten() {
        // The hostile fixture's `constraints.personal`: keyword names, an array.
        #expect(Constraints.personal(class: "x", count: 1, default: ["a"]).personalDataFields == ["class", "default"])
        #expect(Constraints.personal(class: nil, count: 1, default: []).payload.keys == ["class", "count", "default"])
        // This module's own CommonPayload, from the hostile fixture.
        #expect(CommonPayload.personalDataFields == ["user_name"])
    }

    @Test(arguments: [true, false]) func personalFieldsAreRedactedWithNoListGivenByHand(hash: Bool) async throws {
        let recorder = RecordingOutput()
        let common = self.common
        let salt: [UInt8] = Array(repeating: 7, count: 32)
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [
                    FilterSetting(CommonPayloadFilter { common }),
                    FilterSetting(PersonalDataFilter(mode: hash ? .hash(salt: salt) : .drop)),
                ],
                outputs: [OutputSetting(recorder)], schemaVersion: RecipeLogs.GeneratedSchema.hash))
        logger.post(UserPostDetail.show(postId: 1, recipeId: 2, mediaKinds: [.photo], ingredientNames: ["egg"], authorNickname: "Aiko"))
        logger.post(UserPostDetail.tapMedia(postId: 1, position: 1, mediaKind: .photo))
        await logger.shutdown()

        let logs = recorder.logs
        #expect(logs.count == 2)
        guard logs.count == 2 else { return }
        let show = logs[0]
        if hash {
            #expect(show.payload.keys == ["post_id", "recipe_id", "media_kinds", "ingredient_names", "author_nickname"])
            guard case .string(let hashed)? = show.payload["author_nickname"] else {
                Issue.record("author_nickname is not a string: \(String(describing: show.payload["author_nickname"]))")
                return
            }
            #expect(hashed.hasPrefix("sha256:") && hashed.count == 39)
            guard case .string(let device)? = show.common["device_id"] else {
                Issue.record("device_id is not a string")
                return
            }
            #expect(device.hasPrefix("sha256:") && device != "0A1B-2C")
        } else {
            #expect(show.payload.keys == ["post_id", "recipe_id", "media_kinds", "ingredient_names"])
            #expect(show.common["device_id"] == nil)
        }
        // What is not personal passes as it was.
        #expect(show.payload["ingredient_names"] == .array([.string("egg")]))
        #expect(show.common["app_version"] == .string("3.12.0"))
        #expect(logs[1].payload["media_kind"] == .string("photo"))
    }

    @Test func anExplicitListOverridesTheCommonPayloadsOwn() async throws {
        let recorder = RecordingOutput()
        let common = self.common
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [
                    FilterSetting(CommonPayloadFilter(personalDataFields: ["os_version"]) { common }),
                    FilterSetting(PersonalDataFilter(mode: .drop)),
                ],
                outputs: [OutputSetting(recorder)], schemaVersion: RecipeLogs.GeneratedSchema.hash))
        logger.post(UserPostDetail.tapMedia(postId: 1, position: 1, mediaKind: .photo))
        await logger.shutdown()
        #expect(recorder.logs.first?.common.keys == ["user_id", "device_id", "app_version", "device_kind", "network"])
    }
}
