import LogSchema

/// A cursor over the raw bytes of one source line, keeping track of columns, for the
/// small grammars of headings and field lines.
struct LineScanner {
    let bytes: ArraySlice<UInt8>
    /// The line number of the bytes.
    let line: Int
    /// The column (from 1) of `bytes.startIndex`.
    let firstColumn: Int
    let path: String
    var index: Int

    init(_ bytes: ArraySlice<UInt8>, line: Int, column: Int, path: String) {
        self.bytes = bytes
        self.line = line
        self.firstColumn = column
        self.path = path
        self.index = bytes.startIndex
    }

    var isAtEnd: Bool { index >= bytes.endIndex }
    var current: UInt8? { isAtEnd ? nil : bytes[index] }

    /// The location of a byte offset in the line.
    func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: firstColumn + offset - bytes.startIndex)
    }

    var location: SourceLocation { location(at: index) }

    mutating func skipSpaces() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Takes bytes while the condition holds.
    mutating func take(while condition: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = index
        while let byte = current, condition(byte) { index += 1 }
        return bytes[start..<index]
    }

    /// Takes `[marker]` groups, each followed by optional spaces.
    ///
    /// - Returns: the markers with their locations, or `nil` (with a diagnostic) when a
    ///   bracket is not closed.
    mutating func takeMarkers(into diagnostics: inout [Diagnostic]) -> [(name: String, location: SourceLocation)]? {
        var markers: [(name: String, location: SourceLocation)] = []
        skipSpaces()
        while current == UInt8(ascii: "[") {
            let start = index
            index += 1
            let name = take { $0 != UInt8(ascii: "]") }
            guard current == UInt8(ascii: "]") else {
                diagnostics.append(
                    .error(
                        "unclosed marker '\(String(decoding: bytes[start...], as: UTF8.self))'; write markers as [obsolete], [deprecated] or [pii]",
                        at: location(at: start)))
                return nil
            }
            index += 1
            markers.append((String(decoding: name, as: UTF8.self).trimmingSpaces, location(at: start)))
            skipSpaces()
        }
        return markers
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Letters, digits and `_`; any non-ASCII byte is taken as part of a letter.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension String {
    var trimmingSpaces: String {
        String(decoding: Array(utf8)[...].trimmingSpaces(), as: UTF8.self)
    }
}
