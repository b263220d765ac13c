import Foundation
import LogCore
import LogCoreTools
import Testing

/// The wire formats, pinned byte for byte: what the envelope writes to the store, what
/// logview prints and the warehouse rows carry all come from these routines, so a change
/// here is a change of every log's bytes.
@Suite struct JSONTextGoldenTests {
    private func json(_ text: String) -> String { JSONText.string(text) }

    private func json(_ value: Double) -> String { JSONText.string(value) }

    @Test func controlCharactersUseTheShortFormsWhereJSONHasThem() {
        // U+0000…U+001F: \b \t \n \f \r short, the others \u00XX in lowercase.
        var expected: [String] = []
        for scalar in 0..<0x20 {
            switch scalar {
            case 0x08: expected.append(#"\b"#)
            case 0x09: expected.append(#"\t"#)
            case 0x0A: expected.append(#"\n"#)
            case 0x0C: expected.append(#"\f"#)
            case 0x0D: expected.append(#"\r"#)
            default: expected.append(#"\u00"# + (scalar < 0x10 ? "0" : "1") + String(scalar & 0xF, radix: 16))
            }
        }
        for scalar in 0..<0x20 {
            let text = String(Character(Unicode.Scalar(UInt8(scalar))))
            #expect(json(text) == "\"" + expected[scalar] + "\"", "U+\(String(scalar, radix: 16))")
        }
        #expect(json("\u{1B}[0m") == #""\u001b[0m""#)
        #expect(json("\u{1F}") == #""\u001f""#)
    }

    @Test func quotesAndBackslashesAreEscapedAndTheRestIsCopied() {
        #expect(json(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        // `/`, DEL and non-ASCII are written as they are.
        #expect(json("a/b\u{7F}é😀") == "\"a/b\u{7F}é😀\"")
        #expect(json("") == #""""#)
        // Long text goes through the eight-bytes-at-a-time check; the escape may sit anywhere.
        let long = String(repeating: "abcdefgh", count: 5)
        #expect(json(long) == "\"" + long + "\"")
        #expect(json(long + "\n") == "\"" + long + #"\n""#)
        #expect(json("\t" + long) == #""\t"# + long + "\"")
    }

    @Test func wholeDoublesKeepAFraction() {
        #expect(json(2.0) == "2.0")
        #expect(json(-2.0) == "-2.0")
        #expect(json(0.0) == "0.0")
        #expect(json(999_999_999_999_999.0) == "999999999999999.0")
        #expect(json(1e15) == "1000000000000000.0")
        #expect(json(-1e16) == "-1e+16")
    }

    @Test func negativeZeroKeepsItsSign() {
        #expect(json(-0.0) == "-0.0")
        #expect(Double(json(-0.0))?.sign == .minus)
    }

    @Test func otherDoublesAreTheShortestRoundTripForm() {
        #expect(json(0.1) == "0.1")
        #expect(json(-1.5) == "-1.5")
        #expect(json(123_456_789.125) == "123456789.125")
        #expect(json(1e-7) == "1e-07")
        #expect(json(1.5e300) == "1.5e+300")
        #expect(json(Double.leastNonzeroMagnitude) == "5e-324")
    }

    @Test func nonFiniteDoublesAreNull() {
        #expect(json(.nan) == "null")
        #expect(json(.infinity) == "null")
        #expect(json(-.infinity) == "null")
    }

    @Test func integers() {
        var bytes: [UInt8] = []
        for value in [0, -1, 42, Int64.max, Int64.min] {
            JSONText.append(to: &bytes, upTo: JSONText.maximumIntegerCount) { JSONText.writeInteger(value, at: &$0) }
            bytes.append(UInt8(ascii: " "))
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "0 -1 42 9223372036854775807 -9223372036854775808 ")
    }

    @Test func theWriterWritesTheSameText() {
        var writer = JSONWriter()
        writer.raw("[")
        writer.string("a\u{8}b")
        writer.raw(",")
        writer.double(3)
        writer.raw(",")
        writer.integer(-7)
        writer.raw(",")
        writer.uuid(UUID(uuidString: "01234567-89AB-CDEF-0123-456789ABCDEF")!)
        writer.raw(",")
        writer.timestamp(milliseconds: -1)
        writer.raw(",")
        writer.strings(["x", "\""])
        writer.raw("]")
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"["a\bb",3.0,-7,"01234567-89ab-cdef-0123-456789abcdef","1969-12-31T23:59:59.999Z",["x","\""]]"#)
    }
}

/// A `!real` (Swift's `Float`) is written as the shortest text that reads back as the same
/// `Float`, never as its `Double` widening's (issue #30: `0.98`, not `0.9800000190734863`).
@Suite struct FloatTextGoldenTests {
    private func json(_ value: Float) -> String { JSONText.string(value) }

    @Test func floatsWhoseDoubleWideningReadsDifferentlyAreTheirOwnShortestText() {
        let cases: [(Float, String)] = [
            (0.98, "0.98"), (0.97, "0.97"), (0.45, "0.45"), (0.3, "0.3"), (0.1, "0.1"), (-0.7, "-0.7"),
            (12345.678, "12345.678"), (0.00012345679, "0.00012345679"), (1e-5, "1e-05"),
            (1.2345679e8, "1.2345679e+08"), (1e15, "1e+15"),
        ]
        for (value, expected) in cases {
            #expect(json(value) == expected)
            #expect(Float(json(value)) == value, "\(expected) reads back as the same Float")
            // The widening's text is the noise this rule avoids.
            #expect(JSONText.string(Double(value)) != expected)
        }
    }

    @Test func wholeFloatsKeepAFractionBelowTwoToThe24() {
        #expect(json(2) == "2.0")
        #expect(json(-2) == "-2.0")
        #expect(json(0) == "0.0")
        #expect(json(16_777_215) == "16777215.0")
        #expect(json(16_777_216) == "16777216.0")
        #expect(json(1e8) == "1e+08")
    }

    @Test func rangeEndsAndExtremes() {
        #expect(json(.greatestFiniteMagnitude) == "3.4028235e+38")
        #expect(json(-.greatestFiniteMagnitude) == "-3.4028235e+38")
        #expect(json(.leastNormalMagnitude) == "1.1754944e-38")
        #expect(json(-.leastNormalMagnitude) == "-1.1754944e-38")
        #expect(json(1.0) == "1.0")
        #expect(json(Float(0.3).nextDown) == "0.29999998")
        #expect(json(Float(0.3).nextUp) == "0.30000004")
    }

    @Test func subnormalsAreTheirShortestText() {
        #expect(json(.leastNonzeroMagnitude) == "1e-45")
        #expect(json(-.leastNonzeroMagnitude) == "-1e-45")
        #expect(json(Float("3e-39")!) == "3e-39")  // a subnormal: read from text, no literal warning
        #expect(json(Float.leastNormalMagnitude.nextDown) == "1.1754942e-38")
        #expect(Float(json(Float.leastNormalMagnitude.nextDown)) == Float.leastNormalMagnitude.nextDown)
    }

    @Test func negativeZeroKeepsItsSign() {
        #expect(json(-0.0) == "-0.0")
        #expect(Float(json(-0.0))?.sign == .minus)
    }

    @Test func nonFiniteFloatsAreNullAsForDoubles() {
        #expect(json(.nan) == "null")
        #expect(json(.signalingNaN) == "null")
        #expect(json(.infinity) == "null")
        #expect(json(-.infinity) == "null")
    }

    @Test func everyTextFitsTheBoundAndReadsBackTheSameFloat() {
        // Every exponent, with a spread of significands, both signs.
        var longest = 0
        for exponent in UInt32(0)...254 {
            for significand: UInt32 in [0, 1, 0x2AAAAA, 0x555555, 0x7FFFFE, 0x7FFFFF, 0x123457, 0x654321] {
                for sign: UInt32 in [0, 1] {
                    let value = Float(bitPattern: sign << 31 | exponent << 23 | significand)
                    let text = json(value)
                    longest = max(longest, text.utf8.count)
                    #expect(Float(text)?.bitPattern == value.bitPattern, "\(text)")
                }
            }
        }
        #expect(longest <= JSONText.maximumFloatCount)
    }

    @Test func theWriterWritesTheSameText() {
        var writer = JSONWriter()
        writer.float(0.98)
        writer.raw(",")
        writer.float(.nan)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0.98,null")
    }
}

@Suite struct TimeGoldenTests {
    private func moment(
        _ year: Int, _ month: Int = 1, _ day: Int = 1, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
        microsecond: Int = 0
    ) -> Int64 {
        CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, microsecond: microsecond).microseconds()
    }

    @Test func ordinaryMoments() {
        #expect(ISO8601.string(microseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: 1_796_033_700_123_456) == "2026-11-30T10:15:00.123Z")
        #expect(ISO8601.string(microseconds: 1_796_033_700_123_456, fractionDigits: 6) == "2026-11-30T10:15:00.123456Z")
        #expect(ISO8601.string(microseconds: 1_796_033_700_123_456, fractionDigits: 0) == "2026-11-30T10:15:00Z")
    }

    @Test func negativeTimesCountBackFromTheEpochAndRoundDown() {
        #expect(ISO8601.string(microseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601.string(microseconds: -1, fractionDigits: 6) == "1969-12-31T23:59:59.999999Z")
        #expect(ISO8601.string(microseconds: -1_000) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601.string(microseconds: -1_001) == "1969-12-31T23:59:59.998Z")
        #expect(ISO8601.string(microseconds: -86_400_000_000) == "1969-12-31T00:00:00.000Z")
    }

    @Test func yearsBefore1AndAfter9999() {
        #expect(moment(1) == -62_135_596_800_000_000)
        #expect(moment(0) == -62_167_219_200_000_000)
        #expect(moment(-1) == -62_198_755_200_000_000)
        #expect(moment(10_000) == 253_402_300_800_000_000)
        #expect(ISO8601.string(microseconds: moment(1)) == "0001-01-01T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: moment(0)) == "0000-01-01T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: moment(-1)) == "-0001-01-01T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: moment(-12_345, 6, 7)) == "-12345-06-07T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: moment(10_000) - 1) == "9999-12-31T23:59:59.999Z")
        #expect(ISO8601.string(microseconds: moment(10_000)) == "10000-01-01T00:00:00.000Z")
        #expect(ISO8601.string(microseconds: Int64.max, fractionDigits: 6) == "294247-01-10T04:00:54.775807Z")
        #expect(ISO8601.string(date: CivilTime(year: -5, month: 3, day: 9)) == "-0005-03-09")
    }

    @Test func theParserReadsWhatTheWriterWrites() {
        for moment in [
            0, -1, -1_001, 1_796_033_700_123_456, moment(1), moment(0), moment(-1), moment(-12_345, 6, 7),
            moment(10_000) - 1, moment(10_000), moment(123_456, 12, 31, 23, 59, 59),
        ] {
            let text = ISO8601.string(microseconds: moment, fractionDigits: 6)
            #expect(ISO8601.parse(text)?.microseconds == moment, "\(text)")
        }
    }

    @Test func theParserReadsZonesLocalTimesAndDates() {
        #expect(ISO8601.parse("2026-11-30T19:15:00+09:00")?.microseconds == 1_796_033_700_000_000)
        #expect(ISO8601.parse("2026-11-30t10:15:00.5z")?.microseconds == 1_796_033_700_500_000)
        #expect(ISO8601.parse("2026-11-30 10:15")?.offsetSeconds == nil)
        #expect(ISO8601.parse("2026-11-30 10:15")?.hasTimeOfDay == true)
        #expect(ISO8601.parse("2026-11-30")?.hasTimeOfDay == false)
        let behindUTC: Int64 = 1_796_039_100_123_456  // 10:15:00.123456 at -01:30 is 11:45 UTC
        #expect(ISO8601.parse("2026-11-30T10:15:00,1234567-01:30")?.microseconds == behindUTC)
        for bad in [
            "", "2026-02-30", "2026-11-30T24:00Z", "2026-11-30T10:60Z", "26-11-30", "2026-11-30T10:15:00.Z",
            "2026-11-30T10:15Zjunk", "2026/11/30", "2026-11-30T10:15+25:00",
        ] {
            #expect(ISO8601.parse(bad) == nil, "\(bad)")
        }
    }
}

@Suite struct UnixTimeGoldenTests {
    @Test func microsecondsAreRoundedToTheNearest() {
        // 1 µs is 0.99999999… µs as a `Date`: truncating would give 0.
        #expect(UnixTime.microseconds(Date(timeIntervalSince1970: 0.000_001)) == 1)
        // Every microsecond a `Date` holds exactly enough (within about 285 years of 2001).
        for moment in stride(from: Int64(-5_000), through: 5_000, by: 1) + [1_796_033_700_123_456, -2_208_988_800_000_001] {
            #expect(UnixTime.microseconds(UnixTime.date(microseconds: moment)) == moment, "\(moment)")
        }
        #expect(UnixTime.microseconds(Date(timeIntervalSince1970: 0.000_000_4)) == 0)
        #expect(UnixTime.microseconds(Date(timeIntervalSince1970: 0.000_000_6)) == 1)
        #expect(UnixTime.microseconds(Date(timeIntervalSince1970: -0.000_000_6)) == -1)
    }

    @Test func millisecondsAreTheFloor() {
        #expect(UnixTime.milliseconds(microseconds: 1_999) == 1)
        #expect(UnixTime.milliseconds(microseconds: -1) == -1)
        #expect(UnixTime.milliseconds(microseconds: -1_000) == -1)
        #expect(UnixTime.milliseconds(microseconds: -1_001) == -2)
        #expect(UnixTime.milliseconds(Date(timeIntervalSince1970: -0.000_001)) == -1)
    }
}

@Suite struct TextGoldenTests {
    private let uuid = UUID(uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))

    @Test func uuidTextIsLowercase8_4_4_4_12() {
        #expect(UUIDText.string(uuid) == "01234567-89ab-cdef-fedc-ba9876543210")
        #expect(UUIDText.string(uuid) == uuid.uuidString.lowercased())
        var bytes: [UInt8] = Array("x".utf8)
        UUIDText.append(uuid, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x01234567-89ab-cdef-fedc-ba9876543210")
    }

    @Test func uuidTextIsReadInEitherCase() {
        #expect(UUIDText.parse("01234567-89ab-cdef-fedc-ba9876543210") == uuid)
        #expect(UUIDText.parse("01234567-89AB-CDEF-FEDC-BA9876543210") == uuid)
        for bad in [
            "", "01234567-89ab-cdef-fedc-ba987654321", "01234567-89ab-cdef-fedc-ba98765432100",
            "0123456789ab-cdef-fedc-ba9876543210-", "01234567-89ab-cdef-fedc-ba987654321g",
        ] {
            #expect(UUIDText.parse(bad) == nil, "\(bad)")
        }
        for _ in 0..<100 {
            let random = UUID()
            #expect(UUIDText.parse(UUIDText.string(random)) == random)
        }
    }

    @Test func hex() {
        #expect(Hex.string(UInt64(0xAB)) == "00000000000000ab")
        #expect(Hex.string(UInt64.max) == "ffffffffffffffff")
        #expect(Hex.string([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect((0...255).map { Hex.value(UInt8($0)) != nil }.filter { $0 }.count == 22)
        #expect(Hex.value(UInt8(ascii: "F")) == 15 && Hex.value(UInt8(ascii: "a")) == 10 && Hex.value(UInt8(ascii: "g")) == nil)
    }
}

@Suite struct FNV1aGoldenTests {
    @Test func knownVectors64() {
        #expect(FNV1a64.hash("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
        var pieces = FNV1a64()
        pieces.add("foo")
        pieces.add(Array("bar".utf8))
        #expect(pieces.value == FNV1a64.hash("foobar".utf8))
    }

    @Test func knownVectors32() {
        #expect(FNV1a32.hash("".utf8) == 0x811c_9dc5)
        #expect(FNV1a32.hash("a".utf8) == 0xe40c_292c)
        #expect(FNV1a32.hash("foobar".utf8) == 0xbf9c_f968)
    }
}
