import Foundation
import LogCore
import LogCoreTools

/// One `--where` condition: `field=value`, `field!=value`, `field<value`, `field<=value`,
/// `field>value`, `field>=value`, `field~regex`, `field!~regex`, or `field?` (present).
///
/// How values compare:
/// - a number field compares as a number (`price>=100`); a string field compares byte for
///   byte (`=`) or in UTF-8 order (`<`, `>`); `true`, `false` and `null` compare with
///   booleans and null;
/// - `~` searches the field's text with a regular expression (`keyword~^eg`), unanchored;
///   a number by its digits, an object by its JSON text (`violations~maxLength`);
/// - an array matches when any element matches (`!=` when none equals);
/// - `time` compares moments, with the value in any form `--since` accepts (`time>10m`);
///   `seq` compares numbers; `tag` and `uuid` compare text;
/// - a missing field only matches `!=` and `!~`;
/// - a value in double quotes is text, taken as written (`keyword="egg salad"`,
///   `note=">5"`, `keyword=""`); `\"` and `\\` stand for `"` and `\` inside.
///
/// A value that cannot be what was meant is refused with the fix: nothing after the
/// operator (`price>`), a second operator (`price>>5`), spaces around the value, and a
/// number followed by more in an ordering (`price>5 and`).
public struct WhereExpression: Sendable, CustomStringConvertible {
    /// How a field is compared.
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case matches = "~"
        case notMatches = "!~"
        case present = "?"
    }

    /// The expression as written.
    public let text: String
    public let path: FieldPath
    public let `operator`: Operator
    /// The value as written (empty for `?`).
    public let value: String

    private let valueBytes: [UInt8]
    private let valueNumber: Double?
    private let valueTime: Int64?
    private let regex: RegularExpression?
    private let bodyKeys: [[UInt8]]

    /// Reads an expression.
    /// - Parameters:
    ///   - timeExpression: reads the value of a `time` condition.
    /// - Throws: ``WhereExpressionError`` naming what is wrong and the accepted forms.
    public init(_ text: String, timeExpression: TimeExpression = TimeExpression()) throws(WhereExpressionError) {
        self.text = text
        let bytes = Array(text.utf8)
        var nameEnd = 0
        while nameEnd < bytes.count, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: bytes[..<nameEnd], as: UTF8.self)
        guard !name.isEmpty else {
            throw WhereExpressionError(expression: text, message: "it does not start with a field name; " + Self.forms)
        }
        let rest = String(decoding: bytes[nameEnd...], as: UTF8.self)
        guard let found = Self.operatorPrefixes.first(where: { rest.hasPrefix($0.rawValue) }) else {
            let what = rest.isEmpty ? "it has no operator" : "'\(rest.prefix(1))' is not an operator"
            throw WhereExpressionError(expression: text, message: "\(what); " + Self.forms)
        }
        var value = String(rest.dropFirst(found.rawValue.count))
        if found == .present && !value.isEmpty {
            throw WhereExpressionError(expression: text, message: "'?' ends the expression ('\(name)?' means present); remove '\(value)'")
        }
        do throws(WhereExpressionError) {
            path = try FieldPath(name)
        } catch {
            throw WhereExpressionError(expression: text, message: error.message)
        }
        let isQuoted = value.utf8.first == UInt8(ascii: "\"")
        if isQuoted {
            value = try Self.unquoted(value, expression: text, name: name, operator: found)
        } else if found != .present {
            try Self.checkBareValue(value, expression: text, name: name, operator: found, path: path)
        }
        self.operator = found
        self.value = value
        valueBytes = Array(value.utf8)
        // A quoted value is text, even when it reads as a number.
        valueNumber = isQuoted ? nil : Self.number(value)

        switch found {
        case .matches, .notMatches:
            do {
                regex = try RegularExpression(value)
            } catch {
                throw WhereExpressionError(
                    expression: text,
                    message: "'\(value)' is not a regular expression (Swift Regex syntax, as in the definitions: \(error)); escape special characters with '\\'"
                )
            }
        default:
            regex = nil
        }

        switch path {
        case .time where found != .present && found != .matches && found != .notMatches:
            do throws(TimeExpressionError) {
                valueTime = try timeExpression.parse(value)
            } catch {
                throw WhereExpressionError(expression: text, message: error.description)
            }
        case .sequence where found != .present && found != .matches && found != .notMatches:
            guard let number = UInt64(value) else {
                throw WhereExpressionError(expression: text, message: "seq compares with a whole number, not '\(value)'")
            }
            valueTime = Int64(clamping: number)
        default:
            valueTime = nil
        }
        if case .body(let key, let names) = path {
            bodyKeys = [key.bytes] + names.map { Array($0.utf8) }
        } else {
            bodyKeys = []
        }
    }

    public var description: String { text }

    /// Whether the log meets the condition.
    public func matches(_ log: LogRecordView) -> Bool {
        switch path {
        case .sequence:
            switch self.operator {
            case .present: return true
            case .matches, .notMatches: return matchesText(String(log.sequence))
            default: return compare(Double(log.sequence), Double(valueTime!))
            }
        case .time:
            switch self.operator {
            case .present: return true
            case .matches, .notMatches: return matchesText(ISO8601.string(microseconds: log.microseconds))
            default: return compareIntegers(log.microseconds, valueTime!)
            }
        case .tag:
            return matchesFramedText(log.tag)
        case .uuid:
            return matchesFramedText(log.uuidText)
        case .body:
            let scanner = log.scanner
            var range = 0..<log.body.count
            for key in bodyKeys {
                guard scanner.kind(at: range.lowerBound) == .object,
                    let next = scanner.member(key, ofObjectAt: range.lowerBound)
                else {
                    return self.operator == .notEqual || self.operator == .notMatches
                }
                range = next
            }
            return matches(scanner, range)
        }
    }

    // MARK: - Comparing

    private func matchesFramedText(_ text: String) -> Bool {
        switch self.operator {
        case .present: return true
        case .matches, .notMatches: return matchesText(text)
        case .equal: return text == value
        case .notEqual: return text != value
        default: return compareOrder(Array(text.utf8).lexicographicallyPrecedes(valueBytes) ? -1 : (Array(text.utf8) == valueBytes ? 0 : 1))
        }
    }

    private func matches(_ scanner: JSONScanner, _ range: Range<Int>) -> Bool {
        switch self.operator {
        case .present:
            return true
        case .notEqual:
            return !anyElement(scanner, range) { equals(scanner, $0) }
        case .notMatches:
            return !anyElement(scanner, range) { regexMatches(scanner, $0) }
        case .equal:
            return anyElement(scanner, range) { equals(scanner, $0) }
        case .matches:
            return anyElement(scanner, range) { regexMatches(scanner, $0) }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return anyElement(scanner, range) { ordered(scanner, $0) }
        }
    }

    /// Applies `test` to the value, or to each element when it is an array.
    private func anyElement(_ scanner: JSONScanner, _ range: Range<Int>, _ test: (Range<Int>) -> Bool) -> Bool {
        guard scanner.kind(at: range.lowerBound) == .array else { return test(range) }
        var found = false
        scanner.forEachElement(ofArrayAt: range.lowerBound) { element in
            if test(element) { found = true; return false }
            return true
        }
        return found
    }

    private func equals(_ scanner: JSONScanner, _ range: Range<Int>) -> Bool {
        switch scanner.kind(at: range.lowerBound) {
        case .string:
            let contents = (range.lowerBound + 1)..<(range.upperBound - 1)
            if contents.count == valueBytes.count,
                valueBytes.withUnsafeBufferPointer({ $0.elementsEqual(scanner.bytes[contents]) })
            {
                return true
            }
            guard scanner.bytes[contents].contains(UInt8(ascii: "\\")) else { return false }
            return scanner.decodeStringContents(contents) == value
        case .number:
            guard let valueNumber, let number = scanner.decodeNumber(range) else { return false }
            return number == valueNumber
        case .bool, .null:
            return scanner.bytes[range].elementsEqual(valueBytes)
        case .object, .array, nil:
            return false
        }
    }

    private func ordered(_ scanner: JSONScanner, _ range: Range<Int>) -> Bool {
        switch scanner.kind(at: range.lowerBound) {
        case .number:
            guard let valueNumber, let number = scanner.decodeNumber(range) else { return false }
            return compare(number, valueNumber)
        case .string:
            guard let text = scanner.decodeString(range) else { return false }
            let bytes = Array(text.utf8)
            return compareOrder(bytes.lexicographicallyPrecedes(valueBytes) ? -1 : (bytes == valueBytes ? 0 : 1))
        default:
            return false
        }
    }

    private func regexMatches(_ scanner: JSONScanner, _ range: Range<Int>) -> Bool {
        switch scanner.kind(at: range.lowerBound) {
        case .string:
            guard let text = scanner.decodeString(range) else { return false }
            return regex!.firstMatch(in: text)
        case .number, .bool, .null, .object, .array:
            // Numbers as written; objects (such as recorded violations) by their JSON text.
            return regex!.firstMatch(in: String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self))
        case nil:
            return false
        }
    }

    private func matchesText(_ text: String) -> Bool {
        let found = regex!.firstMatch(in: text)
        return self.operator == .notMatches ? !found : found
    }

    private func compare(_ lhs: Double, _ rhs: Double) -> Bool {
        compareOrder(lhs < rhs ? -1 : (lhs == rhs ? 0 : 1))
    }

    private func compareIntegers(_ lhs: Int64, _ rhs: Int64) -> Bool {
        compareOrder(lhs < rhs ? -1 : (lhs == rhs ? 0 : 1))
    }

    /// Whether an ordering (-1, 0, 1 of field against value) satisfies the operator.
    private func compareOrder(_ order: Int) -> Bool {
        switch self.operator {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        case .matches, .notMatches, .present: false
        }
    }

    // MARK: - Explaining an empty result

    /// What a log holds at a condition's field, for explaining why nothing matched.
    public enum FieldContent: Hashable, Sendable {
        /// The log has no such field.
        case absent
        /// A number, or an array holding only numbers.
        case numbers
        /// An empty array: present, but with nothing to compare.
        case empty
        /// Anything else (text, booleans, null, objects, arrays holding some non-number).
        case other
    }

    /// Whether the condition holds only for logs that have the field (every operator but
    /// `!=` and `!~`), on a field of the stored body (the framed `seq`, `time`, `tag` and
    /// `uuid` are in every log).
    public var needsField: Bool {
        guard case .body(_, let names) = path, !names.isEmpty else { return false }
        return self.operator != .notEqual && self.operator != .notMatches
    }

    /// Whether the condition can hold only for a field that is not a number: it compares
    /// (`=`, `<`, `<=`, `>`, `>=`) with a value that is not a number, and a number never
    /// equals nor orders against text.
    public var cannotMatchNumbers: Bool {
        guard needsField, valueNumber == nil else { return false }
        switch self.operator {
        case .equal, .less, .lessOrEqual, .greater, .greaterOrEqual: return true
        case .notEqual, .matches, .notMatches, .present: return false
        }
    }

    /// What the log holds at the condition's field (``FieldContent/other`` for the framed ones).
    public func content(of log: LogRecordView) -> FieldContent {
        guard case .body = path else { return .other }
        let scanner = log.scanner
        var range = 0..<log.body.count
        for key in bodyKeys {
            guard scanner.kind(at: range.lowerBound) == .object,
                let next = scanner.member(key, ofObjectAt: range.lowerBound)
            else { return .absent }
            range = next
        }
        switch scanner.kind(at: range.lowerBound) {
        case .number:
            return .numbers
        case .array:
            var count = 0
            var numbersOnly = true
            scanner.forEachElement(ofArrayAt: range.lowerBound) { element in
                count += 1
                numbersOnly = scanner.kind(at: element.lowerBound) == .number
                return numbersOnly
            }
            return count == 0 ? .empty : (numbersOnly ? .numbers : .other)
        case nil:
            return .absent
        default:
            return .other
        }
    }

    // MARK: - Reading

    /// The bytes that start an operator: a value starting with one is a mistyped operator
    /// (`price>>5`) unless quoted.
    private static let operatorBytes: Set<UInt8> = Set("=<>!~?".utf8)

    /// Refuses an unquoted value that cannot be what was meant: nothing after the operator,
    /// a second operator, spaces around it, or (for `<`, `<=`, `>`, `>=` on a body field) a
    /// number followed by more (`price>5 and`, `price>5)`).
    private static func checkBareValue(
        _ value: String, expression: String, name: String, operator found: Operator, path: FieldPath
    ) throws(WhereExpressionError) {
        let op = found.rawValue
        let bytes = Array(value.utf8)
        guard let first = bytes.first else {
            throw WhereExpressionError(
                expression: expression,
                message: "nothing follows '\(op)'; write a value, as in \(name)\(op)5 (\(name)\(op)\"\" for empty text, \(name)? for present)")
        }
        if operatorBytes.contains(first) {
            let written = op + String(decoding: bytes.prefix { operatorBytes.contains($0) }, as: UTF8.self)
            throw WhereExpressionError(
                expression: expression,
                message:
                    "'\(written)' is not an operator; \(forms) (quote a value that starts with '\(Character(Unicode.Scalar(first)))': \(name)\(op)\"\(value)\")"
            )
        }
        if isSpace(first) || isSpace(bytes.last!) {
            throw WhereExpressionError(
                expression: expression,
                message: "the value '\(value)' has a space around it; remove it, or quote the value to keep it: \(name)\(op)\"\(value)\"")
        }
        guard case .body = path else { return }
        switch found {
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let startsLikeNumber =
                (first &- UInt8(ascii: "0")) < 10
                || (bytes.count > 1 && (first == UInt8(ascii: "-") || first == UInt8(ascii: ".")) && (bytes[1] &- UInt8(ascii: "0")) < 10)
            if startsLikeNumber && number(value) == nil {
                throw WhereExpressionError(
                    expression: expression,
                    message:
                        "'\(value)' is not a number; compare with a number (\(name)\(op)5), give each condition its own --where (all must hold), or quote text: \(name)\(op)\"\(value)\""
                )
            }
        default:
            break
        }
    }

    /// The text of a quoted value (`"egg salad"`, with `\"` and `\\` inside).
    private static func unquoted(
        _ value: String, expression: String, name: String, operator found: Operator
    ) throws(WhereExpressionError) -> String {
        var text: [UInt8] = []
        var bytes = Array(value.utf8).dropFirst()
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "\""):
                guard bytes.isEmpty else {
                    throw WhereExpressionError(
                        expression: expression,
                        message:
                            "'\(String(decoding: bytes, as: UTF8.self))' follows the closing quote; end the value there, and give each condition its own --where"
                    )
                }
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst() else { break }
                text.append(escaped)
            default:
                text.append(byte)
            }
        }
        throw WhereExpressionError(
            expression: expression,
            message: "the quoted value has no closing '\"'; write \(name)\(found.rawValue)\"text\" (\\\" for a quote inside)")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Operators, longest first, so that `<=` is not read as `<` followed by `=`.
    private static let operatorPrefixes: [Operator] = [.notEqual, .notMatches, .lessOrEqual, .greaterOrEqual, .equal, .less, .greater, .matches, .present]

    private static let forms = "write field=value, field!=value, field<value, field<=value, field>value, field>=value, field~regex, field!~regex or field?"

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func number(_ text: String) -> Double? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first &- UInt8(ascii: "0")) < 10 else { return nil }
        return Double(text)
    }
}

/// A `--where` expression that cannot be used, with what is wrong and how to write it.
public struct WhereExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The expression as written.
    public var expression: String
    /// What is wrong, and the fix.
    public var message: String

    public var description: String { "invalid --where '\(expression)': \(message)" }
}
