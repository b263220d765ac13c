/// The one way JSON text is written (RFC 8259, UTF-8): strings, integers and doubles, at a
/// pointer the caller has made room for. ``JSONWriter`` (the envelope, the schema's JSON),
/// logview's output and the warehouse rows all write through it, so the bytes agree.
///
/// **Strings** escape `"` and `\` and the control characters U+0000…U+001F, the five with a
/// short form as `\b` `\t` `\n` `\f` `\r`, the others as `\u00XX` in lowercase hexadecimal;
/// everything else (including U+007F and non-ASCII) is copied as it is. This is what the
/// envelope has always written to the store.
///
/// **Doubles**: a whole value below 10^15 keeps a `.0` (`2.0`, `-0.0`), so that a reader
/// keeps it a double (as the envelope has always written it); any other finite value is
/// Swift's shortest round-trip form (`0.1`, `1e+15`); NaN and the infinities, which JSON cannot
/// hold, are `null`.
///
/// **Floats** (a `!real`, Swift's `Float`) follow the same rule at their own precision: the
/// shortest text that reads back as the same `Float` (`0.98`, where the `Double` widening
/// would be `0.9800000190734863`); a whole value below 2^24 keeps its `.0` (`2.0`, `-0.0`),
/// a larger or smaller one may take an exponent (`1e+08`, `1e-45`); NaN and the infinities
/// are `null`.
public enum JSONText {
    /// At most this many bytes for a double (`-2.2250738585072014e-308` is 24).
    public static let maximumDoubleCount = 32
    /// At most this many bytes for a float (`-1.1754944e-38` is 14; 9 digits, a sign, a
    /// point and `e-38` are 15).
    public static let maximumFloatCount = 16
    /// At most this many bytes for a 64-bit integer with its sign.
    public static let maximumIntegerCount = 20

    /// At most this many bytes for a string of `utf8Count` bytes, quotes included.
    @_alwaysEmitIntoClient @inline(__always)
    public static func maximumStringCount(utf8Count: Int) -> Int { 2 + 6 * utf8Count }

    // MARK: - Strings

    /// Writes UTF-8 bytes as a JSON string, quotes included (at most
    /// ``maximumStringCount(utf8Count:)`` bytes).
    @_alwaysEmitIntoClient
    public static func writeString(_ text: UnsafeBufferPointer<UInt8>, at position: inout UnsafeMutablePointer<UInt8>) {
        position.pointee = UInt8(ascii: "\"")
        position += 1
        if !needsEscaping(text) {
            // The usual case (a tag, a plain word): copied whole.
            if let base = text.baseAddress {
                position.update(from: base, count: text.count)
                position += text.count
            }
        } else {
            writeEscaped(text, at: &position)
        }
        position.pointee = UInt8(ascii: "\"")
        position += 1
    }

    /// The contents of a string that has something to escape (no quotes).
    @_alwaysEmitIntoClient
    static func writeEscaped(_ text: UnsafeBufferPointer<UInt8>, at position: inout UnsafeMutablePointer<UInt8>) {
        var runStart = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if index > runStart {
                position.update(from: text.baseAddress! + runStart, count: index - runStart)
                position += index - runStart
            }
            runStart = index + 1
            position[0] = UInt8(ascii: "\\")
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): position[1] = byte
            case 0x08: position[1] = UInt8(ascii: "b")
            case 0x09: position[1] = UInt8(ascii: "t")
            case 0x0A: position[1] = UInt8(ascii: "n")
            case 0x0C: position[1] = UInt8(ascii: "f")
            case 0x0D: position[1] = UInt8(ascii: "r")
            default:
                position[1] = UInt8(ascii: "u")
                position[2] = UInt8(ascii: "0")
                position[3] = UInt8(ascii: "0")
                position[4] = Hex.digit(byte >> 4)
                position[5] = Hex.digit(byte & 0x0F)
                position += 4
            }
            position += 2
        }
        if text.count > runStart {
            position.update(from: text.baseAddress! + runStart, count: text.count - runStart)
            position += text.count - runStart
        }
    }

    /// Whether any byte is a quote, a backslash or a control character; eight at a time.
    @_alwaysEmitIntoClient @inline(__always)
    public static func needsEscaping(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        var offset = 0
        while offset + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A zero byte in `quote` or `backslash`, or a byte below 0x20 in `word` (the lowest
            // flagged byte is exact; one flagged byte is all that is asked).
            if ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & (ones &* 0x80) != 0 {
                return true
            }
            offset += 8
        }
        while offset < text.count {
            let byte = text[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }

    /// Appends `text` as a JSON string to a byte array.
    @_alwaysEmitIntoClient
    public static func appendString(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        append(to: &bytes, upTo: maximumStringCount(utf8Count: text.count)) { writeString(text, at: &$0) }
    }

    /// Appends `text` as a JSON string to a byte array.
    @_alwaysEmitIntoClient
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        text.withUTF8Bytes { appendString($0, to: &bytes) }
    }

    /// `text` as a JSON string, quotes included.
    @_alwaysEmitIntoClient
    public static func string(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Numbers

    /// Writes a whole number in decimal (at most 20 bytes).
    @_alwaysEmitIntoClient
    public static func writeInteger(_ value: Int64, at position: inout UnsafeMutablePointer<UInt8>) {
        if value < 0 {
            position.pointee = UInt8(ascii: "-")
            position += 1
        }
        writeUnsigned(value.magnitude, at: &position)
    }

    /// Writes a whole number in decimal (at most 20 bytes).
    @_alwaysEmitIntoClient
    public static func writeUnsigned(_ value: UInt64, at position: inout UnsafeMutablePointer<UInt8>) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        rest = value
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            position[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        position += digits
    }

    /// Writes a double by the rule above (at most ``maximumDoubleCount`` bytes).
    @_alwaysEmitIntoClient
    public static func writeDouble(_ value: Double, at position: inout UnsafeMutablePointer<UInt8>) {
        if !writeShortForm(value, wholeBelow: 1e15, at: &position) { writeDescription(value, at: &position) }
    }

    /// Writes a float by the rule above (at most ``maximumFloatCount`` bytes): its own
    /// shortest round-trip text, never its `Double` widening's. Below 2^24 every whole float is
    /// written in full with `.0`, as `Float.description` writes it.
    @_alwaysEmitIntoClient
    public static func writeFloat(_ value: Float, at position: inout UnsafeMutablePointer<UInt8>) {
        if !writeShortForm(value, wholeBelow: 16_777_216, at: &position) { writeDescription(value, at: &position) }
    }

    /// The rule for both, but the description: `null` for NaN and the infinities; a whole value
    /// below `wholeBelow` digit by digit with `.0` (its description would say the same, at the
    /// cost of making it). Returns false, having written nothing, for any other value: its
    /// description, the type's shortest round-trip text, is then the caller's to write.
    @_alwaysEmitIntoClient
    static func writeShortForm<Number: BinaryFloatingPoint>(
        _ value: Number, wholeBelow: Number, at position: inout UnsafeMutablePointer<UInt8>
    ) -> Bool {
        guard value.isFinite else {
            writeASCII("null", at: &position)
            return true
        }
        let magnitude = value.magnitude
        guard magnitude < wholeBelow, magnitude == magnitude.rounded(.towardZero) else { return false }
        if value.sign == .minus {
            position.pointee = UInt8(ascii: "-")
            position += 1
        }
        writeUnsigned(UInt64(magnitude), at: &position)
        writeASCII(".0", at: &position)
        return true
    }

    /// Out of line, so that the writers inlined into callers stay small. At most 24 bytes (a
    /// Double's; a Float's 15): a small string, so no allocation.
    @usableFromInline
    static func writeDescription(_ value: Double, at position: inout UnsafeMutablePointer<UInt8>) {
        writeUTF8(value.description, at: &position)
    }

    @usableFromInline
    static func writeDescription(_ value: Float, at position: inout UnsafeMutablePointer<UInt8>) {
        writeUTF8(value.description, at: &position)
    }

    static func writeUTF8(_ text: String, at position: inout UnsafeMutablePointer<UInt8>) {
        text.withUTF8Bytes { utf8 in
            position.update(from: utf8.baseAddress!, count: utf8.count)
            position += utf8.count
        }
    }

    @_alwaysEmitIntoClient @inline(__always)
    static func writeASCII(_ text: StaticString, at position: inout UnsafeMutablePointer<UInt8>) {
        position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        position += text.utf8CodeUnitCount
    }

    /// A double as JSON text.
    @_alwaysEmitIntoClient
    public static func string(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(to: &bytes, upTo: maximumDoubleCount) { writeDouble(value, at: &$0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A float as JSON text.
    @_alwaysEmitIntoClient
    public static func string(_ value: Float) -> String {
        var bytes: [UInt8] = []
        append(to: &bytes, upTo: maximumFloatCount) { writeFloat(value, at: &$0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Into arrays

    /// Grows `bytes` by `bound`, lets `fill` write at most that many from the old end, and
    /// keeps what it wrote.
    @_alwaysEmitIntoClient @inline(__always)
    public static func append(to bytes: inout [UInt8], upTo bound: Int, _ fill: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: bound))
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            let origin = buffer.baseAddress! + start
            var position = origin
            fill(&position)
            return position - origin
        }
        precondition(written <= bound, "JSONText wrote past its bound")
        bytes.removeLast(bound - written)
    }
}
