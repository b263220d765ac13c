import LogSchema

/// The grammar of a field line, `[markers] name: TYPE [constraints]`, read from raw source:
///
/// ```
/// [pii] nickname: !string? 32 `^\S+$`
/// order: SearchOrder[3]
/// ingredient_ids: !bigint[]?
/// rating: !double 0..5
/// ```
///
/// TYPE is `!builtin` or a custom type name, then an optional array suffix `[]` or `[N]`,
/// then an optional `?`. Constraints follow, in any order: a length `N` (strings), a range
/// `min..max` (numbers), a pattern in a code span (strings). For an array they apply to
/// each element.
enum FieldLineParser {
    /// Parses a field line; problems go to `diagnostics`.
    ///
    /// - Parameters:
    ///   - descriptions: the field's descriptions, from the lines below.
    ///   - interner: shares the storage of the field's name with equal names.
    /// - Returns: the field, or `nil` when the line is unusable.
    ///
    /// Locations are kept as offsets in the line and made into a ``SourceLocation`` (which
    /// holds the document's path) only for the field itself and for a diagnostic.
    static func parse(
        _ scanner: inout LineScanner, descriptions: [String], interner: inout StringInterner, into diagnostics: inout [Diagnostic]
    ) -> Field? {
        let lineStart = scanner.index
        guard let markers = scanner.takeMarkers(into: &diagnostics) else { return nil }
        let nameStart = scanner.index
        _ = scanner.take { $0 != UInt8(ascii: ":") }
        guard scanner.current == UInt8(ascii: ":") else {
            let text = String(decoding: scanner.bytes, as: UTF8.self)
            diagnostics.append(
                .error(
                    "expected 'name: type' but found '\(text)'; write a field as '- recipe_id: !bigint'", at: scanner.location(at: lineStart)))
            return nil
        }
        let nameLocation = scanner.location(at: nameStart)
        let nameBytes = scanner.bytes[nameStart..<scanner.index].trimmingSpaces()
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(LineScanner.isNameByte) else {
            let name = String(decoding: nameBytes, as: UTF8.self)
            diagnostics.append(.error("invalid field name '\(name)'; a name is letters, digits and '_', such as 'recipe_id'", at: nameLocation))
            return nil
        }
        let name = interner.intern(nameBytes)
        scanner.index += 1
        scanner.skipSpaces()

        // The parts of the field, put together at the end: a `Field` built early and
        // returned as an optional is copied (a dozen retains and releases a field).
        var type = FieldType(scalar: .builtin(.string))
        var status = Status.active
        var isPersonalData = false
        var isOptional = false
        var valid = true
        for marker in markers {
            switch marker.name {
            case "obsolete": status = .obsolete
            case "deprecated": if status != .obsolete { status = .deprecated }
            case "pii": isPersonalData = true
            default:
                diagnostics.append(unknownMarker(marker.name, at: marker.location))
                valid = false
            }
        }

        // The type: `!name` or `Name`, then `[]`/`[N]`, then `?`.
        let typeStart = scanner.index
        let isBuiltin = scanner.current == UInt8(ascii: "!")
        if isBuiltin { scanner.index += 1 }
        let typeName = interner.intern(scanner.take(while: LineScanner.isNameByte))
        guard !typeName.isEmpty else {
            let found = scanner.isAtEnd ? "nothing" : "'\(String(decoding: scanner.bytes[typeStart...], as: UTF8.self))'"
            diagnostics.append(
                .error(
                    "expected a type after '\(name):' but found \(found); write a builtin such as '!string' or a type name such as 'SearchOrder'",
                    at: scanner.location(at: typeStart)))
            return nil
        }
        if scanner.current == UInt8(ascii: "[") {
            let bracket = scanner.location
            scanner.index += 1
            let digits = scanner.take(while: LineScanner.isDigit)
            guard scanner.current == UInt8(ascii: "]") else {
                diagnostics.append(.error("malformed array suffix; write '[]' or a maximum count such as '[5]'", at: bracket))
                return nil
            }
            scanner.index += 1
            type.isArray = true
            if !digits.isEmpty {
                guard let count = Int(String(decoding: digits, as: UTF8.self)), count >= 1 else {
                    diagnostics.append(
                        .error(
                            "array count '[\(String(decoding: digits, as: UTF8.self))]' is out of range; write a count from 1, such as '[5]'",
                            at: bracket))
                    return nil
                }
                type.maxCount = count
            }
        }
        if scanner.current == UInt8(ascii: "?") {
            isOptional = true
            scanner.index += 1
        }
        if let byte = scanner.current, !LineScanner.isSpace(byte) {
            let found = String(decoding: scanner.bytes[scanner.index...], as: UTF8.self)
            diagnostics.append(.error("unexpected '\(found)' after the type; write '[]' or '[N]' for an array, then '?' if optional", at: scanner.location))
            return nil
        }
        if isBuiltin {
            guard let builtin = BuiltinType(rawValue: typeName) else {
                let names = BuiltinType.allCases.map { "!" + $0.rawValue }.joined(separator: ", ")
                diagnostics.append(
                    .error(
                        "unknown builtin type '!\(typeName)'; use one of \(names), or a custom type name without '!'", at: scanner.location(at: typeStart)))
                return nil
            }
            type.scalar = .builtin(builtin)
        } else {
            type.scalar = .custom(typeName)
        }

        // Constraints.
        let spelledType = TypeSpelling(bytes: scanner.bytes[typeStart..<scanner.index])
        while true {
            scanner.skipSpaces()
            guard let byte = scanner.current else { break }
            let location = scanner.location
            if byte == UInt8(ascii: "`") {
                guard let pattern = codeSpan(&scanner) else {
                    diagnostics.append(.error("unclosed code span; write a pattern between backticks, such as `^[a-z]+$`", at: location))
                    return nil
                }
                valid = applyPattern(pattern, to: &type, spelledType: spelledType, at: location, into: &diagnostics) && valid
                continue
            }
            let token = String(decoding: scanner.take { !LineScanner.isSpace($0) }, as: UTF8.self)
            if token.utf8.allSatisfy(LineScanner.isDigit) {
                valid = applyLength(token, to: &type, spelledType: spelledType, at: location, into: &diagnostics) && valid
            } else if token.contains("..") {
                valid = applyRange(token, to: &type, spelledType: spelledType, at: location, into: &diagnostics) && valid
            } else {
                diagnostics.append(
                    .error(
                        "unexpected '\(token)' after the type; a constraint is a length (32), a range (1..100) or a pattern in backticks",
                        at: location))
                valid = false
            }
        }
        guard valid else { return nil }
        return Field(
            name: name, type: type, isOptional: isOptional, status: status, isPersonalData: isPersonalData,
            descriptions: descriptions, location: nameLocation)
    }

    /// Reads a code span: a run of backticks, its content, the same run again. The content
    /// loses one leading and one trailing space when it has both, as in CommonMark.
    private static func codeSpan(_ scanner: inout LineScanner) -> String? {
        let opening = scanner.take { $0 == UInt8(ascii: "`") }.count
        let contentStart = scanner.index
        while !scanner.isAtEnd {
            if scanner.current == UInt8(ascii: "`") {
                let contentEnd = scanner.index
                let run = scanner.take { $0 == UInt8(ascii: "`") }.count
                if run == opening {
                    var content = scanner.bytes[contentStart..<contentEnd]
                    if content.count >= 2 && content.first == UInt8(ascii: " ") && content.last == UInt8(ascii: " ")
                        && !content.allSatisfy({ $0 == UInt8(ascii: " ") })
                    {
                        content = content.dropFirst().dropLast()
                    }
                    return String(decoding: content, as: UTF8.self)
                }
            } else {
                scanner.index += 1
            }
        }
        return nil
    }

    /// Whether the type is a string (or an array of them); if not, says that the constraint does not apply.
    private static func isString(
        _ type: FieldType, constraint: String, spelledType: TypeSpelling, written: String, at location: SourceLocation,
        into diagnostics: inout [Diagnostic]
    ) -> Bool {
        if type.builtin == .string { return true }
        diagnostics.append(.error("\(constraint) applies to !string only, not to '\(spelledType)'; remove \(written)", at: location))
        return false
    }

    private static func applyLength(
        _ token: String, to type: inout FieldType, spelledType: TypeSpelling, at location: SourceLocation, into diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard isString(type, constraint: "a length", spelledType: spelledType, written: "'\(token)'", at: location, into: &diagnostics) else {
            return false
        }
        guard type.maxLength == nil else {
            diagnostics.append(.error("a second length '\(token)'; give one maximum length", at: location))
            return false
        }
        guard let length = Int(token), length >= 1 else {
            diagnostics.append(.error("length '\(token)' must be a whole number of bytes from 1", at: location))
            return false
        }
        type.maxLength = length
        return true
    }

    private static func applyRange(
        _ token: String, to type: inout FieldType, spelledType: TypeSpelling, at location: SourceLocation, into diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard let builtin = type.builtin, builtin.isNumeric else {
            diagnostics.append(.error("a range applies to numbers only, not to '\(spelledType)'; remove '\(token)'", at: location))
            return false
        }
        guard type.range == nil else {
            diagnostics.append(.error("a second range '\(token)'; give one range", at: location))
            return false
        }
        let parts = token.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let min = number(parts[0]), let max = number(parts[1]) else {
            diagnostics.append(.error("malformed range '\(token)'; write min..max with numbers, such as 1..100 or 0..1.5", at: location))
            return false
        }
        if builtin.isInteger {
            for bound in [min, max] {
                if case .real = bound {
                    diagnostics.append(.error("range bound \(bound) is not a whole number, but '\(spelledType)' holds whole numbers", at: location))
                    return false
                }
            }
        }
        guard min.doubleValue <= max.doubleValue else {
            diagnostics.append(.error("empty range '\(token)': the minimum is greater than the maximum; write it as \(parts[1])..\(parts[0])", at: location))
            return false
        }
        type.range = NumericRange(min: min, max: max)
        return true
    }

    private static func number(_ text: Substring) -> NumberBound? {
        if let integer = Int64(text) { return .integer(integer) }
        let isDecimal =
            !text.isEmpty
            && text.utf8.allSatisfy {
                LineScanner.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e")
                    || $0 == UInt8(ascii: "E")
            }
        if isDecimal, let real = Double(text), real.isFinite { return .real(real) }
        return nil
    }

    private static func applyPattern(
        _ pattern: String, to type: inout FieldType, spelledType: TypeSpelling, at location: SourceLocation, into diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard isString(type, constraint: "a pattern", spelledType: spelledType, written: "`\(pattern)`", at: location, into: &diagnostics) else {
            return false
        }
        guard type.pattern == nil else {
            diagnostics.append(.error("a second pattern `\(pattern)`; combine them into one regular expression", at: location))
            return false
        }
        if let problem = PatternCheck.problem(in: pattern) {
            diagnostics.append(.error("invalid regular expression `\(pattern)`: \(problem)", at: location))
            return false
        }
        type.pattern = pattern
        return true
    }
}

/// The type as written, turned into text only when a message needs it.
struct TypeSpelling: CustomStringConvertible {
    let bytes: ArraySlice<UInt8>
    var description: String { String(decoding: bytes, as: UTF8.self) }
}
