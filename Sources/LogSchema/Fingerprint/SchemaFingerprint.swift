import LogSchema

/// A stable hash of what a schema logs: categories, events, fields, their types,
/// constraints and markers, the common payload and the enum types. Descriptions and
/// source positions are left out, so editing documentation keeps the hash.
///
/// The hash is 64-bit FNV-1a over a canonical text form, printed as `fnv1a64:` and 16
/// hex digits; it is the same on every platform and Swift version.
public enum SchemaFingerprint {
    /// The hash of `schema`, such as `fnv1a64:8c0f3e5d2a7b9c14`.
    public static func hash(of schema: Schema) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalText(of: schema).utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// One line per category, event, field, type and case, in schema order.
    static func canonicalText(of schema: Schema) -> String {
        var lines: [String] = []
        for field in schema.common { lines.append("common " + canonical(field)) }
        for type in schema.types {
            lines.append("type \(type.name) " + type.cases.map(\.name).joined(separator: "\u{1F}"))
        }
        for category in schema.categories {
            lines.append("category \(category.name)")
            for event in category.events {
                lines.append("event \(event.name) \(event.status.rawValue)")
                for field in event.fields { lines.append("field " + canonical(field)) }
            }
        }
        return lines.joined(separator: "\n")
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
