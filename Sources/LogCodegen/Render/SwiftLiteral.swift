import LogSchema

/// Turns user text into Swift source that cannot break the code around it.
enum SwiftLiteral {
    /// A string literal holding exactly `text`: backslashes, quotes and every control
    /// character escaped; other characters (non-ASCII included) kept as they are.
    static func string(_ text: String) -> String {
        "\"" + stringContents(text) + "\""
    }

    /// What goes between the quotes of ``string(_:)``. Each character is escaped on its
    /// own, so the contents of pieces written one after the other are the contents of
    /// the whole text.
    static func stringContents(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// The lines of a `///` comment holding `text`: split at every line break, with
    /// control characters shown as `\u{…}` so that none can end the comment or confuse
    /// the compiler. (`*/` and `"""` are harmless in a line comment.)
    static func documentationLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = scalar == "\r"
            if scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                lines.append(current)
                current = ""
            } else if scalar != "\t" && needsEscape(scalar) {
                current += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        return lines.map { line in
            var line = line
            while line.last == " " || line.last == "\t" { line.removeLast() }
            return line
        }
    }

    /// A number literal for a `Double`, exact and parseable by Swift (`0.5`, `1e-05`).
    static func double(_ value: Double) -> String {
        value.description
    }

    /// An identifier with backticks where Swift needs them.
    static func identifier(_ name: String) -> String {
        SwiftName.escaped(name)
    }

    // MARK: - Straight into the writer

    /// Writes ``string(_:)`` of `text`; text of printable ASCII without quotes or
    /// backslashes (nearly all of it) is copied as it is.
    static func appendString(_ text: String, to writer: inout CodeWriter) {
        writer.append(ascii: "\"")
        appendStringContents(text, to: &writer)
        writer.append(ascii: "\"")
    }

    /// Writes ``stringContents(_:)`` of `text`: a string literal written in pieces
    /// (`"name: key, key"`) without building the whole text first.
    static func appendStringContents(_ text: String, to writer: inout CodeWriter) {
        if isPlainASCII(text, quoting: true) {
            writer.append(text)
        } else {
            writer.append(stringContents(text))
        }
    }

    /// Writes ``identifier(_:)`` of `name`. A keyword is one word of letters with no capital
    /// after its first letter, so a camel-case name or one with a digit or `_` needs no lookup.
    static func appendIdentifier(_ name: String, to writer: inout CodeWriter) {
        // A native string's bytes in place; any other string one byte at a time.
        let mayBeKeyword = name.utf8.withContiguousStorageIfAvailable(mayBeKeyword) ?? mayBeKeyword(name.utf8)
        writer.append(mayBeKeyword ? SwiftName.escaped(name) : name)
    }

    private static func mayBeKeyword(_ bytes: some Sequence<UInt8>) -> Bool {
        var first = true
        for byte in bytes {
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            if !isLetter || (!first && byte < 0x61) { return false }
            first = false
        }
        return true
    }

    /// Writes the `///` lines of ``documentationLines(_:)``; a paragraph of printable ASCII
    /// that ends in no space (nearly all of them) is one line, copied as it is.
    static func appendDocumentation(_ text: String, to writer: inout CodeWriter) {
        if text.utf8.last != 0x20, isPlainASCII(text, quoting: false) {
            writer.start()
            if text.isEmpty {
                writer.append("///")
            } else {
                writer.append("/// ")
                writer.append(text)
            }
            writer.end()
            return
        }
        for line in documentationLines(text) {
            writer.line(line.isEmpty ? "///" : "/// " + line)
        }
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`), and with `quoting`
    /// none is a quote or a backslash.
    static func isPlainASCII(_ text: String, quoting: Bool) -> Bool {
        // A native string's bytes in place, counted without a branch per byte (so that the
        // loop is vectorized); any other string one byte at a time.
        let counted = text.utf8.withContiguousStorageIfAvailable { bytes in
            var outside = 0
            if quoting {
                for byte in bytes { outside &+= (byte &- 0x20) < 0x5F && byte != 0x22 && byte != 0x5C ? 0 : 1 }
            } else {
                for byte in bytes { outside &+= (byte &- 0x20) < 0x5F ? 0 : 1 }
            }
            return outside == 0
        }
        if let counted { return counted }
        for byte in text.utf8 where byte < 0x20 || byte > 0x7E || (quoting && (byte == 0x22 || byte == 0x5C)) {
            return false
        }
        return true
    }

    /// C0 and C1 control characters, DEL, and the bidirectional controls that could make
    /// the source read differently from how it compiles.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }
}
