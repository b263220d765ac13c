import BehaviorLog
import BehaviorLogTesting
import RecipeLogs
import Testing

@Suite struct RecordingOutputTests {
    private func recorded(_ events: [RecipeSearch]) async throws -> RecordingOutput {
        let recorder = RecordingOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder)]))
        for event in events { logger.post(event) }
        await logger.shutdown()
        return recorder
    }

    @Test func passingExpectations() async throws {
        let recorder = try await recorded([
            .search(keyword: "egg", order: .latest, filters: [], page: 1),
            .tapSearchResult(recipeId: 7, position: 1, keyword: "egg"),
            .search(keyword: "egg", order: .latest, filters: [], page: 1),
        ])
        #expect(recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1)))
        #expect(recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1), count: 2))
        #expect(recorder.expectNotLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1)))
        #expect(recorder.expectNotLogged(tagPattern: "recipe_detail.*"))
        #expect(recorder.expectCount(3))
        #expect(recorder.expectCount(2, tagPattern: "*.search"))
        #expect(
            recorder.expectOrder([
                RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1),
                RecipeSearch.tapSearchResult(recipeId: 7, position: 1, keyword: "egg"),
            ]))
    }

    @Test func failingExpectationsAreReported() async throws {
        let recorder = try await recorded([
            .tapSearchResult(recipeId: 7, position: 1, keyword: "egg"), .search(keyword: "egg", order: .latest, filters: [], page: 1),
        ])
        withKnownIssue {
            recorder.expectLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1))
        } matching: {
            $0.description.contains("expected recipe_search.search {keyword: \"milk\"")
                && $0.description.contains("the last recipe_search.search logged was {keyword: \"egg\"")
        }
        withKnownIssue {
            recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1), count: 2)
        } matching: {
            $0.description.contains("logged 2 time(s), found 1")
        }
        withKnownIssue {
            recorder.expectNotLogged(RecipeSearch.tapSearchResult(recipeId: 7, position: 1, keyword: "egg"))
        } matching: {
            $0.description.contains("not to be logged, found it 1 time(s)")
        }
        withKnownIssue {
            recorder.expectNotLogged(tagPattern: "*.search")
        } matching: {
            $0.description.contains("expected no log matching `*.search`")
        }
        withKnownIssue {
            recorder.expectCount(5)
        } matching: {
            $0.description.contains("expected 5 log(s)")
        }
        withKnownIssue {
            recorder.expectOrder([
                RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1),
                RecipeSearch.tapSearchResult(recipeId: 7, position: 1, keyword: "egg"),
            ])
        } matching: {
            $0.description.contains("logged only before")
        }
        withKnownIssue {
            recorder.expectNotLogged(tagPattern: "a..b")
        } matching: {
            $0.description.contains("invalid tag pattern")
        }
    }
}
