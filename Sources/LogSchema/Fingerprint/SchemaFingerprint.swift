import LogCore
import LogCoreTools

/// A stable hash of what a schema logs: categories, events, fields (a category's common
/// fields count as fields of each of its events), their types, constraints and markers,
/// the common payload and the enum types. Descriptions and
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
        writeCanonicalText(of: schema, to: &hasher)
        return "fnv1a64:" + Hex.string(hasher.value)
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

    /// The canonical text: one line per common field, type, category, event and field.
    static func canonicalText(of schema: Schema) -> String {
        var text = TextSink()
        writeCanonicalText(of: schema, to: &text)
        return text.text
    }

    /// Writes the canonical text piece by piece, so that hashing a large schema builds no
    /// string for it (nor one per line).
    private static func writeCanonicalText(of schema: Schema, to sink: inout some CanonicalSink) {
        var first = true
        func line(_ sink: inout some CanonicalSink) {
            if !first { sink.add("\n") }
            first = false
        }
        for field in schema.common {
            line(&sink)
            sink.add("common ")
            write(field, to: &sink)
        }
        for type in schema.types {
            line(&sink)
            sink.add("type ")
            sink.add(type.name)
            sink.add(" ")
            for (index, enumCase) in type.cases.enumerated() {
                if index > 0 { sink.add("\u{1F}") }
                sink.add(enumCase.name)
            }
        }
        for category in schema.categories {
            line(&sink)
            sink.add("category ")
            sink.add(category.name)
            // Events are read in place, as fields are in ``writeFields(_:to:)``.
            category.events.withUnsafeBufferPointer { events in
                for index in events.indices {
                    line(&sink)
                    sink.add("event ")
                    sink.add(events[index].name)
                    sink.add(" ")
                    sink.add(events[index].status.rawValue)
                    // ``Category/fields(of:)`` without building the joined list (nor a list
                    // of the two lists: an allocation per event).
                    writeFields(category.common, to: &sink)
                    writeFields(events[index].fields, to: &sink)
                }
            }
        }
    }

    /// One line per field, each after the line of its event. Each field is read in place:
    /// an array's element is copied out of it, which retains and releases its references
    /// (a third of the hash's time on corpus-1000x50's 225,000 fields).
    private static func writeFields(_ fields: [Field], to sink: inout some CanonicalSink) {
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                sink.add("\nfield ")
                write(fields[index], to: &sink)
            }
        }
    }

    /// `name !type[count]? length=N range=A..B pattern=BYTES:TEXT status pii`.
    private static func write(_ field: Field, to sink: inout some CanonicalSink) {
        let type = field.type
        sink.add(field.name)
        sink.add(type.builtin != nil ? " !" : " ")
        sink.add(type.scalar.name)
        if type.isArray {
            sink.add("[")
            if let maxCount = type.maxCount { sink.add(maxCount) }
            sink.add("]")
        }
        if field.isOptional { sink.add("?") }
        if let maxLength = type.maxLength {
            sink.add(" length=")
            sink.add(maxLength)
        }
        if let range = type.range { sink.add(" range=\(range.min)..\(range.max)") }
        if let pattern = type.pattern { sink.add(" pattern=\(pattern.utf8.count):\(pattern)") }
        sink.add(" ")
        sink.add(field.status.rawValue)
        if field.isPersonalData { sink.add(" pii") }
    }
}

/// Where the canonical text goes: the hash, or a string (for tests).
private protocol CanonicalSink {
    mutating func add(_ text: String)
}

extension CanonicalSink {
    /// Adds a number in decimal (without building a string through interpolation).
    mutating func add(_ number: Int) {
        add(String(number))
    }
}

private struct TextSink: CanonicalSink {
    var text = ""
    mutating func add(_ text: String) { self.text += text }
}

/// 64-bit FNV-1a (LogCoreTools'), fed a piece at a time.
extension FNV1a64: CanonicalSink {}
