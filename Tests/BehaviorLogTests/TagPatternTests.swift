@testable import BehaviorLog
import Testing

@Suite struct TagPatternTests {
    @Test(arguments: [
        ("recipe_search.search", "recipe_search.search", true),
        ("recipe_search.search", "recipe_search.select", false),
        ("recipe_search.*", "recipe_search.search", true),
        ("recipe_search.*", "recipe_search", false),
        ("recipe_search.*", "recipe_search.a.b", false),
        ("*.search", "recipe_search.search", true),
        ("*.search", "recipe_detail.view", false),
        ("*", "recipe_search", true),
        ("*", "recipe_search.search", false),
        ("a.*.c", "a.b.c", true),
        ("a.*.c", "a.c", false),
        ("a.*.c", "a.b.d", false),
        ("a.b.**", "a", false),
        ("a.b.**", "a.b", true),
        ("a.b.**", "a.b.c.d", true),
        ("**", "anything.at.all", true),
        ("**", "one", true),
        ("**.search", "search", true),
        ("**.search", "x.y.search", true),
        ("**.search", "x.search.y", false),
        ("a.**.c", "a.c", true),
        ("a.**.c", "a.b.b.c", true),
        ("a.**.c", "a.b.b.d", false),
        ("**.b.**", "a.b.c", true),
        ("**.b.**", "a.c", false),
        ("*.**", "a", true),
        ("*.**", "", true),  // the empty tag has one (empty) segment
        ("a.**.**.b", "a.b", true),
    ])
    func matching(pattern: String, tag: String, expected: Bool) throws {
        #expect(try TagPattern(pattern).matches(tag) == expected, "\(pattern) vs \(tag)")
    }

    @Test(arguments: [
        ("", "empty"),
        ("a..b", "segment 2 is empty"),
        (".a", "segment 1 is empty"),
        ("a.", "segment 2 is empty"),
        ("a*", "mixes `*` with a name"),
        ("a.***", "mixes `*` with a name"),
        ("a.b c", "contains ` `"),
        ("a/b", "contains `/`"),
    ])
    func invalidPatternsAreRejected(pattern: String, message: String) {
        #expect {
            _ = try TagPattern(pattern)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("invalid tag pattern")
        }
    }

    @Test func settingsRejectABadPatternWhenBuilt() {
        #expect(throws: TagPatternError.self) {
            _ = try FilterSetting(ViolationRoutingFilter(), tagPattern: "a..b")
        }
        #expect(throws: TagPatternError.self) {
            _ = try OutputSetting(ConsoleOutput(), tagPattern: "recipe*")
        }
    }
}
