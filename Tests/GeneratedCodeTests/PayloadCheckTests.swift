import BehaviorLog
import Testing

/// The runtime's checked appends on their own, for the edge cases generated code reaches.
@Suite struct CheckedAppendTests {
    let recorder = ViolationRecorder()

    @Test func truncationNeverSplitsAGraphemeCluster() {
        var payload = LogPayload()
        recorder.recording {
            // A family emoji is one character of 18 bytes: it fits whole or not at all.
            payload.appendString("family", "👨‍👩‍👧", maxLength: 10)
            payload.appendString("mixed", "ab👨‍👩‍👧", maxLength: 19)
            payload.appendString("empty", "abc", maxLength: 0)
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
        var payload = LogPayload()
        recorder.recording {
            payload.appendString("text", nil, maxLength: 1, pattern: LogPattern("^x$"))
            payload.appendInteger("number", Int32?.none, min: 1, max: 2)
            payload.appendNumber("ratio", Double?.none, min: 0, max: 1)
            payload.appendStrings("texts", nil, maxCount: 1)
            payload.appendArray("flags", [Bool]?.none, maxCount: 1)
        }
        #expect(payload.fields.allSatisfy { $0.value == .null })
        #expect(payload.violations.isEmpty)
        #expect(recorder.violations.isEmpty)
    }

    @Test func integersAreClampedInTheirOwnWidth() {
        var payload = LogPayload()
        recorder.recording {
            payload.appendInteger("small", Int16.min, min: -100, max: 100)
            payload.appendIntegers("many", [Int64.max, 5], min: 0, max: 10)
        }
        #expect(payload["small"] == .integer(-100))
        #expect(payload["many"] == .array([.integer(10), .integer(5)]))
    }

    @Test func theInnermostScopedHandlerWins() {
        let outer = ViolationRecorder()
        outer.recording {
            let inner = ViolationRecorder()
            inner.recording {
                var payload = LogPayload()
                payload.appendString("text", "long", maxLength: 1)
            }
            #expect(inner.violations.count == 1)
        }
        #expect(outer.violations.isEmpty)
    }

    /// The checked appends of a `!real` keep it a `Float` and compare it as one (issue #30).
    @Test func realsAreCheckedAndKeptAsFloat() {
        var payload = LogPayload()
        recorder.recording {
            payload.appendNumber("ratio", Float(0.3), min: 0.1, max: 0.3)
            payload.appendNumbers("ratios", [Float(0.7), 2], min: 0.7, max: 1)
            payload.appendFloat("plain", 0.98)
        }
        #expect(payload["ratio"] == .float(0.3))
        #expect(payload["ratios"] == .array([.float(0.7), .float(1)]))
        #expect(payload["plain"] == .float(0.98))
        #expect(recorder.violations.map(\.description) == ["ratios: range: element 1: 2.0 outside 0.7...1.0; clamped to 1.0"])
    }
}
