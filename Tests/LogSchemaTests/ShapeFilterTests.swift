import Testing
import LogSchema

@Suite struct ShapeFilterTests {
    /// A name of the set always gets through: the filter only ever rules names out.
    @Test func everyNameOfTheSetGetsThrough() {
        let filter = ShapeFilter(names: Schema.reservedNames)
        for name in Schema.reservedNames { #expect(filter.mayContain(name: name), "\(name)") }
    }

    /// Nearly every other name is ruled out (names of the benchmark corpus's kind).
    @Test func mostOtherNamesAreRuledOut() {
        let filter = ShapeFilter(names: Schema.reservedNames)
        let words = ["item", "limit", "comment", "duration", "campaign", "rank", "score", "query", "video", "label", "offset"]
        var names: [String] = []
        for first in words { for second in words where second != first { names.append("\(first)_\(second)") } }
        let through = names.filter { filter.mayContain(name: $0) }
        #expect(through.count * 5 < names.count, "\(through.count) of \(names.count) got through")
    }

    /// `café` precomposed and decomposed are one name to a Swift `Set` or `Dictionary` (and
    /// so to the validator's rules), with different byte shapes: a name beyond ASCII is never
    /// ruled out.
    @Test func aNameBeyondASCIIIsNeverRuledOut() {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)
        let filter = ShapeFilter(names: [precomposed])
        #expect(ShapeFilter.byteShape(of: precomposed) != ShapeFilter.byteShape(of: decomposed))
        #expect(filter.mayContain(name: decomposed))
        #expect(ShapeFilter(names: ["id"]).mayContain(name: "\u{E9}t\u{E9}"))
    }

    @Test func anEmptyFilterRulesOutEverything() {
        let filter = ShapeFilter(names: [String]())
        #expect(!filter.mayContain(name: "id"))
        #expect(!filter.mayContain(name: ""))
    }

    @Test func shapesAreLengthAndFirstByte() {
        #expect(ShapeFilter.byteShape(of: "id") == ShapeFilter.byteShape(of: "ix"))
        #expect(ShapeFilter.byteShape(of: "id") != ShapeFilter.byteShape(of: "di"))
        #expect(ShapeFilter.byteShape(of: "id") != ShapeFilter.byteShape(of: "idd"))
    }
}
