/// Finds the parts of a JSON text the runtime wrote, without decoding it: enough to splice
/// a stored log's objects into a warehouse row at a few nanoseconds per byte.
///
/// It trusts its input to be valid JSON (the runtime's encoder wrote it); on anything else
/// it stops (`atEnd`) rather than crash, and the row it was building is rejected downstream.
struct JSONScanner {
    let bytes: [UInt8]
    var index: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = 0
    }

    var atEnd: Bool { index >= bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Consumes `byte` (after whitespace) if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The range of the next value, quotes and brackets included; empty at a malformed spot.
    mutating func value() -> Range<Int> {
        skipWhitespace()
        let start = index
        guard index < bytes.count else { return start..<start }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { skipString(); continue }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { index += 1; break }
                }
                index += 1
            }
        default:
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
        }
        return start..<index
    }

    private mutating func skipString() {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return
            default: index += 1
            }
        }
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Calls `body` with each member's key (its bytes between the quotes) and value range, for
    /// the object that starts here; returns `false` if it is not a well-formed object.
    mutating func members(_ body: (ArraySlice<UInt8>, Range<Int>) -> Void) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            let key = value()
            guard key.count >= 2, bytes[key.lowerBound] == UInt8(ascii: "\""), consume(UInt8(ascii: ":")) else { return false }
            let member = value()
            guard !member.isEmpty else { return false }
            body(bytes[(key.lowerBound + 1)..<(key.upperBound - 1)], member)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// Calls `body` with each element's range, for the array that starts here.
    mutating func elements(_ body: (Range<Int>) -> Void) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            let element = value()
            guard !element.isEmpty else { return false }
            body(element)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }
}
