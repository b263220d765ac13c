@testable import BehaviorLog
import Testing

/// The logger's per-tag filter chains, found by the tag's storage first, then by its text.
@Suite struct FilterRoutesTests {
    private struct Named: LogFilter {
        let name: String
        func apply(to envelope: inout LogEnvelope) -> LogFilterDecision { .pass }
    }

    private func names(_ filters: [any LogFilter]?) -> [String]? { filters?.map { ($0 as! Named).name } }

    @Test func aTagIsFoundByItsStorageAndByItsText() {
        let routes = FilterRoutes()
        let tag = "recipe_search.select_recipe"
        let identity = FilterRoutes.identity(of: tag)
        #expect(identity != 0)
        #expect(routes.filters(for: tag, identity: identity) == nil)
        routes.add([Named(name: "one")], for: tag, identity: identity)
        #expect(names(routes.filters(for: tag, identity: identity)) == ["one"])
        // The same text in another string: found by its text, then by its own storage.
        let built = ["recipe_search", "select_recipe"].joined(separator: ".")
        let builtIdentity = FilterRoutes.identity(of: built)
        #expect(builtIdentity != identity)
        #expect(names(routes.filters(for: built, identity: builtIdentity)) == ["one"])
        #expect(names(routes.filters(for: built, identity: builtIdentity)) == ["one"])
        // Another tag is never taken for the first.
        let other = ["recipe_search", "clear_history"].joined(separator: ".")
        #expect(routes.filters(for: other, identity: FilterRoutes.identity(of: other)) == nil)
    }

    @Test func smallTagsHaveNoIdentityAndGoByText() {
        let routes = FilterRoutes()
        #expect(FilterRoutes.identity(of: "a.b") == 0)
        routes.add([Named(name: "small")], for: "a.b", identity: 0)
        #expect(names(routes.filters(for: "a.b", identity: 0)) == ["small"])
        #expect(routes.filters(for: "a.c", identity: 0) == nil)
    }

    @Test func manyTagsSharingSlotsStayDistinct() {
        let routes = FilterRoutes()
        let tags = (0..<2_000).map { "category_\($0).event_with_a_long_name" }
        for tag in tags { routes.add([Named(name: tag)], for: tag, identity: FilterRoutes.identity(of: tag)) }
        for tag in tags.shuffled() {
            #expect(names(routes.filters(for: tag, identity: FilterRoutes.identity(of: tag))) == [tag])
        }
    }
}
