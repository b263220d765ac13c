/// Quoting for ClickHouse SQL text.
enum ClickHouseSQL {
    /// A string literal: `'it\'s'`. ClickHouse escapes with backslashes.
    static func literal(_ text: String) -> String {
        var result = "'"
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "'"
    }

    /// An identifier, in backquotes only when it is not a plain one (`recipe_id`, `` `order` ``
    /// stays plain: ClickHouse's keywords are not reserved in column position).
    static func identifier(_ name: String) -> String {
        if isPlainIdentifier(name) { return name }
        var result = "`"
        for character in name.unicodeScalars {
            if character == "`" || character == "\\" { result += "\\" }
            result.unicodeScalars.append(character)
        }
        return result + "`"
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
