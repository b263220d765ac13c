import BehaviorLog
import Testing

/// The table generated payloads are built with, on its own: reading lines, keys as
/// written, every constraint, and the element checks of arrays.
@Suite struct LogPayloadLayoutTests {
    let recorder = ViolationRecorder()

    @Test func keysAndValuesFollowTheLinesInOrder() {
        let layout = LogPayloadLayout(["recipe_id, 日本語_key, flag", "", "only"])
        let payload = layout.payload(0, Int64(7), "text", Bool?.none)
        #expect(payload.keys == ["recipe_id", "日本語_key", "flag"])
        #expect(payload["recipe_id"] == .integer(7))
        #expect(payload["日本語_key"] == .string("text"))
        #expect(payload["flag"] == .null)
        #expect(layout.payload(1).fields.isEmpty)
        #expect(layout.keys(ofEvent: 2) == ["only"])
    }

    @Test func everyConstraintRepairsRecordsAndReports() {
        let layout = LogPayloadLayout(
            ["text maxLength=3 pattern=1, count min=1 max=10, ratio min=-0.5 max=2.5, tags maxCount=2 maxLength=2"],
            patterns: [LogPattern("^[a-z]+$")])
        let payload = recorder.recording {
            layout.payload(0, "ABCDE", Int16(99), Float.nan, ["abc", "d", "ignored"])
        }
        #expect(payload["text"] == .string("ABC"))
        #expect(payload["count"] == .integer(10))
        #expect(payload["ratio"] == .double(-0.5))
        #expect(payload["tags"] == .array([.string("ab"), .string("d")]))
        #expect(payload.violations.map(\.kind) == [.maxLength, .pattern, .range, .range, .maxCount, .maxLength])
        #expect(payload.violations.last?.detail.hasPrefix("element 0: ") == true)
        #expect(recorder.violations == payload.violations)
    }

    @Test func validAndMissingValuesPassUntouched() {
        let layout = LogPayloadLayout(["text maxLength=8, count min=1 max=10, numbers maxCount=3 min=0 max=5"])
        let payload = recorder.recording {
            layout.payload(0, String?.none, Int32(10), [Int32(0), 5])
        }
        #expect(payload["text"] == .null)
        #expect(payload["count"] == .integer(10))
        #expect(payload["numbers"] == .array([.integer(0), .integer(5)]))
        #expect(payload.violations.isEmpty)
        #expect(recorder.violations.isEmpty)
    }
}
