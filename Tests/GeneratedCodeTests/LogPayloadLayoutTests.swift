import BehaviorLog
import Testing

/// The table generated payloads are built with, on its own: reading lines, keys as
/// written, every constraint, and the element checks of arrays.
@Suite struct LogPayloadLayoutTests {
    let recorder = ViolationRecorder()

    @Test func keysAndValuesFollowTheLinesInOrder() {
        let layout = LogPayloadLayout(category: "cat", events: "first: recipe_id, 日本語_key, flag\nno_fields\nthird: only")
        let payload = layout.payload(LogEventFields(0, [Int64(7).logValue, "text".logValue, Bool?.none.logValue]))
        #expect(payload.keys == ["recipe_id", "日本語_key", "flag"])
        #expect(payload["recipe_id"] == .integer(7))
        #expect(payload["日本語_key"] == .string("text"))
        #expect(payload["flag"] == .null)
        #expect(layout.payload(LogEventFields(1, [])).fields.isEmpty)
        #expect(layout.keys(ofEvent: 1).isEmpty)
        #expect(layout.keys(ofEvent: 2) == ["only"])
    }

    @Test func contentsAreTheTagPayloadPersonalFieldsAndSchema() {
        let layout = LogPayloadLayout(category: "cat", events: "first: a pii, b\nsecond")
        let contents = layout.contents(LogEventFields(0, ["x".logValue, Int64(2).logValue]), schema: "fnv1a64:0")
        #expect(contents.tag == "cat.first")
        #expect(contents.payload.keys == ["a", "b"])
        #expect(contents.payload["b"] == .integer(2))
        #expect(contents.personalDataFields == ["a"])
        #expect(contents.schema == "fnv1a64:0")
        #expect(layout.contents(LogEventFields(1, []), schema: "").tag == "cat.second")
    }

    @Test func namesAndTagsComeFromTheLines() {
        let layout = LogPayloadLayout(category: "日本_cat", events: "first: a pii, b\nno_fields\nempty_list:\nünïcode_event: c pii")
        #expect(layout.categoryName == "日本_cat")
        #expect((0..<4).map { layout.eventName(ofEvent: $0) } == ["first", "no_fields", "empty_list", "ünïcode_event"])
        #expect((0..<4).map { layout.tag(ofEvent: $0) } == ["日本_cat.first", "日本_cat.no_fields", "日本_cat.empty_list", "日本_cat.ünïcode_event"])
        #expect((0..<4).map { layout.personalDataFields(ofEvent: $0) } == [["a"], [], [], ["c"]])
    }

    @Test func everyConstraintRepairsRecordsAndReports() {
        let layout = LogPayloadLayout(
            category: "cat", events: "event: text maxLength=3 pattern=1, count min=1 max=10, ratio min=-0.5 max=2.5, tags maxCount=2 maxLength=2",
            patterns: [LogPattern("^[a-z]+$")])
        let payload = recorder.recording {
            layout.payload(LogEventFields(0, ["ABCDE".logValue, Int16(99).logValue, Float.nan.logValue, ["abc", "d", "ignored"].logValue]))
        }
        #expect(payload["text"] == .string("ABC"))
        #expect(payload["count"] == .integer(10))
        #expect(payload["ratio"] == .float(-0.5))
        #expect(payload["tags"] == .array([.string("ab"), .string("d")]))
        #expect(payload.violations.map(\.kind) == [.maxLength, .pattern, .range, .range, .maxCount, .maxLength])
        #expect(payload.violations.last?.detail.hasPrefix("element 0: ") == true)
        #expect(recorder.violations == payload.violations)
    }

    /// Whole-number bounds are read as `Int64(_:)` reads them: to both ends of `Int64`, and a
    /// bound beyond them is no whole number, so it checks nothing.
    @Test func wholeNumberBoundsReachBothEndsOfInt64() {
        let layout = LogPayloadLayout(
            category: "cat",
            events: "event: low min=-9223372036854775808 max=-5, high min=5 max=9223372036854775807, beyond min=-9223372036854775809 max=0")
        let payload = recorder.recording {
            layout.payload(LogEventFields(0, [Int64(0).logValue, Int64.min.logValue, Int64(7).logValue]))
        }
        #expect(payload["low"] == .integer(-5))
        #expect(payload["high"] == .integer(5))
        #expect(payload["beyond"] == .integer(7))
        #expect(payload.violations.map(\.kind) == [.range, .range])
    }

    @Test func validAndMissingValuesPassUntouched() {
        let layout = LogPayloadLayout(category: "cat", events: "event: text maxLength=8, count min=1 max=10, numbers maxCount=3 min=0 max=5")
        let payload = recorder.recording {
            layout.payload(LogEventFields(0, [String?.none.logValue, Int32(10).logValue, [Int32(0), 5].logValue]))
        }
        #expect(payload["text"] == .null)
        #expect(payload["count"] == .integer(10))
        #expect(payload["numbers"] == .array([.integer(0), .integer(5)]))
        #expect(payload.violations.isEmpty)
        #expect(recorder.violations.isEmpty)
    }

    /// A `!real` is a `Float` and its range compares as `Float` (issue #30): the `Float`
    /// nearest a bound is inside, though its `Double` widening lies just outside
    /// (`Float(0.3)` is 0.30000001192…, `Float(0.7)` is 0.69999998807…).
    @Test func realRangesCompareAsFloat() {
        let layout = LogPayloadLayout(
            category: "cat", events: "event: low min=0.1 max=0.3, high min=0.7 max=1, many maxCount=3 min=0.1 max=0.3, over min=0.1 max=0.3")
        let payload = recorder.recording {
            layout.payload(LogEventFields(0, [Float(0.3).logValue, Float(0.7).logValue, [Float(0.1), Float(0.3)].logValue, Float(0.3).nextUp.logValue]))
        }
        #expect(payload["low"] == .float(0.3))
        #expect(payload["high"] == .float(0.7))
        #expect(payload["many"] == .array([.float(0.1), .float(0.3)]))
        #expect(payload["over"] == .float(0.3))
        #expect(payload.violations.map(\.description) == ["over: range: 0.30000004 outside 0.1...0.3; clamped to 0.3"])
    }
}
