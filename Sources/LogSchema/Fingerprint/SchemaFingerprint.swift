/// A stable hash of what a schema logs: categories, events, fields, their types,
/// constraints and markers, the common payload and the enum types. Descriptions and
/// source positions are left out, so editing documentation keeps the hash.
///
/// The hash is 64-bit FNV-1a over a canonical text form (one line per common field, type,
/// category, event and field, in schema order), printed as `fnv1a64:` and 16 hex digits; it
/// is the same on every platform and Swift version. Generated code carries it
/// (`GeneratedSchema.hash`), every log stores it as `schema`, and `loggen schema` prints it
/// as `"hash"`, so a log names the definitions it was written with.
public enum SchemaFingerprint {
    /// The hash of `schema`, such as `fnv1a64:8c0f3e5d2a7b9c14`.
    public static func hash(of schema: Schema) -> String {
        var hasher = FNV1a64()
        var first = true
        forEachCanonicalLine(of: schema) { line in
            if !first { hasher.add("\n") }
            first = false
            hasher.add(line)
        }
        let digits = String(hasher.value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `text` has the form of a hash this type makes (`fnv1a64:` and 16 hex digits),
    /// as opposed to a version an app chose (`LoggerConfiguration.schemaVersion`).
    public static func isHash(_ text: some StringProtocol) -> Bool {
        let prefix = "fnv1a64:"
        guard text.utf8.count == prefix.utf8.count + 16, text.hasPrefix(prefix) else { return false }
        return text.utf8.dropFirst(prefix.utf8.count).allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }

    /// The canonical text, lines joined by newlines.
    static func canonicalText(of schema: Schema) -> String {
        var lines: [String] = []
        forEachCanonicalLine(of: schema) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// One line per category, event, field, type and case, in schema order; handed over one
    /// at a time so that a large schema's text is never held whole.
    private static func forEachCanonicalLine(of schema: Schema, _ body: (String) -> Void) {
        for field in schema.common { body("common " + canonical(field)) }
        for type in schema.types {
            body("type \(type.name) " + type.cases.map(\.name).joined(separator: "\u{1F}"))
        }
        for category in schema.categories {
            body("category \(category.name)")
            for event in category.events {
                body("event \(event.name) \(event.status.rawValue)")
                for field in event.fields { body("field " + canonical(field)) }
            }
        }
    }

    private static func canonical(_ field: Field) -> String {
        let type = field.type
        var text = "\(field.name) \(type.builtin != nil ? "!" : "")\(type.scalar.name)"
        if type.isArray { text += "[\(type.maxCount.map(String.init) ?? "")]" }
        if field.isOptional { text += "?" }
        if let maxLength = type.maxLength { text += " length=\(maxLength)" }
        if let range = type.range { text += " range=\(range.min)..\(range.max)" }
        if let pattern = type.pattern { text += " pattern=\(pattern.utf8.count):\(pattern)" }
        text += " " + field.status.rawValue
        if field.isPersonalData { text += " pii" }
        return text
    }
}

/// 64-bit FNV-1a, fed a piece at a time.
private struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01b3
            }
        }
    }
}
