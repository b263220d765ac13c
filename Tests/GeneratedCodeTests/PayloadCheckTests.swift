import BehaviorLog
import Testing

/// The runtime's constraint checks on their own, through the one table every generated
/// payload (an event's and the common payload's) is built with: the edge cases generated
/// code reaches.
@Suite struct PayloadCheckTests {
    let recorder = ViolationRecorder()

    @Test func truncationNeverSplitsAGraphemeCluster() {
        let layout = LogPayloadLayout(category: "cat", events: "event: family maxLength=10, mixed maxLength=19, empty maxLength=0")
        let payload = recorder.recording {
            // A family emoji is one character of 18 bytes: it fits whole or not at all.
            layout.payload(LogEventFields(0, ["👨‍👩‍👧".logValue, "ab👨‍👩‍👧".logValue, "abc".logValue]))
        }
        #expect(payload["family"] == .string(""))
        #expect(payload["mixed"] == .string("ab"))
        #expect(payload["empty"] == .string(""))
        #expect(recorder.violations.count == 3)
    }

    @Test func patternsMatchTheWholeString() {
        let pattern = LogPattern("b|abc")
        #expect(pattern.matches("abc"))
        #expect(pattern.matches("b"))
        #expect(!pattern.matches("ab"))
        #expect(!pattern.matches("xbx"))
    }

    @Test func missingValuesNeverViolate() {
        let layout = LogPayloadLayout(
            category: "cat", events: "event: text maxLength=1 pattern=1, number min=1 max=2, ratio min=0 max=1, texts maxCount=1, flags maxCount=1",
            patterns: [LogPattern("^x$")])
        let payload = recorder.recording {
            layout.payload(
                LogEventFields(0, [String?.none.logValue, Int32?.none.logValue, Double?.none.logValue, [String]?.none.logValue, [Bool]?.none.logValue]))
        }
        #expect(payload.fields.count == 5)
        #expect(payload.fields.allSatisfy { $0.value == .null })
        #expect(payload.violations.isEmpty)
        #expect(recorder.violations.isEmpty)
    }

    @Test func theInnermostScopedHandlerWins() {
        let layout = LogPayloadLayout(category: "cat", events: "event: text maxLength=1")
        let outer = ViolationRecorder()
        outer.recording {
            let inner = ViolationRecorder()
            inner.recording {
                _ = layout.payload(LogEventFields(0, ["long".logValue]))
            }
            #expect(inner.violations.count == 1)
        }
        #expect(outer.violations.isEmpty)
    }
}
