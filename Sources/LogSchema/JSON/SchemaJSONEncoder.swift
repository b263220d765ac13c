/// Writes a ``Schema`` as JSON for other tools, byte for byte the same for the same
/// schema: keys in a fixed order, no whitespace, one trailing newline.
///
/// ```json
/// {"categories":[{"name":"recipe_search","descriptions":["…"],"file":"LogDefinitions/recipe_search.md",
///   "line":1,"events":[{"name":"search","tag":"recipe_search.search","status":"active",
///   "descriptions":["…"],"line":5,"column":4,"fields":[FIELD…]}]}],"common":[FIELD…],
///  "types":[{"name":"SearchOrder","descriptions":[],"line":3,"cases":[{"name":"latest","descriptions":[],"line":5}]}]}
/// ```
///
/// A FIELD is `{"name","type","optional","status","pii","descriptions","line","column"}`
/// plus, when they apply: `"maxLength"`, `"range":{"min","max"}`, `"pattern"`,
/// `"custom":true,"declared":true|false` (a type not declared in `types.md` is external),
/// and for an array `"type":"array"` with `"element"` (the element type's name) and
/// `"maxCount"`. Builtin type names are written without `!`.
public struct SchemaJSONEncoder: Sendable {
    public init() {}

    /// The schema as one JSON document.
    public func encode(_ schema: Schema) -> String {
        var output: [UInt8] = []
        encode(schema, chunkSize: .max) { output += $0 }
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the schema as JSON in chunks, so that a large schema is never held twice
    /// in memory.
    ///
    /// - Parameters:
    ///   - chunkSize: how many bytes to gather before handing them to `write`.
    ///   - write: receives the bytes, in order.
    public func encode(_ schema: Schema, chunkSize: Int = 1 << 16, write: ([UInt8]) -> Void) {
        withoutActuallyEscaping(write) { write in
            var writer = JSONWriter(chunkSize: chunkSize, write: write)
            encode(schema, into: &writer)
        }
    }

    private func encode(_ schema: Schema, into writer: inout JSONWriter) {
        let declared = Set(schema.types.map(\.name))
        writer.raw("{\"categories\":[")
        for (index, category) in schema.categories.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"name\":"); writer.string(category.name)
            writer.raw(",\"descriptions\":"); writer.strings(category.descriptions)
            writer.raw(",\"file\":"); writer.string(category.file)
            writer.raw(",\"line\":"); writer.integer(category.location.line)
            writer.raw(",\"events\":[")
            for (eventIndex, event) in category.events.enumerated() {
                if eventIndex > 0 { writer.raw(",") }
                writer.raw("{\"name\":"); writer.string(event.name)
                writer.raw(",\"tag\":"); writer.string(event.tag(in: category))
                writer.raw(",\"status\":"); writer.string(event.status.rawValue)
                writer.raw(",\"descriptions\":"); writer.strings(event.descriptions)
                writer.raw(",\"line\":"); writer.integer(event.location.line)
                writer.raw(",\"column\":"); writer.integer(event.location.column)
                writer.raw(",\"fields\":")
                fields(event.fields, declared: declared, into: &writer)
                writer.raw("}")
            }
            writer.raw("]}")
        }
        writer.raw("],\"common\":")
        fields(schema.common, declared: declared, into: &writer)
        writer.raw(",\"types\":[")
        for (index, type) in schema.types.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"name\":"); writer.string(type.name)
            writer.raw(",\"descriptions\":"); writer.strings(type.descriptions)
            writer.raw(",\"file\":"); writer.string(type.location.file)
            writer.raw(",\"line\":"); writer.integer(type.location.line)
            writer.raw(",\"cases\":[")
            for (caseIndex, enumCase) in type.cases.enumerated() {
                if caseIndex > 0 { writer.raw(",") }
                writer.raw("{\"name\":"); writer.string(enumCase.name)
                writer.raw(",\"descriptions\":"); writer.strings(enumCase.descriptions)
                writer.raw(",\"line\":"); writer.integer(enumCase.location.line)
                writer.raw("}")
            }
            writer.raw("]}")
        }
        writer.raw("]}\n")
        writer.flush()
    }

    private func fields(_ fields: [Field], declared: Set<String>, into writer: inout JSONWriter) {
        writer.raw("[")
        for (index, field) in fields.enumerated() {
            if index > 0 { writer.raw(",") }
            let type = field.type
            writer.raw("{\"name\":"); writer.string(field.name)
            writer.raw(",\"type\":"); writer.string(type.isArray ? "array" : type.scalar.name)
            writer.raw(field.isOptional ? ",\"optional\":true" : ",\"optional\":false")
            writer.raw(",\"status\":"); writer.string(field.status.rawValue)
            writer.raw(field.isPersonalData ? ",\"pii\":true" : ",\"pii\":false")
            writer.raw(",\"descriptions\":"); writer.strings(field.descriptions)
            writer.raw(",\"line\":"); writer.integer(field.location.line)
            writer.raw(",\"column\":"); writer.integer(field.location.column)
            if type.isArray {
                writer.raw(",\"element\":"); writer.string(type.scalar.name)
                if let maxCount = type.maxCount { writer.raw(",\"maxCount\":"); writer.integer(maxCount) }
            }
            if let maxLength = type.maxLength { writer.raw(",\"maxLength\":"); writer.integer(maxLength) }
            if let range = type.range {
                writer.raw(",\"range\":{\"min\":\(range.min),\"max\":\(range.max)}")
            }
            if let pattern = type.pattern { writer.raw(",\"pattern\":"); writer.string(pattern) }
            if case .custom(let name) = type.scalar {
                writer.raw(declared.contains(name) ? ",\"custom\":true,\"declared\":true" : ",\"custom\":true,\"declared\":false")
            }
            writer.raw("}")
        }
        writer.raw("]")
    }
}

/// A buffer of JSON bytes handed on in chunks.
private struct JSONWriter {
    let chunkSize: Int
    let write: ([UInt8]) -> Void
    var buffer: [UInt8] = []

    init(chunkSize: Int, write: @escaping ([UInt8]) -> Void) {
        self.chunkSize = chunkSize
        self.write = write
        buffer.reserveCapacity(min(chunkSize, 1 << 16) + 1024)
    }

    mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= chunkSize { flush() }
    }

    mutating func integer(_ value: Int) { raw(String(value)) }

    mutating func strings(_ values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            string(value)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    mutating func string(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
        if buffer.count >= chunkSize { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
