import LogSchema

/// How a definition's field type becomes Swift: its declared type, the `LogEventFields`
/// method that hands its value over, and its line in a `LogPayloadLayout`.
enum SwiftTypeMapping {
    /// The Swift type of a field: `Int64?`, `[String]`, `SearchOrder`.
    static func swiftType(of field: Field) -> String {
        if !field.type.isArray && !field.isOptional { return scalarType(field.type.scalar) }
        var writer = CodeWriter(capacity: 24)
        appendSwiftType(of: field, to: &writer)
        return writer.text
    }

    /// Writes ``swiftType(of:)`` without building it as a `String`.
    static func appendSwiftType(of field: Field, to writer: inout CodeWriter) {
        if field.type.isArray { writer.append(ascii: "[") }
        writer.append(scalarType(field.type.scalar))
        if field.type.isArray { writer.append(ascii: "]") }
        if field.isOptional { writer.append(ascii: "?") }
    }

    /// The Swift name of a scalar type.
    static func scalarType(_ scalar: ScalarType) -> String {
        switch scalar {
        case .builtin(let builtin):
            switch builtin {
            case .smallint: "Int16"
            case .integer: "Int32"
            case .bigint: "Int64"
            case .real: "Float"
            case .double: "Double"
            case .boolean: "Bool"
            case .string: "String"
            case .date: "LogDate"
            case .timestamp, .timestamptz: "Date"
            }
        case .custom(let name): SwiftName.upperCamelCase(name)
        }
    }

    /// The `LogEventFields` method that generated code hands the field's value to: its
    /// type's own for a builtin (`string`, `optionalInt32`, …), `value`/`optionalValue` for an
    /// enum or an external type, `array`/`optionalArray` for an array. A name per shape, not
    /// overloads: the type checker has nothing to choose.
    static func fieldsMethod(for field: Field) -> String {
        if field.type.isArray { return field.isOptional ? "optionalArray" : "array" }
        guard case .builtin(let builtin) = field.type.scalar else { return field.isOptional ? "optionalValue" : "value" }
        if field.isOptional {
            switch builtin {
            case .smallint: return "optionalInt16"
            case .integer: return "optionalInt32"
            case .bigint: return "optionalInt64"
            case .real: return "optionalFloat"
            case .double: return "optionalDouble"
            case .boolean: return "optionalBool"
            case .string: return "optionalString"
            case .date: return "optionalDate"
            case .timestamp, .timestamptz: return "optionalTimestamp"
            }
        }
        switch builtin {
        case .smallint: return "int16"
        case .integer: return "int32"
        case .bigint: return "int64"
        case .real: return "float"
        case .double: return "double"
        case .boolean: return "bool"
        case .string: return "string"
        case .date: return "date"
        case .timestamp, .timestamptz: return "timestamp"
        }
    }

    /// Whether the field's Swift type needs Foundation (`Date`).
    static func needsFoundation(_ field: Field) -> Bool {
        field.type.builtin == .timestamp || field.type.builtin == .timestamptz
    }

    /// A field in an event's `LogPayloadLayout` line: its key as written, then its
    /// constraints (`keyword maxLength=256`, `page min=1 max=1000`, `tags maxCount=3
    /// maxLength=4 pattern=1`).
    ///
    /// - Parameter patternNumber: the `N` of the pattern's `_patternN`.
    static func layoutField(for field: Field, patternNumber: (String) -> Int) -> String {
        let type = field.type
        // The key alone (most fields) is the name itself: no new string.
        var text = field.name
        if type.isArray, let maxCount = type.maxCount { text += " maxCount=\(maxCount)" }
        switch ScalarKind(type.scalar) {
        case .string:
            if let maxLength = type.maxLength { text += " maxLength=\(maxLength)" }
            if let pattern = type.pattern { text += " pattern=\(patternNumber(pattern))" }
        case .integer:
            if let range = type.range {
                text += " min=\(integerBound(range.min, roundingUp: true))"
                text += " max=\(integerBound(range.max, roundingUp: false))"
            }
        case .real:
            if let range = type.range {
                text += " min=" + realBoundText(range.min)
                text += " max=" + realBoundText(range.max)
            }
        case .other:
            break
        }
        if field.isPersonalData { text += " pii" }
        return text
    }

    private static func realBoundText(_ bound: NumberBound) -> String {
        switch bound {
        case .integer(let value): String(value)
        case .real(let value): "\(value)"
        }
    }

    /// The patterns a field needs compiled, in order.
    static func pattern(of field: Field) -> String? {
        ScalarKind(field.type.scalar) == .string ? field.type.pattern : nil
    }

    private enum ScalarKind {
        case string, integer, real, other

        init(_ scalar: ScalarType) {
            switch scalar {
            case .builtin(.string): self = .string
            case .builtin(let builtin) where builtin.isInteger: self = .integer
            case .builtin(let builtin) where builtin.isNumeric: self = .real
            default: self = .other
            }
        }
    }

    /// A whole-number bound; a real bound on a whole-number field is rounded inwards.
    private static func integerBound(_ bound: NumberBound, roundingUp: Bool) -> Int64 {
        switch bound {
        case .integer(let value): return value
        case .real(let value):
            let rounded = roundingUp ? value.rounded(.up) : value.rounded(.down)
            if rounded >= 9.2233720368547758e18 { return .max }
            if rounded <= -9.2233720368547758e18 { return .min }
            return Int64(rounded)
        }
    }
}
