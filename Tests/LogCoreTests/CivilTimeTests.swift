import Foundation
import Testing
import LogCore

/// CivilTime is the one calendar conversion that the envelope, logview and the ClickHouse
/// rows all print times with.
@Suite struct CivilTimeTests {
    @Test func roundTripsOverCenturies() {
        var moment: Int64 = -2_208_988_800_000_000  // 1900-01-01
        while moment < 4_102_444_800_000_000 {  // 2100-01-01
            #expect(CivilTime(microseconds: moment).microseconds() == moment)
            moment += 86_400_000_000 * 37 + 3_723_000_001
        }
    }

    @Test func agreesWithFoundationOverManyDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // From 1700 (Foundation's calendar is Julian before 1582) to about 4100.
        for day in stride(from: -98_000, through: 780_000, by: 997) {
            let milliseconds = Int64(day) * 86_400_000 + 45_296_789
            let civil = CivilTime(microseconds: milliseconds * 1000)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second],
                from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day, "day \(day)")
            #expect(civil.hour == 12 && civil.minute == 34 && civil.second == 56 && civil.microsecond == 789_000)
        }
    }

    @Test func momentsBefore1970RoundDown() {
        let civil = CivilTime(microseconds: -1)
        let fields: [Int] = [civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second, civil.microsecond]
        #expect(fields == [1969, 12, 31, 23, 59, 59, 999_999])
        let (quotient, remainder) = CivilTime.floorDivide(-1, 1000)
        #expect(quotient == -1 && remainder == 999)
    }

    @Test func offsetsShiftTheFields() {
        let tokyo = CivilTime(microseconds: 0, offsetSeconds: 9 * 3600)
        let fields: [Int] = [tokyo.year, tokyo.month, tokyo.day, tokyo.hour]
        #expect(fields == [1970, 1, 1, 9])
        #expect(tokyo.microseconds(offsetSeconds: 9 * 3600) == 0)
        #expect(CivilTime(year: 2024, month: 2, day: 29).isValidDate)
        #expect(!CivilTime(year: 2023, month: 2, day: 29).isValidDate)
    }
}
