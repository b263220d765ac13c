import LogCore
import LogStore

/// Finds the parts of a JSON text the runtime wrote, without decoding it: enough to splice
/// a stored log's objects into a warehouse row at a few nanoseconds per byte.
///
/// It reads the bytes in place (no copies, no slices, no reference counting per value) and
/// trusts them to be valid JSON (the runtime's encoder wrote them); on anything else it
/// stops (`nextMember`/`nextElement` return `nil`) rather than crash, and the row it was
/// building is rejected downstream.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    @inline(__always)
    private var current: UInt8 { bytes[index] }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(current) { index += 1 }
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Consumes `byte` (after whitespace) if it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, current == byte else { return false }
        index += 1
        return true
    }

    /// The range of the next value, quotes and brackets included; empty at a malformed spot.
    mutating func value() -> Range<Int> {
        skipWhitespace()
        let start = index
        guard index < bytes.count else { return start..<start }
        switch current {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                let byte = current
                if byte == UInt8(ascii: "\"") { skipString(); continue }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { index += 1; break }
                }
                index += 1
            }
        default:
            while index < bytes.count, !Self.endsScalar(current) { index += 1 }
        }
        return start..<min(index, bytes.count)
    }

    private mutating func skipString() {
        index += 1
        while index < bytes.count {
            switch current {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return
            default: index += 1
            }
        }
    }

    @inline(__always)
    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isWhitespace(byte)
    }

    /// Opens the object or array that starts here (`{` or `[`); `false` if something else is next.
    mutating func open(_ bracket: UInt8) -> Bool {
        consume(bracket)
    }

    /// After `open("{")` or the previous member: the next member's key (the bytes between
    /// the quotes) and value; `nil` at the closing `}` (consumed) or at a malformed spot.
    mutating func nextMember() -> (key: Range<Int>, value: Range<Int>)? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        if current == UInt8(ascii: ",") { index += 1 }
        if consume(UInt8(ascii: "}")) { return nil }
        let key = value()
        guard key.count >= 2, bytes[key.lowerBound] == UInt8(ascii: "\""), consume(UInt8(ascii: ":")) else { return nil }
        let member = value()
        guard !member.isEmpty else { return nil }
        return ((key.lowerBound + 1)..<(key.upperBound - 1), member)
    }

    /// After `open("[")` or the previous element: the next element; `nil` at the closing
    /// `]` (consumed) or at a malformed spot.
    mutating func nextElement() -> Range<Int>? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        if current == UInt8(ascii: ",") { index += 1 }
        if consume(UInt8(ascii: "]")) { return nil }
        let element = value()
        return element.isEmpty ? nil : element
    }

    /// Whether the bytes in `range` are exactly `text`.
    @inline(__always)
    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount, range.upperBound <= bytes.count else { return false }
        return System.bytesEqual(bytes.baseAddress! + range.lowerBound, text.utf8Start, count: range.count)
    }
}
