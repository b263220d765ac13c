import LogCore
import LogCoreTools

/// ``JSONValue``s built by LogCoreTools' scanner.
extension JSONScanner {
    /// The value at `range`, built in full.
    package func decode(_ range: Range<Int>) -> JSONValue? {
        var index = skipWhitespace(range.lowerBound)
        guard let value = parseValue(&index, depth: 0), skipWhitespace(index) == range.upperBound else { return nil }
        return value
    }

    /// The whole text as one value; `nil` when it is not exactly one well-formed value.
    package func decodeDocument() -> JSONValue? {
        var index = skipWhitespace(0)
        guard let value = parseValue(&index, depth: 0), skipWhitespace(index) == bytes.count else { return nil }
        return value
    }

    // MARK: - Building values

    func parseValue(_ index: inout Int, depth: Int) -> JSONValue? {
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            guard let end = stringEnd(from: index), let text = decodeStringContents((index + 1)..<(end - 1)) else { return nil }
            index = end
            return .string(text)
        case UInt8(ascii: "{"):
            var members: [JSONMember] = []
            index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(from: index),
                    let key = decodeStringContents((index + 1)..<(keyEnd - 1))
                else { return nil }
                index = skipWhitespace(keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipWhitespace(index + 1)
                guard let value = parseValue(&index, depth: depth + 1) else { return nil }
                members.append(JSONMember(key, value))
                index = skipWhitespace(index)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(index + 1)
            }
            return nil
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while index < bytes.count {
                guard let value = parseValue(&index, depth: depth + 1) else { return nil }
                elements.append(value)
                index = skipWhitespace(index)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(index + 1)
            }
            return nil
        case UInt8(ascii: "t"):
            guard let end = literalEnd(index, "true") else { return nil }
            index = end
            return .bool(true)
        case UInt8(ascii: "f"):
            guard let end = literalEnd(index, "false") else { return nil }
            index = end
            return .bool(false)
        case UInt8(ascii: "n"):
            guard let end = literalEnd(index, "null") else { return nil }
            index = end
            return .null
        default:
            guard let end = numberEnd(from: index) else { return nil }
            let range = index..<end
            index = end
            if let integer = parseInteger(range) { return .integer(integer) }
            guard let double = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)) else { return nil }
            return .double(double)
        }
    }
}

extension JSONValue {
    /// Parses JSON text.
    /// - Returns: `nil` when the text is not exactly one well-formed value.
    public static func parse(_ text: some Collection<UInt8>) -> JSONValue? {
        let bytes = Array(text)
        return bytes.withUnsafeBufferPointer { JSONScanner($0).decodeDocument() }
    }

    /// Parses JSON text.
    public static func parse(_ text: String) -> JSONValue? {
        parse(Array(text.utf8))
    }
}
