/// A tiny indenting code writer: lines in, UTF-8 bytes out, four spaces per level.
///
/// A line is written whole (``line(_:)``) or in pieces (``start()``, ``append(_:)``,
/// ``end()``), so the renderer never builds a line as a `String` first: the bytes of each
/// piece are copied once, into one buffer per file.
struct CodeWriter {
    private(set) var bytes: [UInt8] = []
    private var level = 0

    /// - Parameters:
    ///   - capacity: the bytes to reserve up front.
    ///   - level: the indentation to start at, for a part of a file written on its own
    ///     and appended (``append(_:)-(CodeWriter)``) where it belongs.
    init(capacity: Int = 0, level: Int = 0) {
        bytes.reserveCapacity(capacity)
        self.level = level
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes one line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            start()
            append(content)
        }
        end()
    }

    /// Starts a non-empty line: its indentation.
    mutating func start() {
        bytes.append(contentsOf: repeatElement(0x20, count: 4 * level))
    }

    /// Appends text to the line being written.
    mutating func append(_ text: String) {
        // The bytes in place (a native or small string's) are one copy; appending the
        // UTF-8 view as a sequence goes through its generic path, most of the cost of a
        // short piece.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Appends text to the line being written.
    mutating func append(_ text: Substring) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends one ASCII character.
    mutating func append(ascii: Unicode.Scalar) {
        bytes.append(UInt8(ascii: ascii))
    }

    /// Appends bytes that are already UTF-8 Swift text.
    mutating func append(bytes more: some Collection<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends an integer in decimal.
    mutating func append(_ value: Int64) {
        if value >= 0 && value < 10 {
            bytes.append(0x30 + UInt8(value))
        } else if value >= 10 && value < 100_000 {
            // An event's number in a category file, a length: digits without a `String`.
            var divisor: Int64 = 10
            while divisor * 10 <= value { divisor *= 10 }
            while divisor > 0 {
                bytes.append(0x30 + UInt8((value / divisor) % 10))
                divisor /= 10
            }
        } else {
            append(String(value))
        }
    }

    /// Forgets what was written (keeping the buffer), to write the next piece.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends what another writer wrote (whole lines, indented as that writer did).
    mutating func append(_ other: CodeWriter) {
        bytes.append(contentsOf: other.bytes)
    }

    /// Ends the line.
    mutating func end() {
        bytes.append(0x0A)
    }

    /// Writes `opening`, the body one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        level += 1
        body(&self)
        level -= 1
        line(closing)
    }

    /// Ends the line being written (its opening), then writes the body one level deeper
    /// and `closing`.
    mutating func endBlockOpening(closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        end()
        level += 1
        body(&self)
        level -= 1
        line(closing)
    }

    /// Runs `body` one level deeper, without brackets (for `case` bodies).
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }
}
