import LogCore
import Dispatch

/// Writes a ``Schema`` as JSON for other tools, byte for byte the same for the same
/// schema: keys in a fixed order, no whitespace (unless ``isPretty``), one trailing newline.
///
/// ```json
/// {"hash":"fnv1a64:…","categories":[{"name":"recipe_search","descriptions":["…"],"file":"LogDefinitions/recipe_search.md",
///   "line":1,"common":[FIELD…],"events":[{"name":"search","tag":"recipe_search.search","status":"active",
///   "descriptions":["…"],"line":5,"column":4,"fields":[FIELD…]}]}],"common":[FIELD…],
///  "commonDescriptions":["…"],
///  "types":[{"name":"SearchOrder","descriptions":[],"file":"LogDefinitions/types.md","line":3,
///   "cases":[{"name":"latest","descriptions":[],"line":5}]}]}
/// ```
///
/// `"hash"` is ``SchemaFingerprint/hash(of:)``: the `schema` that logs written with code
/// generated from these definitions carry.
///
/// A FIELD is `{"name","type","optional","status","pii","descriptions","line","column"}`
/// plus, when they apply: `"maxLength"`, `"range":{"min","max"}`, `"pattern"`,
/// `"custom":true,"declared":true|false` (a type not declared in `types.md` is external),
/// and for an array `"type":"array"` with `"element"` (the element type's name) and
/// `"maxCount"`. Builtin type names are written without `!`.
public struct SchemaJSONEncoder: Sendable {
    /// Whether to indent the output for people (see ``JSONIndenter``); compact otherwise.
    public var isPretty: Bool

    /// - Parameter isPretty: indent the output for people; compact (the default) for tools.
    public init(isPretty: Bool = false) {
        self.isPretty = isPretty
    }

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
        var indenter = JSONIndenter()
        withoutActuallyEscaping(write) { write in
            let hand: ([UInt8]) -> Void = isPretty ? { write(indenter.indent($0)) } : write
            var writer = JSONWriter(capacity: min(chunkSize, 1 << 16) + 1024)
            encode(schema, into: &writer) { writer in
                // Hands the bytes on once they pass the chunk size (at the end: all of them).
                guard !writer.bytes.isEmpty else { return }
                hand(writer.bytes)
                writer.bytes.removeAll(keepingCapacity: true)
            } flushIfFull: { writer in
                if writer.bytes.count >= chunkSize {
                    hand(writer.bytes)
                    writer.bytes.removeAll(keepingCapacity: true)
                }
            }
        }
    }

    private func encode(
        _ schema: Schema, into writer: inout JSONWriter,
        flush: (inout JSONWriter) -> Void, flushIfFull: (inout JSONWriter) -> Void
    ) {
        let declared = Set(schema.types.map(\.name))
        writer.raw("{\"hash\":")
        writer.string(SchemaFingerprint.hash(of: schema))
        writer.raw(",\"categories\":[")
        // Categories are encoded in parallel, a round at a time, and written in order:
        // the output is the same as a serial encoding, and only one round is held at once.
        let roundSize = 64
        var start = 0
        while start < schema.categories.count {
            let round = Array(schema.categories[start..<min(start + roundSize, schema.categories.count)])
            let encoded = [[UInt8]](unsafeUninitializedCapacity: round.count) { buffer, count in
                nonisolated(unsafe) let output = buffer
                DispatchQueue.concurrentPerform(iterations: round.count) { index in
                    var local = JSONWriter()
                    category(round[index], declared: declared, into: &local)
                    (output.baseAddress! + index).initialize(to: local.bytes)
                }
                count = round.count
            }
            for (index, bytes) in encoded.enumerated() {
                if start + index > 0 { writer.raw(",") }
                writer.encoded(bytes)
                flushIfFull(&writer)
            }
            start += roundSize
        }
        writer.raw("],\"common\":")
        fields(schema.common, declared: declared, into: &writer)
        writer.raw(",\"commonDescriptions\":"); writer.strings(schema.commonDescriptions)
        writer.raw(",\"types\":[")
        for (index, type) in schema.types.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"name\":"); writer.string(type.name)
            writer.raw(",\"descriptions\":"); writer.strings(type.descriptions)
            writer.raw(",\"file\":"); writer.string(type.location.file)
            writer.raw(",\"line\":"); writer.integer(Int64(type.location.line))
            writer.raw(",\"cases\":[")
            for (caseIndex, enumCase) in type.cases.enumerated() {
                if caseIndex > 0 { writer.raw(",") }
                writer.raw("{\"name\":"); writer.string(enumCase.name)
                writer.raw(",\"descriptions\":"); writer.strings(enumCase.descriptions)
                writer.raw(",\"line\":"); writer.integer(Int64(enumCase.location.line))
                writer.raw("}")
            }
            writer.raw("]}")
            flushIfFull(&writer)
        }
        writer.raw("]}\n")
        flush(&writer)
    }

    private func category(_ category: Category, declared: Set<String>, into writer: inout JSONWriter) {
        writer.raw("{\"name\":"); writer.string(category.name)
        writer.raw(",\"descriptions\":"); writer.strings(category.descriptions)
        writer.raw(",\"file\":"); writer.string(category.file)
        writer.raw(",\"line\":"); writer.integer(Int64(category.location.line))
        writer.raw(",\"common\":")
        fields(category.common, declared: declared, into: &writer)
        writer.raw(",\"events\":[")
        for (eventIndex, event) in category.events.enumerated() {
            if eventIndex > 0 { writer.raw(",") }
            writer.raw("{\"name\":"); writer.string(event.name)
            writer.raw(",\"tag\":"); writer.string(event.tag(in: category))
            writer.raw(",\"status\":"); writer.string(event.status.rawValue)
            writer.raw(",\"descriptions\":"); writer.strings(event.descriptions)
            writer.raw(",\"line\":"); writer.integer(Int64(event.location.line))
            writer.raw(",\"column\":"); writer.integer(Int64(event.location.column))
            writer.raw(",\"fields\":")
            fields(event.fields, declared: declared, into: &writer)
            writer.raw("}")
        }
        writer.raw("]}")
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
            writer.raw(",\"line\":"); writer.integer(Int64(field.location.line))
            writer.raw(",\"column\":"); writer.integer(Int64(field.location.column))
            if type.isArray {
                writer.raw(",\"element\":"); writer.string(type.scalar.name)
                if let maxCount = type.maxCount { writer.raw(",\"maxCount\":"); writer.integer(Int64(maxCount)) }
            }
            if let maxLength = type.maxLength { writer.raw(",\"maxLength\":"); writer.integer(Int64(maxLength)) }
            if let range = type.range {
                writer.raw(",\"range\":{\"min\":"); writer.text(range.min.description)
                writer.raw(",\"max\":"); writer.text(range.max.description); writer.raw("}")
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
