import Foundation

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
/// - a missing field only matches `!=` and `!~`.
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
        let value = String(rest.dropFirst(found.rawValue.count))
        if found == .present && !value.isEmpty {
            throw WhereExpressionError(expression: text, message: "'?' ends the expression ('\(name)?' means present); remove '\(value)'")
        }
        do throws(WhereExpressionError) {
            path = try FieldPath(name)
        } catch {
            throw WhereExpressionError(expression: text, message: error.message)
        }
        self.operator = found
        self.value = value
        valueBytes = Array(value.utf8)
        valueNumber = Self.number(value)

        switch found {
        case .matches, .notMatches:
            do {
                regex = try RegularExpression(value)
            } catch {
                throw WhereExpressionError(expression: text, message: "'\(value)' is not a regular expression (\(error.localizedDescription)); escape special characters with '\\'")
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
    public func matches(_ log: StoredLog) -> Bool {
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
            case .matches, .notMatches: return matchesText(iso8601(microseconds: log.microseconds))
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
                      let next = scanner.member(key, ofObjectAt: range.lowerBound) else {
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
               valueBytes.withUnsafeBufferPointer({ $0.elementsEqual(scanner.bytes[contents]) }) {
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

    // MARK: - Reading

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
