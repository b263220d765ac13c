import LogSchema

/// Turns user text into Swift source that cannot break the code around it.
enum SwiftLiteral {
    /// A string literal holding exactly `text`: backslashes, quotes and every control
    /// character escaped; other characters (non-ASCII included) kept as they are.
    static func string(_ text: String) -> String {
        var result = "\""
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
        return result + "\""
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

    /// C0 and C1 control characters, DEL, and the bidirectional controls that could make
    /// the source read differently from how it compiles.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }
}
