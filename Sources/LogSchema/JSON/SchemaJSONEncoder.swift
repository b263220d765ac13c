import Dispatch

/// Writes a ``Schema`` as JSON for other tools, byte for byte the same for the same
/// schema: keys in a fixed order, no whitespace (unless ``isPretty``), one trailing newline.
///
/// ```json
/// {"categories":[{"name":"recipe_search","descriptions":["…"],"file":"LogDefinitions/recipe_search.md",
///   "line":1,"common":[FIELD…],"events":[{"name":"search","tag":"recipe_search.search","status":"active",
///   "descriptions":["…"],"line":5,"column":4,"fields":[FIELD…]}]}],"common":[FIELD…],
///  "commonDescriptions":["…"],
///  "types":[{"name":"SearchOrder","descriptions":[],"file":"LogDefinitions/types.md","line":3,
///   "cases":[{"name":"latest","descriptions":[],"line":5}]}]}
/// ```
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
            var writer = JSONWriter(chunkSize: chunkSize, write: isPretty ? { write(indenter.indent($0)) } : write)
            encode(schema, into: &writer)
        }
    }

    private func encode(_ schema: Schema, into writer: inout JSONWriter) {
        let declared = Set(schema.types.map(\.name))
        writer.raw("{\"categories\":[")
        // Categories are encoded in parallel, a round at a time, and written in order:
        // the output is the same as a serial encoding, and only one round is held at once.
        let roundSize = 64
        var start = 0
        while start < schema.categories.count {
            let round = Array(schema.categories[start..<min(start + roundSize, schema.categories.count)])
            let encoded = [[UInt8]](unsafeUninitializedCapacity: round.count) { buffer, count in
                nonisolated(unsafe) let output = buffer
                DispatchQueue.concurrentPerform(iterations: round.count) { index in
                    var local = JSONWriter(chunkSize: .max, write: { _ in })
                    category(round[index], declared: declared, into: &local)
                    (output.baseAddress! + index).initialize(to: local.buffer)
                }
                count = round.count
            }
            for (index, bytes) in encoded.enumerated() {
                if start + index > 0 { writer.raw(",") }
                writer.bytes(bytes)
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

    private func category(_ category: Category, declared: Set<String>, into writer: inout JSONWriter) {
        writer.raw("{\"name\":"); writer.string(category.name)
        writer.raw(",\"descriptions\":"); writer.strings(category.descriptions)
        writer.raw(",\"file\":"); writer.string(category.file)
        writer.raw(",\"line\":"); writer.integer(category.location.line)
        writer.raw(",\"common\":")
        fields(category.common, declared: declared, into: &writer)
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

    /// JSON punctuation and keys, written as they are (a copy of static bytes).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        if buffer.count >= chunkSize { flush() }
    }

    /// Text that needs no escaping (a number), written as it is.
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= chunkSize { flush() }
    }

    /// A whole number, written digit by digit without making a string.
    mutating func integer(_ value: Int) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { storage in
            repeat {
                storage[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(storage[index]) }
        }
    }

    mutating func bytes(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunkSize { flush() }
    }

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
        var value = value
        value.withUTF8 { bytes in
            buffer.append(UInt8(ascii: "\""))
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscaped(byte)
                start = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            buffer.append(UInt8(ascii: "\""))
        }
        if buffer.count >= chunkSize { flush() }
    }

    /// A quote, backslash or control character as a JSON escape.
    private mutating func appendEscaped(_ byte: UInt8) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
        case UInt8(ascii: "\n"): buffer.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\t"): buffer.append(UInt8(ascii: "t"))
        case UInt8(ascii: "\r"): buffer.append(UInt8(ascii: "r"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            buffer.append(contentsOf: Array("u00".utf8))
            buffer.append(hex[Int(byte >> 4)])
            buffer.append(hex[Int(byte & 0xF)])
        }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
