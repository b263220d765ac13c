@testable import BehaviorLog
import BehaviorLogTesting
import LogStore
import Testing

/// Routing as one function of the outputs' settings, the consent and a batch: tags, routes and
/// consent decide which outputs get which logs, and only logs that go somewhere are encoded.
@Suite struct LogRouterTests {
    private static func log(_ tag: String, route: String? = nil, number: Int) -> EncodedLog {
        EncodedLog(envelope: LogEnvelope(tag: tag, payload: LogPayload([("n", .integer(Int64(number)))]), route: route), body: [])
    }

    private static func numbers(_ logs: [EncodedLog]) -> [Int64] {
        logs.map { log in
            guard case .integer(let number) = log.envelope.payload["n"] else { return -1 }
            return number
        }
    }

    /// Routes `batch`, recording which logs were handed to `encode` (it marks their bodies).
    private static func route(_ router: inout LogRouter, _ batch: inout [EncodedLog], consent: LogConsent = .granted) -> (LogRouter.Routed, encoded: [Int64]) {
        var encoded: [EncodedLog] = []
        let routed = router.route(&batch, consent: consent) { log in
            log.body = [1]
            encoded.append(log)
        }
        return (routed, numbers(encoded))
    }

    @Test func everyLogToEveryOutputHandsOutTheBatchItself() {
        var router = LogRouter([OutputSetting(RecordingOutput()), OutputSetting(RecordingOutput())])
        #expect(router.everyOutputTakesEveryTag)
        var batch = (0..<5).map { Self.log("recipe_search.search", number: $0) }
        let (routed, encoded) = Self.route(&router, &batch)
        #expect(routed.perOutput == nil, "no per-output copies in the usual case")
        #expect(encoded == [0, 1, 2, 3, 4] && batch.allSatisfy { $0.body == [1] }, "each log encoded once, in place, in order")
        #expect(routed.delivered == 5 && routed.unrouted == 0 && routed.unroutedForConsent == 0)
    }

    @Test func tagPatternsSplitTheBatchAndUnmatchedLogsAreCountedNotEncoded() throws {
        var router = LogRouter([
            try OutputSetting(RecordingOutput(), tagPattern: "recipe_search.*"),
            try OutputSetting(RecordingOutput(), tagPattern: "**.select_recipe"),
        ])
        #expect(!router.everyOutputTakesEveryTag)
        var batch = [
            Self.log("recipe_search.search", number: 0),
            Self.log("recipe_search.select_recipe", number: 1),
            Self.log("settings.open", number: 2),
            Self.log("home.select_recipe", number: 3),
        ]
        // Twice: the second time from the memo of each tag's outputs, with the same result.
        for _ in 0..<2 {
            var copy = batch
            let (routed, encoded) = Self.route(&router, &copy)
            let perOutput = try #require(routed.perOutput)
            #expect(perOutput.map(Self.numbers) == [[0, 1], [1, 3]])
            #expect(perOutput.allSatisfy { $0.allSatisfy { $0.body == [1] } }, "the outputs get the encoded logs")
            #expect(encoded == [0, 1, 3], "the log no output takes is not encoded")
            #expect(routed.delivered == 3 && routed.unrouted == 1 && routed.unroutedForConsent == 0)
        }
        batch.removeAll()
    }

    @Test func routesSendALogOnlyToTheOutputsOfItsRoute() throws {
        var router = LogRouter([
            OutputSetting(RecordingOutput()),
            OutputSetting(RecordingOutput(), route: .named("violations")),
            OutputSetting(RecordingOutput(), route: .every),
        ])
        var batch = [
            Self.log("a.b", number: 0),
            Self.log("a.b", route: "violations", number: 1),
            Self.log("a.b", route: "elsewhere", number: 2),
        ]
        let (routed, encoded) = Self.route(&router, &batch)
        let perOutput = try #require(routed.perOutput)
        #expect(perOutput.map(Self.numbers) == [[0], [1], [0, 1, 2]])
        #expect(encoded == [0, 1, 2] && routed.delivered == 3 && routed.unrouted == 0)
    }

    @Test func deniedConsentWithholdsLogsFromConsentRequiringOutputsOnly() throws {
        var router = LogRouter([
            OutputSetting(RecordingOutput(), requiresConsent: false),
            OutputSetting(RecordingOutput(), requiresConsent: true),
            OutputSetting(RecordingOutput(), route: .named("violations"), requiresConsent: true),
        ])
        var batch = [Self.log("a.b", number: 0), Self.log("a.b", route: "violations", number: 1)]
        var denied = batch
        let (routed, encoded) = Self.route(&router, &denied, consent: .denied)
        let perOutput = try #require(routed.perOutput)
        #expect(perOutput.map(Self.numbers) == [[0], [], []])
        // Log 0 still went to the history (withheld from one output); log 1 went nowhere, for
        // consent only: counted as withheld, not as unrouted, and not encoded.
        #expect(encoded == [0])
        #expect(routed.delivered == 1 && routed.unroutedForConsent == 2 && routed.unrouted == 0)
        // Pending and granted consent route as if consent were not asked.
        for consent in [LogConsent.pending, .granted] {
            var copy = batch
            let (routed, _) = Self.route(&router, &copy, consent: consent)
            #expect(try #require(routed.perOutput).map(Self.numbers) == [[0], [0], [1]])
            #expect(routed.unroutedForConsent == 0 && routed.delivered == 2)
        }
        batch.removeAll()
    }

    @Test func withNoOutputEveryLogIsUnrouted() {
        var router = LogRouter([])
        var batch = [Self.log("a.b", number: 0), Self.log("c.d", number: 1)]
        let (routed, encoded) = Self.route(&router, &batch)
        #expect(encoded.isEmpty && routed.delivered == 0 && routed.unrouted == 2)
    }
}
