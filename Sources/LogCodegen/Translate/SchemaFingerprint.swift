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
        // The canonical text streams into the hash: no line is built as a `String`.
        var hasher = FNV1a()
        write(schema, to: &hasher)
        let digits = String(hasher.hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// One line per category, event, field, type and case, in schema order.
    static func canonicalText(of schema: Schema) -> String {
        var text = TextSink()
        write(schema, to: &text)
        return text.text
    }

    private static func write(_ schema: Schema, to sink: inout some CanonicalSink) {
        var first = true
        func startLine(_ sink: inout some CanonicalSink) {
            if !first { sink.write("\n") }
            first = false
        }
        for field in schema.common {
            startLine(&sink)
            sink.write("common ")
            canonical(field, to: &sink)
        }
        for type in schema.types {
            startLine(&sink)
            sink.write("type ")
            sink.write(type.name)
            sink.write(" ")
            for (index, enumCase) in type.cases.enumerated() {
                if index > 0 { sink.write("\u{1F}") }
                sink.write(enumCase.name)
            }
        }
        for category in schema.categories {
            startLine(&sink)
            sink.write("category ")
            sink.write(category.name)
            for event in category.events {
                startLine(&sink)
                sink.write("event ")
                sink.write(event.name)
                sink.write(" ")
                sink.write(event.status.rawValue)
                for field in event.fields {
                    startLine(&sink)
                    sink.write("field ")
                    canonical(field, to: &sink)
                }
            }
        }
    }

    private static func canonical(_ field: Field, to sink: inout some CanonicalSink) {
        let type = field.type
        sink.write(field.name)
        sink.write(type.builtin != nil ? " !" : " ")
        sink.write(type.scalar.name)
        if type.isArray {
            sink.write("[")
            if let maxCount = type.maxCount { sink.write(String(maxCount)) }
            sink.write("]")
        }
        if field.isOptional { sink.write("?") }
        if let maxLength = type.maxLength {
            sink.write(" length=")
            sink.write(String(maxLength))
        }
        if let range = type.range {
            sink.write(" range=")
            sink.write(range.min.description)
            sink.write("..")
            sink.write(range.max.description)
        }
        if let pattern = type.pattern {
            sink.write(" pattern=")
            sink.write(String(pattern.utf8.count))
            sink.write(":")
            sink.write(pattern)
        }
        sink.write(" ")
        sink.write(field.status.rawValue)
        if field.isPersonalData { sink.write(" pii") }
    }
}

private protocol CanonicalSink {
    mutating func write(_ text: String)
}

private struct TextSink: CanonicalSink {
    var text = ""
    mutating func write(_ text: String) { self.text += text }
}

/// 64-bit FNV-1a.
private struct FNV1a: CanonicalSink {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func write(_ text: String) {
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
    }
}
