import BehaviorLog
import Foundation
import Testing

/// The hostile fixture's `every_type` category: every builtin, a declared enum and an
/// external type, each plain, optional, as an array and as an optional array.
@Suite struct EveryTypePayloadTests {
    let day = LogDate(year: 2024, month: 2, day: 29)!
    let moment = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func plainValuesBecomeTheirLogValues() {
        let event = EveryType.plainValues(
            plainSmallint: -3, plainInteger: 70_000, plainBigint: .max, plainReal: 0.5, plainDouble: -2.25,
            plainBoolean: true, plainString: "卵", plainDate: day, plainTimestamp: moment, plainTimestamptz: moment,
            plainShade: .lightGrey, plainOutsidething: OutsideThing(code: 7))
        #expect(event.tag == "every_type.plain_values")
        #expect(
            event.payload
                == LogPayload([
                    ("plain_smallint", .integer(-3)), ("plain_integer", .integer(70_000)), ("plain_bigint", .integer(.max)),
                    ("plain_real", .float(0.5)), ("plain_double", .double(-2.25)), ("plain_boolean", .bool(true)),
                    ("plain_string", .string("卵")), ("plain_date", .date(day)), ("plain_timestamp", .timestamp(moment)),
                    ("plain_timestamptz", .timestamp(moment)), ("plain_shade", .string("light_grey")),
                    ("plain_outsidething", .string("outside-7")),
                ]))
    }

    @Test func missingOptionalsAreNull() {
        let event = EveryType.optionalValues(
            optionalSmallint: nil, optionalInteger: 1, optionalBigint: nil, optionalReal: nil, optionalDouble: nil,
            optionalBoolean: false, optionalString: nil, optionalDate: day, optionalTimestamp: nil, optionalTimestamptz: nil,
            optionalShade: ._2tone, optionalOutsidething: nil)
        let payload = event.payload
        #expect(payload.keys.count == 12)
        #expect(payload["optional_smallint"] == .null)
        #expect(payload["optional_integer"] == .integer(1))
        #expect(payload["optional_boolean"] == .bool(false))
        #expect(payload["optional_date"] == .date(day))
        #expect(payload["optional_shade"] == .string("2tone"))
        #expect(payload["optional_outsidething"] == .null)
    }

    @Test func arraysKeepTheirOrder() {
        let event = EveryType.arrayValues(
            arraySmallint: [1, 2], arrayInteger: [], arrayBigint: [3], arrayReal: [1.5], arrayDouble: [0.25, 4],
            arrayBoolean: [true, false], arrayString: ["a", "b"], arrayDate: [day], arrayTimestamp: [moment],
            arrayTimestamptz: [], arrayShade: [.default, .class], arrayOutsidething: [OutsideThing(code: 1)])
        let payload = event.payload
        #expect(payload["array_smallint"] == .array([.integer(1), .integer(2)]))
        #expect(payload["array_integer"] == .array([]))
        #expect(payload["array_real"] == .array([.float(1.5)]))
        #expect(payload["array_double"] == .array([.double(0.25), .double(4)]))
        #expect(payload["array_shade"] == .array([.string("default"), .string("class")]))
        #expect(payload["array_outsidething"] == .array([.string("outside-1")]))
        #expect(payload.violations.isEmpty)
    }

    @Test func optionalArraysAreNullOrArrays() {
        let event = EveryType.optionalArrayValues(
            optionalArraySmallint: nil, optionalArrayInteger: [9], optionalArrayBigint: nil, optionalArrayReal: nil,
            optionalArrayDouble: nil, optionalArrayBoolean: nil, optionalArrayString: ["x"], optionalArrayDate: nil,
            optionalArrayTimestamp: nil, optionalArrayTimestamptz: [moment], optionalArrayShade: [], optionalArrayOutsidething: nil)
        let payload = event.payload
        #expect(payload["optional_array_smallint"] == .null)
        #expect(payload["optional_array_integer"] == .array([.integer(9)]))
        #expect(payload["optional_array_string"] == .array([.string("x")]))
        #expect(payload["optional_array_timestamptz"] == .array([.timestamp(moment)]))
        #expect(payload["optional_array_shade"] == .array([]))
    }
}
