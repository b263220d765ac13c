import LogSchema

/// How a definition's field type becomes Swift: its declared type and the statement that
/// appends it to a payload, with the checked append of the runtime when it has constraints.
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

    /// `payload.append…(key, value, …)`: without constraints, the runtime's non-generic
    /// append for the builtin (`appendInt32`), or `append(key, value:)` for enums, external
    /// types and arrays; with constraints, a checked append (`appendString(…, maxLength:)`).
    ///
    /// - Parameter patterns: the expression naming a pattern's compiled ``LogPattern``.
    static func appendStatement(
        for field: Field, value: SwiftExpression, payload: SwiftExpression,
        patterns: (String) -> SwiftExpression
    ) -> SwiftStatement {
        let type = field.type
        let key = SwiftArgument(nil, .string(field.name))
        let valueArgument = SwiftArgument(nil, value)
        var method = "append"
        var arguments: [SwiftArgument] = []
        let kind = ScalarKind(type.scalar)

        if type.isArray {
            switch kind {
            case .string where type.maxCount != nil || type.maxLength != nil || type.pattern != nil:
                method = "appendStrings"
                arguments = countArgument(type) + lengthArguments(type, patterns)
            case .integer where type.maxCount != nil || type.range != nil:
                method = "appendIntegers"
                arguments = countArgument(type) + integerRangeArguments(type)
            case .real where type.maxCount != nil || type.range != nil:
                method = "appendNumbers"
                arguments = countArgument(type) + realRangeArguments(type)
            default:
                if type.maxCount != nil {
                    method = "appendArray"
                    arguments = countArgument(type)
                }
            }
        } else {
            switch kind {
            case .string where type.maxLength != nil || type.pattern != nil:
                method = "appendString"
                arguments = lengthArguments(type, patterns)
            case .integer where type.range != nil:
                method = "appendInteger"
                arguments = integerRangeArguments(type)
            case .real where type.range != nil:
                method = "appendNumber"
                arguments = realRangeArguments(type)
            default:
                break
            }
        }
        if method == "append" {
            if !type.isArray, let builtin = type.builtin {
                return .expression(.call(.member(payload, plainAppend(builtin)), [key, valueArgument]))
            }
            return .expression(.call(.member(payload, "append"), [key, SwiftArgument("value", value)]))
        }
        return .expression(.call(.member(payload, method), [key, valueArgument] + arguments))
    }

    /// A field in an event's `LogPayloadLayout` line: its key as written, then its
    /// constraints (`keyword maxLength=256`, `page min=1 max=1000`, `tags maxCount=3
    /// maxLength=4 pattern=1`). The same constraints as ``appendStatement(for:value:payload:patterns:)``.
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

    /// The runtime's append for an unconstrained builtin value (plain calls type-check
    /// faster than the generic `append(_:value:)`).
    private static func plainAppend(_ builtin: BuiltinType) -> String {
        switch builtin {
        case .smallint: "appendInt16"
        case .integer: "appendInt32"
        case .bigint: "appendInt64"
        case .real: "appendFloat"
        case .double: "appendDouble"
        case .boolean: "appendBool"
        case .string: "appendString"
        case .date: "appendDate"
        case .timestamp, .timestamptz: "appendTimestamp"
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

    private static func countArgument(_ type: FieldType) -> [SwiftArgument] {
        type.maxCount.map { [SwiftArgument("maxCount", .integer(Int64($0)))] } ?? []
    }

    private static func lengthArguments(_ type: FieldType, _ patterns: (String) -> SwiftExpression) -> [SwiftArgument] {
        var arguments: [SwiftArgument] = []
        if let maxLength = type.maxLength { arguments.append(SwiftArgument("maxLength", .integer(Int64(maxLength)))) }
        if let pattern = type.pattern { arguments.append(SwiftArgument("pattern", patterns(pattern))) }
        return arguments
    }

    private static func integerRangeArguments(_ type: FieldType) -> [SwiftArgument] {
        guard let range = type.range else { return [] }
        return [
            SwiftArgument("min", .integer(integerBound(range.min, roundingUp: true))),
            SwiftArgument("max", .integer(integerBound(range.max, roundingUp: false))),
        ]
    }

    private static func realRangeArguments(_ type: FieldType) -> [SwiftArgument] {
        guard let range = type.range else { return [] }
        return [SwiftArgument("min", realBound(range.min)), SwiftArgument("max", realBound(range.max))]
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

    private static func realBound(_ bound: NumberBound) -> SwiftExpression {
        switch bound {
        case .integer(let value): .integer(value)
        case .real(let value): .double(value)
        }
    }
}
