import Foundation
import LogCore
@testable import LogQuery
import Testing

@Suite struct TimeExpressionTests {
    let now = fixedClock.now  // 2026-11-30T12:00:00Z

    @Test func readsRelativeSpans() throws {
        #expect(try fixedClock.parse("30s") == now - 30_000_000)
        #expect(try fixedClock.parse("10m") == now - 600_000_000)
        #expect(try fixedClock.parse("2h") == now - 7_200_000_000)
        #expect(try fixedClock.parse("3d") == now - 3 * 86_400_000_000)
        #expect(try fixedClock.parse("1w") == now - 7 * 86_400_000_000)
        #expect(try fixedClock.parse("now") == now)
    }

    @Test func todayAndYesterdayStartAtLocalMidnight() throws {
        #expect(try fixedClock.parse("today") == microseconds("2026-11-30T00:00:00Z"))
        #expect(try fixedClock.parse("yesterday") == microseconds("2026-11-29T00:00:00Z"))
        let tokyo = TimeExpression(now: Date(timeIntervalSince1970: 1_796_040_000), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        // 12:00Z is 21:00 in Tokyo, so today began at 2026-11-30T00:00+09:00.
        #expect(try tokyo.parse("today") == microseconds("2026-11-29T15:00:00Z"))
        #expect(try tokyo.parse("2026-11-30T10:15") == microseconds("2026-11-30T01:15:00Z"))
    }

    @Test func readsISO8601() throws {
        #expect(try fixedClock.parse("2026-11-30T10:15:00Z") == 1_796_033_700_000_000)
        #expect(try fixedClock.parse("2026-11-30T19:15:00+09:00") == 1_796_033_700_000_000)
        #expect(try fixedClock.parse("2026-11-30T05:15:00-0500") == 1_796_033_700_000_000)
        #expect(try fixedClock.parse("2026-11-30 10:15:00.25Z") == 1_796_033_700_250_000)
        #expect(try fixedClock.parse("2026-11-30T10:15:00.123456789Z") == 1_796_033_700_123_456)
        #expect(try fixedClock.parse("2026-11-30") == 1_795_996_800_000_000)
        #expect(try fixedClock.parse("2024-02-29") == microseconds("2024-02-29T00:00:00Z"))
    }

    @Test(arguments: ["", "soon", "10", "10x", "-5m", "2026-02-30", "2026-13-01", "2026-11-30T25:00", "2026-11-30T10:15Zx", "2026/11/30"])
    func rejectsWhatItCannotRead(_ text: String) {
        #expect(throws: TimeExpressionError.self) { try fixedClock.parse(text) }
    }

    @Test func errorSaysWhatIsAccepted() {
        let error = TimeExpressionError(text: "soon")
        #expect(error.description.contains("'soon'"))
        #expect(error.description.contains("10m"))
        #expect(error.description.contains("2026-11-30T10:15"))
    }

    @Test func formatsWithMillisecondsInUTC() {
        #expect(ISO8601.string(microseconds: 1_796_033_700_123_456) == "2026-11-30T10:15:00.123Z")
        #expect(ISO8601.string(microseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601.string(microseconds: microseconds("2000-02-29T23:59:59.999Z")) == "2000-02-29T23:59:59.999Z")
    }
}
