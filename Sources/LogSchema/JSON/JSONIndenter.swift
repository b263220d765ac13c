/// Re-indents compact JSON as it streams by, two spaces a level, for people reading it:
/// `{"a":[1,2],"b":{}}` becomes
///
/// ```json
/// {
///   "a": [
///     1,
///     2
///   ],
///   "b": {}
/// }
/// ```
///
/// It keeps state between calls, so chunks may split the document anywhere.
public struct JSONIndenter: Sendable {
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// An object or array was just opened: its first member goes on a new line, unless it is empty.
    private var justOpened = false

    public init() {}

    /// The indented form of the next bytes of a compact JSON document.
    public mutating func indent(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if !justOpened { newline(into: &output) }
                justOpened = false
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                openIfNeeded(into: &output)
                output.append(byte)
                depth += 1
                justOpened = true
            case UInt8(ascii: ","):
                output.append(byte)
                newline(into: &output)
            case UInt8(ascii: ":"):
                output.append(byte)
                output.append(UInt8(ascii: " "))
            default:
                if byte == UInt8(ascii: "\n") && depth == 0 {
                    output.append(byte)
                    continue
                }
                openIfNeeded(into: &output)
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
            }
        }
        return output
    }

    private mutating func openIfNeeded(into output: inout [UInt8]) {
        if justOpened {
            justOpened = false
            newline(into: &output)
        }
    }

    private func newline(into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { output.append(UInt8(ascii: " ")) }
    }
}
