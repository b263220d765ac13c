import LogSchema
import Testing

private typealias SourceLocation = LogSchema.SourceLocation

/// The JSON `loggen schema` writes, read back: what the in-app viewer gets from the generated code.
@Suite struct SchemaJSONDecoderTests {
    static let file = "Defs/shop.md"

    /// A schema with one of every kind of field: constraints, arrays, custom types (declared
    /// and external), optional, obsolete, pii, real and integer ranges, common fields.
    static let shop: Schema = {
        func at(_ line: Int, _ column: Int = 3) -> SourceLocation { SourceLocation(file: file, line: line, column: column) }
        let sort = EnumType(
            name: "Sort", descriptions: ["How to sort"], location: SourceLocation(file: "Defs/types.md", line: 2, column: 1),
            cases: [EnumCase(name: "price", descriptions: ["Cheapest first"], location: SourceLocation(file: "Defs/types.md", line: 4, column: 1))])
        let fields = [
            Field(
                name: "item_id", type: FieldType(scalar: .builtin(.bigint), range: NumericRange(min: .integer(1), max: .integer(9_000_000_000))),
                location: at(7)),
            Field(
                name: "ratio", type: FieldType(scalar: .builtin(.double), range: NumericRange(min: .real(0), max: .real(0.5))), isOptional: true,
                location: at(8)),
            Field(name: "code", type: FieldType(scalar: .builtin(.string), maxLength: 16, pattern: #"^[A-Z"\\]+$"#), status: .obsolete, location: at(9)),
            Field(name: "sorts", type: FieldType(scalar: .custom("Sort"), isArray: true, maxCount: 3), descriptions: ["Chosen \"sorts\""], location: at(10)),
            Field(name: "screen", type: FieldType(scalar: .custom("ScreenName")), isPersonalData: true, location: at(11)),
            Field(name: "tags", type: FieldType(scalar: .builtin(.string), maxLength: 8, isArray: true), location: at(12)),
        ]
        return Schema(
            categories: [
                Category(
                    name: "shop", descriptions: ["The shop."], file: file, location: SourceLocation(file: file, line: 1, column: 1),
                    common: [Field(name: "shop_id", type: FieldType(scalar: .builtin(.integer)), location: at(3))],
                    events: [Event(name: "buy", status: .deprecated, descriptions: ["A purchase."], location: at(5, 4), fields: fields)])
            ],
            common: [
                Field(
                    name: "user_id", type: FieldType(scalar: .builtin(.bigint)), isOptional: true,
                    location: SourceLocation(file: "Defs/common.md", line: 4, column: 3))
            ],
            commonDescriptions: ["Sent with everything."], types: [sort])
    }()

    @Test func readsBackWhatTheEncoderWrites() throws {
        let json = SchemaJSONEncoder().encode(Self.shop)
        let decoded = try SchemaJSONDecoder().decode(json)
        #expect(SchemaJSONEncoder().encode(decoded) == json)
        #expect(SchemaFingerprint.hash(of: decoded) == SchemaFingerprint.hash(of: Self.shop))
        // Everything the checker and the viewer use comes back as it was.
        #expect(decoded.categories == Self.shop.categories)
        #expect(decoded.common == Self.shop.common)
        #expect(decoded.types.map(\.cases.count) == [1])
        #expect(decoded.types.first?.location == SourceLocation(file: "Defs/types.md", line: 2, column: 1))
    }

    @Test func anEditedOrTruncatedTextIsRefused() throws {
        let json = SchemaJSONEncoder().encode(Self.shop)
        // Another field type, the hash left as it was.
        let edited = json.replacingOccurrences(of: #""name":"shop_id","type":"integer""#, with: #""name":"shop_id","type":"bigint""#)
        #expect(edited != json)
        #expect(throws: SchemaJSONDecoder.DecodingError.self) { try SchemaJSONDecoder().decode(edited) }
        #expect(throws: SchemaJSONDecoder.DecodingError.self) { try SchemaJSONDecoder().decode(String(json.dropLast(20))) }
        #expect(throws: SchemaJSONDecoder.DecodingError.self) { try SchemaJSONDecoder().decode(#"{"hash":"x","categories":[]}"#) }
        #expect(throws: SchemaJSONDecoder.DecodingError.self) {
            try SchemaJSONDecoder().decode(json.replacingOccurrences(of: #""type":"double""#, with: #""type":"float""#))
        }
    }
}
