import LogSchema
import Testing

@Suite struct SchemaJSONEncoderTests {
    let here = SourceLocation(file: "Defs/shop.md", line: 7, column: 3)

    func schema(fields: [Field], types: [EnumType] = []) -> Schema {
        Schema(
            categories: [
                Category(
                    name: "shop", descriptions: ["The shop."], file: "Defs/shop.md", location: SourceLocation(file: "Defs/shop.md", line: 1, column: 3),
                    events: [
                        Event(
                            name: "buy", status: .deprecated, descriptions: ["A purchase."], location: SourceLocation(file: "Defs/shop.md", line: 3, column: 4),
                            fields: fields)
                    ])
            ],
            types: types)
    }

    @Test func shapeAndKeyOrder() {
        let shop = schema(fields: [
            Field(name: "item_id", type: FieldType(scalar: .builtin(.bigint)), descriptions: ["The item"], location: here)
        ])
        let json = SchemaJSONEncoder().encode(shop)
        let hash = SchemaFingerprint.hash(of: shop)
        #expect(SchemaFingerprint.isHash(hash))
        #expect(
            json == """
                {"hash":"\(hash)","categories":[{"name":"shop","descriptions":["The shop."],"file":"Defs/shop.md","line":1,"common":[],"events":[{"name":"buy","tag":"shop.buy","status":"deprecated","descriptions":["A purchase."],"line":3,"column":4,"fields":[{"name":"item_id","type":"bigint","optional":false,"status":"active","pii":false,"descriptions":["The item"],"line":7,"column":3}]}]}],"common":[],"commonDescriptions":[],"types":[]}

                """)
    }

    @Test func constraintsArraysAndCustomTypes() {
        let sort = EnumType(name: "Sort", location: here, cases: [EnumCase(name: "price", descriptions: ["Cheapest first"], location: here)])
        let json = SchemaJSONEncoder().encode(
            schema(
                fields: [
                    Field(
                        name: "a", type: FieldType(scalar: .builtin(.string), maxLength: 32, pattern: "^\\d+\"$", isArray: true, maxCount: 3), isOptional: true,
                        isPersonalData: true, location: here),
                    Field(name: "b", type: FieldType(scalar: .builtin(.double), range: NumericRange(min: .real(-0.5), max: .integer(2))), location: here),
                    Field(name: "c", type: FieldType(scalar: .custom("Sort"), isArray: true), location: here),
                    Field(name: "d", type: FieldType(scalar: .custom("Network")), status: .obsolete, location: here),
                ], types: [sort]))
        let fields = json.split(separator: "\"fields\":[")[1].split(separator: "]}]}]")[0]
        #expect(
            fields == """
                {"name":"a","type":"array","optional":true,"status":"active","pii":true,"descriptions":[],"line":7,"column":3,"element":"string","maxCount":3,"maxLength":32,"pattern":"^\\\\d+\\"$"},\
                {"name":"b","type":"double","optional":false,"status":"active","pii":false,"descriptions":[],"line":7,"column":3,"range":{"min":-0.5,"max":2}},\
                {"name":"c","type":"array","optional":false,"status":"active","pii":false,"descriptions":[],"line":7,"column":3,"element":"Sort","custom":true,"declared":true},\
                {"name":"d","type":"Network","optional":false,"status":"obsolete","pii":false,"descriptions":[],"line":7,"column":3,"custom":true,"declared":false}
                """)
        #expect(
            json.hasSuffix(
                """
                "types":[{"name":"Sort","descriptions":[],"file":"Defs/shop.md","line":7,"cases":[{"name":"price","descriptions":["Cheapest first"],"line":7}]}]}

                """))
    }

    @Test func controlCharactersAreEscaped() {
        let json = SchemaJSONEncoder().encode(
            schema(fields: [
                Field(name: "a", type: FieldType(scalar: .builtin(.string)), descriptions: ["tab\there\u{1}é\\"], location: here)
            ]))
        #expect(json.contains(#""descriptions":["tab\there\u0001é\\"]"#))
    }

    @Test func chunkedOutputEqualsWholeOutput() {
        let categories = (0..<200).map { index in
            Category(
                name: "c\(index)", file: "c.md", location: here,
                events: [
                    Event(
                        name: "e", location: here,
                        fields: [
                            Field(name: "f", type: FieldType(scalar: .builtin(.integer)), descriptions: ["A field"], location: here)
                        ])
                ])
        }
        let schema = Schema(categories: categories)
        var chunks: [[UInt8]] = []
        SchemaJSONEncoder().encode(schema, chunkSize: 1000) { chunks.append($0) }
        #expect(chunks.count > 10)
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == SchemaJSONEncoder().encode(schema))
    }
}

@Suite struct JSONIndenterTests {
    @Test func indentsObjectsArraysAndKeepsEmptyOnesAndStringsIntact() {
        var indenter = JSONIndenter()
        let compact = #"{"a":[1,{"b":"x,{y}:\"[z]"}],"c":{},"d":[]}"# + "\n"
        #expect(
            String(decoding: indenter.indent(Array(compact.utf8)), as: UTF8.self) == #"""
                {
                  "a": [
                    1,
                    {
                      "b": "x,{y}:\"[z]"
                    }
                  ],
                  "c": {},
                  "d": []
                }

                """#)
    }

    @Test func chunksSplitAnywhereGiveTheSameOutput() {
        let compact = Array(#"{"a":["q\"uo,te",{}],"b":{"c":[1,2]}}"#.utf8)
        var whole = JSONIndenter()
        let expected = whole.indent(compact)
        for split in 0...compact.count {
            var chunked = JSONIndenter()
            let output = chunked.indent(Array(compact[..<split])) + chunked.indent(Array(compact[split...]))
            #expect(output == expected, "split at \(split)")
        }
    }
}
