import BehaviorLog
import Testing
@testable import RecipeDemo

@Suite struct SessionSimulatorTests {
    private func run(seed: UInt64, count: Int) -> [(String, LogPayload, LogPayload)] {
        var simulator = SessionSimulator(seed: seed)
        return ConstraintViolation.withHandler({ _ in }) {
            (0..<count).map { _ in
                let step = simulator.next()
                return (step.event.tag, step.event.payload, step.common.payload)
            }
        }
    }

    @Test func theSameSeedReplaysTheSameEvents() {
        let first = run(seed: 42, count: 3_000)
        let second = run(seed: 42, count: 3_000)
        #expect(first.map(\.0) == second.map(\.0))
        #expect(first.map(\.1) == second.map(\.1))
        #expect(first.map(\.2) == second.map(\.2))
        #expect(run(seed: 43, count: 100).map(\.1) != first.prefix(100).map(\.1))
    }

    @Test func sessionsCoverEveryCategoryAndSomeViolations() {
        let steps = run(seed: 7, count: 5_000)
        let categories = Set(steps.map { $0.0.split(separator: ".")[0] })
        #expect(categories == ["recipe_search", "recipe_detail", "home_banner", "user_post_detail"])
        #expect(Set(steps.map(\.0)).count >= 10)
        #expect(steps.contains { !$0.1.violations.isEmpty })
    }
}
