import Foundation
import LogCore

/// Reads JSON text in place, byte by byte, building only the values that are asked for: the
/// one JSON reader of the project (logview's filters and output, the collector, the
/// warehouse rows). LogQuery builds its `JSONValue`s on it.
///
/// Filtering a million stored logs must not decode a million payloads: the scanner finds a
/// member by comparing raw key bytes and skips every other value without building it.
/// Positions are byte offsets into ``bytes``; a method returns `nil` for malformed text
/// rather than trapping, so a damaged payload is reported, never a crash.
///
/// The scanner borrows its bytes: use it only while the buffer it was made from is alive.
public struct JSONScanner {
    /// The JSON text.
    public let bytes: UnsafeBufferPointer<UInt8>

    /// The deepest nesting the scanner follows; deeper text is treated as malformed.
    public static let maximumDepth = 64

    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The offset of the first byte at or after `index` that is not JSON whitespace.
    @inlinable
    @inline(__always)
    public func skipWhitespace(_ index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// The range of the whole value that starts at or after `index` (whitespace skipped).
    @inlinable
    public func valueRange(at index: Int) -> Range<Int>? {
        let start = skipWhitespace(index)
        guard let end = valueEnd(from: start, depth: 0) else { return nil }
        return start..<end
    }

    /// The range of the whole text's single top-level value; `nil` when there is anything
    /// else but whitespace around it.
    @inlinable
    public func documentRange() -> Range<Int>? {
        guard let range = valueRange(at: 0), skipWhitespace(range.upperBound) == bytes.count else { return nil }
        return range
    }

    /// Calls `body` with the key range (inside the quotes, escapes not decoded) and the
    /// value range of each member of the object at `index`, until `body` returns `false`.
    /// - Returns: `false` when the text there is not a well-formed object.
    @inlinable
    @discardableResult
    public func forEachMember(
        ofObjectAt index: Int, _ body: (_ key: Range<Int>, _ value: Range<Int>) -> Bool
    ) -> Bool {
        var index = skipWhitespace(index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index = skipWhitespace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return true }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(from: index) else { return false }
            let key = (index + 1)..<(keyEnd - 1)
            index = skipWhitespace(keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            let valueStart = skipWhitespace(index + 1)
            guard let valueEnd = valueEnd(from: valueStart, depth: 1) else { return false }
            if !body(key, valueStart..<valueEnd) { return true }
            index = skipWhitespace(valueEnd)
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "}") { return true }
            guard bytes[index] == UInt8(ascii: ",") else { return false }
            index = skipWhitespace(index + 1)
        }
        return false
    }

    /// The value range of the member `key` of the object at `index`, if it has one.
    @inlinable
    public func member(_ key: [UInt8], ofObjectAt index: Int) -> Range<Int>? {
        var found: Range<Int>?
        forEachMember(ofObjectAt: index) { keyRange, valueRange in
            if keyEquals(keyRange, key) {
                found = valueRange
                return false
            }
            return true
        }
        return found
    }

    /// Whether the raw key bytes at `range` spell `key` (escapes in the stored key decoded).
    @inlinable
    @inline(__always)
    public func keyEquals(_ range: Range<Int>, _ key: [UInt8]) -> Bool {
        if range.count == key.count {
            var equal = true
            key.withUnsafeBufferPointer { key in
                var offset = 0
                while offset < key.count {
                    if bytes[range.lowerBound + offset] != key[offset] { equal = false; return }
                    offset += 1
                }
            }
            if equal { return true }
        }
        // A key written with escapes (`"\u0061"`) still names the same member.
        guard bytes[range].contains(UInt8(ascii: "\\")) else { return false }
        return Array(decodeStringContents(range)?.utf8 ?? "".utf8) == key
    }

    /// The kind of the value starting at `index` (whitespace skipped), by its first byte.
    @inlinable
    public func kind(at index: Int) -> JSONKind? {
        let index = skipWhitespace(index)
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: return nil
        }
    }

    /// Calls `body` with the range of each element of the array at `index`.
    /// - Returns: `false` when the text there is not a well-formed array.
    @inlinable
    @discardableResult
    public func forEachElement(ofArrayAt index: Int, _ body: (Range<Int>) -> Bool) -> Bool {
        var index = skipWhitespace(index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
        index = skipWhitespace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return true }
        while index < bytes.count {
            guard let end = valueEnd(from: index, depth: 1) else { return false }
            if !body(index..<end) { return true }
            index = skipWhitespace(end)
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "]") { return true }
            guard bytes[index] == UInt8(ascii: ",") else { return false }
            index = skipWhitespace(index + 1)
        }
        return false
    }

    // MARK: - Decoding

    /// The string whose quoted text is at `range` (quotes included).
    @inlinable
    public func decodeString(_ range: Range<Int>) -> String? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        return decodeStringContents((range.lowerBound + 1)..<(range.upperBound - 1))
    }

    /// The number at `range`, as a `Double`.
    @inlinable
    public func decodeNumber(_ range: Range<Int>) -> Double? {
        guard !range.isEmpty, kind(at: range.lowerBound) == .number else { return nil }
        if let integer = parseInteger(range) { return Double(integer) }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    /// The whole number at `range`, when it is written without fraction or exponent and fits.
    @inlinable
    public func parseInteger(_ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        var negative = false
        if index < range.upperBound, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        guard index < range.upperBound else { return nil }
        var value: Int64 = 0
        while index < range.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// The text of a string's contents (between the quotes) with escapes decoded.
    @inlinable
    public func decodeStringContents(_ range: Range<Int>) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard slice.contains(UInt8(ascii: "\\")) else {
            return String(validating: slice, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); index += 1; continue }
            guard index + 1 < slice.count else { return nil }
            let escaped = slice[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(slice, index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A surrogate pair: the low half must follow as another `\u` escape.
                    guard index + 6 <= slice.count, slice[index] == UInt8(ascii: "\\"), slice[index + 1] == UInt8(ascii: "u"),
                        let low = hex4(slice, index + 2), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default:
                return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    @inlinable
    public func hex4(_ slice: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32? {
        guard index + 4 <= slice.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Hex.value(slice[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: - Skipping

    /// The offset just after the string that starts at `index` (on its opening quote).
    @inlinable
    @inline(__always)
    public func stringEnd(from index: Int) -> Int? {
        var index = index + 1
        // Eight bytes at a time while none is a quote, a backslash or a control character
        // (SWAR: the lowest flagged byte is always a true match; the byte loop takes over there).
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let flagged = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highs
                if flagged == 0 {
                    index += 8
                    continue
                }
                index += flagged.trailingZeroBitCount / 8
                break
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index + 1 }
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The offset just after the value that starts exactly at `index`.
    @inlinable
    public func valueEnd(from index: Int, depth: Int) -> Int? {
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(from: index)
        case UInt8(ascii: "{"):
            var end: Int?
            var index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return index + 1 }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(from: index) else { return nil }
                index = skipWhitespace(keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                guard let valueEnd = valueEnd(from: skipWhitespace(index + 1), depth: depth + 1) else { return nil }
                index = skipWhitespace(valueEnd)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") { end = index + 1; break }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(index + 1)
            }
            return end
        case UInt8(ascii: "["):
            var end: Int?
            var index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index + 1 }
            while index < bytes.count {
                guard let valueEnd = valueEnd(from: index, depth: depth + 1) else { return nil }
                index = skipWhitespace(valueEnd)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "]") { end = index + 1; break }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(index + 1)
            }
            return end
        case UInt8(ascii: "t"): return literalEnd(index, "true")
        case UInt8(ascii: "f"): return literalEnd(index, "false")
        case UInt8(ascii: "n"): return literalEnd(index, "null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return numberEnd(from: index)
        default:
            return nil
        }
    }

    @inlinable
    public func literalEnd(_ index: Int, _ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return nil }
        return index + count
    }

    /// The end of a number in JSON's grammar: `-? int frac? exp?`.
    @inlinable
    public func numberEnd(from index: Int) -> Int? {
        var index = index
        @inline(__always) func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return index
    }
}

/// The kind of a JSON value, known from its first byte.
public enum JSONKind: Sendable {
    case null, bool, number, string, array, object
}

extension JSONScanner {
    /// The UUID in the JSON string at `range` (quotes included), read straight from the bytes
    /// (``UUIDText``); `nil` for anything else.
    public func uuid(_ range: Range<Int>) -> UUID? {
        guard range.count == UUIDText.count + 2, bytes[range.lowerBound] == UInt8(ascii: "\""),
            bytes[range.upperBound - 1] == UInt8(ascii: "\"")
        else { return nil }
        return UUIDText.parse(UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]))
    }
}
