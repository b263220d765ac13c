import BehaviorLog
import Foundation
import Testing

/// The constraint policy on generated code (the hostile fixture's `constraints` category):
/// every constraint repairs what is safe to repair, records the violation in the payload
/// and reports it to the handler — loudly by default in debug builds, to a recorder here.
@Suite struct ConstraintPolicyTests {
    static func limited(
        shortText: String = "ok", optionalShortText: String? = nil, code: String = "AB12", quotedCode: String = "a\"\\$",
        percent: Int16 = 50, temperature: Int32 = 20, large: Int64 = 0, ratio: Double = 0.5, scale: Float? = nil,
        tags: [String] = [], scores: [Int32] = [], weights: [Double] = [], shades: [Shade] = [], moments: [Date]? = nil
    ) -> Constraints {
        .limited(
            shortText: shortText, optionalShortText: optionalShortText, code: code, quotedCode: quotedCode,
            percent: percent, temperature: temperature, large: large, ratio: ratio, scale: scale, tags: tags,
            scores: scores, weights: weights, shades: shades, moments: moments)
    }

    /// The payload and the violations the handler saw, which must be the recorded ones.
    func check(_ event: Constraints) -> (payload: LogPayload, reported: [ConstraintViolation]) {
        let recorder = ViolationRecorder()
        let payload = recorder.recording { event.payload }
        #expect(payload.violations == recorder.violations)
        return (payload, recorder.violations)
    }

    @Test func validValuesPassUntouched() {
        let (payload, reported) = check(
            Self.limited(
                shortText: "12345678", optionalShortText: nil, percent: 100, temperature: -40, large: .min, ratio: 1,
                scale: -0.5, tags: ["a", "bcd"], scores: [1, 10], weights: [0, 1], shades: [.class, .default]))
        #expect(reported.isEmpty)
        #expect(payload["short_text"] == .string("12345678"))
        #expect(payload["optional_short_text"] == .null)
        #expect(payload["large"] == .integer(.min))
        #expect(payload["scale"] == .float(-0.5))
    }

    @Test func longStringsAreTruncatedOnACharacterBoundary() {
        // "日本語" is 9 UTF-8 bytes; 8 allowed → two characters (6 bytes), never a broken one.
        let (payload, reported) = check(Self.limited(shortText: "日本語", optionalShortText: "abcdefe\u{301}"))
        #expect(payload["short_text"] == .string("日本"))
        // "e" + combining acute is one character of 3 bytes: the byte limit falls inside it,
        // so it is dropped whole rather than losing its accent.
        #expect(payload["optional_short_text"] == .string("abcdef"))
        #expect(reported.map(\.kind) == [.maxLength, .maxLength])
        #expect(reported.first?.description == "short_text: maxLength: 9 bytes, limit 8; truncated to 6")
    }

    @Test func patternMismatchesAreSentAsTheyAre() {
        let (payload, reported) = check(Self.limited(code: "ab-12", quotedCode: "a'b"))
        #expect(payload["code"] == .string("ab-12"))
        #expect(payload["quoted_code"] == .string("a'b"))
        #expect(reported.map(\.field) == ["code", "quoted_code"])
        #expect(reported.allSatisfy { $0.kind == .pattern })
        #expect(reported.first?.detail == "does not match ^[A-Z0-9]+$; sent as it is")
    }

    @Test func outOfRangeNumbersAreClamped() {
        let (payload, reported) = check(Self.limited(percent: 101, temperature: -41, ratio: .nan, scale: 3))
        #expect(payload["percent"] == .integer(100))
        #expect(payload["temperature"] == .integer(-40))
        #expect(payload["ratio"] == .double(0))
        #expect(payload["scale"] == .float(2.5))
        #expect(reported.map(\.field) == ["percent", "temperature", "ratio", "scale"])
        #expect(reported.first?.detail == "101 outside 0...100; clamped to 100")
    }

    @Test func arraysAreCutAndTheirElementsChecked() {
        let moment = Date(timeIntervalSince1970: 0)
        let (payload, reported) = check(
            Self.limited(
                tags: ["abcdef", "ok", "NO", "dropped"], scores: [0, 11, 5], weights: [2], shades: [.default, .class, .lightGrey],
                moments: [moment, moment, moment]))
        #expect(payload["tags"] == .array([.string("abcd"), .string("ok"), .string("NO")]))
        #expect(payload["scores"] == .array([.integer(1), .integer(10)]))
        #expect(payload["weights"] == .array([.double(1)]))
        #expect(payload["shades"] == .array([.string("default"), .string("class")]))
        #expect(payload["moments"] == .array([.timestamp(moment), .timestamp(moment)]))
        #expect(
            reported.map(\.description) == [
                "tags: maxCount: 4 elements, limit 3; cut to 3",
                "tags: maxLength: element 0: 6 bytes, limit 4; truncated to 4",
                "tags: pattern: element 2: does not match ^[a-z]+$; sent as it is",
                "scores: maxCount: 3 elements, limit 2; cut to 2",
                "scores: range: element 0: 0 outside 1...10; clamped to 1",
                "scores: range: element 1: 11 outside 1...10; clamped to 10",
                "weights: range: element 0: 2.0 outside 0.0...1.0; clamped to 1.0",
                "shades: maxCount: 3 elements, limit 2; cut to 2",
                "moments: maxCount: 3 elements, limit 2; cut to 2",
            ])
    }

    /// Release policy: the default handler does nothing in a release build, so a log is
    /// still sent, repaired, with its violations in the payload. A handler that ignores
    /// violations gives the same result in this debug build.
    @Test func releasePolicyRepairsAndRecordsWithoutStopping() {
        let payload = ConstraintViolation.withHandler({ _ in }) {
            Self.limited(shortText: "far too long", percent: 200).payload
        }
        #expect(payload["short_text"] == .string("far too "))
        #expect(payload["percent"] == .integer(100))
        #expect(payload.violations.map(\.kind) == [.maxLength, .range])
    }

    /// The default handler: a violation stops a debug build; a release build goes on
    /// (`swift test -c release` checks that side).
    @Test func defaultHandlerStopsOnlyDebugBuilds() async {
        #if DEBUG
        await #expect(processExitsWith: .failure) {
            _ = ConstraintPolicyTests.limited(percent: -1).payload
        }
        #else
        await #expect(processExitsWith: .success) {
            let payload = ConstraintPolicyTests.limited(percent: -1).payload
            precondition(payload.violations.count == 1 && payload["percent"] == .integer(0))
        }
        #endif
    }

    /// The common payload is checked when it is built — in `init` and again whenever a field
    /// is set — and keeps its payload, violations included: reading it (what
    /// `CommonPayloadFilter` does on every post) checks nothing again.
    @Test func commonPayloadIsCheckedWhenBuilt() {
        let recorder = ViolationRecorder()
        var common = recorder.recording {
            CommonPayload(sessionCount: 2_000_000, startedAt: Date(timeIntervalSince1970: 0), shade: .default)
        }
        #expect(common.payload.keys == ["user_name", "session_count", "started_at", "shade"])
        #expect(common.payload["session_count"] == .integer(1_000_000))
        #expect(common.payload.violations.map(\.field) == ["session_count"])
        #expect(recorder.violations.map(\.field) == ["session_count"])
        _ = recorder.recording { common.payload }
        #expect(recorder.violations.count == 1, "reading the kept payload reports nothing")

        recorder.recording { common.sessionCount = 7 }
        #expect(common.payload["session_count"] == .integer(7))
        #expect(common.payload.violations.isEmpty)
        recorder.recording { common.sessionCount = -5 }
        #expect(common.payload["session_count"] == .integer(0))
        #expect(common.payload.violations.map(\.kind) == [.range])
        #expect(recorder.violations.map(\.field) == ["session_count", "session_count"])
    }
}
