import LogSchema
import Testing

@Suite struct FieldTypeTests {
    @Test func constraintsReadBackAsSet() {
        var type = FieldType(scalar: .builtin(.string))
        #expect(type.maxLength == nil && type.pattern == nil)
        type.maxLength = 32
        type.pattern = "^a$"
        #expect(type.maxLength == 32 && type.pattern == "^a$")
        type.maxLength = nil
        type.pattern = nil
        #expect(type == FieldType(scalar: .builtin(.string)))
    }

    @Test func copiesDoNotShareChanges() {
        let original = FieldType(scalar: .builtin(.integer), range: NumericRange(min: .integer(1), max: .integer(5)))
        var copy = original
        copy.range = NumericRange(min: .integer(0), max: .integer(9))
        #expect(original.range == NumericRange(min: .integer(1), max: .integer(5)))
        #expect(copy != original)
        #expect(Set([original, copy, original]).count == 2)
    }

    @Test(arguments: [
        (FieldType(scalar: .builtin(.string), maxLength: 32), "!string 32"),
        (FieldType(scalar: .custom("Sort"), isArray: true, maxCount: 3), "Sort[3]"),
        (FieldType(scalar: .builtin(.string), maxLength: 16, pattern: "^[a-z]+$", isArray: true), "!string[] 16 `^[a-z]+$`"),
        (FieldType(scalar: .builtin(.double), range: NumericRange(min: .real(0), max: .real(1.5))), "!double 0.0..1.5"),
    ])
    func spelling(type: FieldType, expected: String) {
        #expect(type.spelling == expected)
    }

    @Test func sameColumnIgnoresChecksButNotStorage() {
        let short = FieldType(scalar: .builtin(.string), maxLength: 16)
        #expect(short.hasSameColumn(as: FieldType(scalar: .builtin(.string), maxLength: 16, pattern: "^a$")))
        #expect(!short.hasSameColumn(as: FieldType(scalar: .builtin(.string), maxLength: 32)))
        #expect(!short.hasSameColumn(as: FieldType(scalar: .builtin(.string), maxLength: 16, isArray: true)))
    }
}
