/// Turns definition names (`recipe_search`, `show_more`, `high-quality`) into Swift
/// identifiers, the one way every tool names them.
///
/// The validator uses it to reject two names that would become the same identifier; the
/// code generator uses it to name what it generates. Words are split at every character
/// that is not a letter or digit (`_`, `-`, spaces, dots) and at lower-to-upper case
/// changes, so `recipe_id`, `recipe-id` and `recipeId` all give `recipeId`.
///
/// ```swift
/// SwiftName.upperCamelCase("recipe_search")   // "RecipeSearch"
/// SwiftName.lowerCamelCase("show_more")       // "showMore"
/// SwiftName.lowerCamelCase("URL_path")        // "urlPath"
/// SwiftName.escaped(SwiftName.lowerCamelCase("default"))  // "`default`"
/// ```
public enum SwiftName {
    /// The name as a Swift type name: every word capitalized, separators removed
    /// (`recipe_search` → `RecipeSearch`). A name starting with a digit gets a leading `_`.
    ///
    /// - Returns: the identifier, or `""` when the name holds no letter or digit.
    public static func upperCamelCase(_ name: String) -> String {
        if let identifier = asciiCamelCase(name, lowerFirst: false) { return identifier }
        return join(words(of: name), lowerFirst: false)
    }

    /// The name as a Swift value name (a case, a label, a property): like
    /// ``upperCamelCase(_:)`` but the first word is lowercased, a leading acronym whole
    /// (`URL_path` → `urlPath`, `HTTPStatus` → `httpStatus`).
    ///
    /// - Returns: the identifier, or `""` when the name holds no letter or digit.
    public static func lowerCamelCase(_ name: String) -> String {
        if let identifier = asciiCamelCase(name, lowerFirst: true) { return identifier }
        return join(words(of: name), lowerFirst: true)
    }

    /// The identifier wrapped in backticks when it is a Swift keyword that cannot be used
    /// bare as a name (`default` → `` `default` ``); otherwise unchanged.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Swift's reserved words that need backticks when used as a declared name.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol",
    ]

    /// The words of a name, split at separators and at case changes.
    static func words(of name: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index? = nil
        var previous: Character? = nil
        var index = name.startIndex
        while index < name.endIndex {
            let character = name[index]
            if !(character.isLetter || character.isNumber) {
                if let wordStart = start { words.append(name[wordStart..<index]) }
                start = nil
                previous = nil
            } else {
                if let wordStart = start, let previous, isBoundary(previous, character, next: next(after: index, in: name)) {
                    words.append(name[wordStart..<index])
                    start = index
                } else if start == nil {
                    start = index
                }
                previous = character
            }
            index = name.index(after: index)
        }
        if let wordStart = start { words.append(name[wordStart...]) }
        return words
    }

    private static func next(after index: String.Index, in name: String) -> Character? {
        let following = name.index(after: index)
        return following < name.endIndex ? name[following] : nil
    }

    /// A new word starts at `current` after a lowercase letter or digit (`recipeId`), or
    /// at the last capital of an acronym followed by a lowercase letter (`URLPath`).
    private static func isBoundary(_ previous: Character, _ current: Character, next: Character?) -> Bool {
        guard current.isUppercase else { return false }
        if previous.isLowercase || previous.isNumber { return true }
        if previous.isUppercase, let next, next.isLowercase { return true }
        return false
    }

    /// The same rules on UTF-8 bytes for an ASCII name (nearly every name): no Unicode
    /// property lookups, and the identifier written straight into the string's storage (no
    /// allocation at all for one of up to 15 bytes). `nil` for a name with a non-ASCII byte.
    private static func asciiCamelCase(_ name: String, lowerFirst: Bool) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            let count = bytes.count
            var leadingDigit = false
            var identifierLength = 0  // the letters and digits, and a leading `_`
            var isSnakeCase = true  // only lowercase letters, digits and `_`s
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if isAlphanumeric(byte) {
                    if identifierLength == 0 { leadingDigit = isDigit(byte) }
                    identifierLength += 1
                    if isUpper(byte) { isSnakeCase = false }
                } else if byte != UInt8(ascii: "_") {
                    isSnakeCase = false
                }
            }
            if leadingDigit { identifierLength += 1 }
            if isSnakeCase { return snakeCaseCamelCase(bytes, length: identifierLength, leadingDigit: leadingDigit, lowerFirst: lowerFirst) }
            // The exact length, not the name's: a capacity over 15 bytes allocates, and half
            // the event names of a large schema (`open_premium_button_12`) are over 15 bytes
            // with their `_`s and under it without.
            return String(unsafeUninitializedCapacity: identifierLength) { output in
                var length = 0
                // A name starting with a digit gets a leading `_`.
                if leadingDigit {
                    output[0] = UInt8(ascii: "_")
                    length = 1
                }
                var wordIndex = 0
                var position = 0
                while position < count {
                    // Skip separators.
                    while position < count, !isAlphanumeric(bytes[position]) { position += 1 }
                    guard position < count else { break }
                    // One word: up to a separator or a case boundary.
                    let start = position
                    position += 1
                    while position < count, isAlphanumeric(bytes[position]) {
                        let previous = bytes[position - 1]
                        let current = bytes[position]
                        if isUpper(current) {
                            if isLower(previous) || isDigit(previous) { break }
                            if isUpper(previous), position + 1 < count, isLower(bytes[position + 1]) { break }
                        }
                        position += 1
                    }
                    for offset in start..<position {
                        let byte = bytes[offset]
                        if wordIndex == 0 && lowerFirst {
                            output[length] = isUpper(byte) ? byte + 32 : byte
                        } else if offset == start {
                            output[length] = isLower(byte) ? byte - 32 : byte
                        } else {
                            output[length] = byte
                        }
                        length += 1
                    }
                    wordIndex += 1
                }
                return length
            }
        }
    }

    /// ``asciiCamelCase(_:lowerFirst:)`` for a name of lowercase letters, digits and `_`s
    /// (nearly every name): with no capital there is no case boundary, so the words are
    /// the runs between `_`s and only their first letters change; one pass, no word
    /// boundaries to find.
    private static func snakeCaseCamelCase(_ bytes: UnsafeBufferPointer<UInt8>, length: Int, leadingDigit: Bool, lowerFirst: Bool) -> String {
        String(unsafeUninitializedCapacity: length) { output in
            var length = 0
            if leadingDigit {
                output[0] = UInt8(ascii: "_")
                length = 1
            }
            var wordStart = true
            var capitalize = !lowerFirst  // the first letter of the first word
            for byte in bytes {
                if byte == UInt8(ascii: "_") {
                    wordStart = true
                    continue
                }
                output[length] = wordStart && capitalize && isLower(byte) ? byte - 32 : byte
                length += 1
                wordStart = false
                capitalize = true
            }
            return length
        }
    }

    /// Whether a name is lowercase ASCII words of letters and digits joined by single `_`s
    /// (`recipe_id`, `step2_photo`), each word starting with a letter: such names map to
    /// distinct Swift names, since the capitals of `recipeId` mark exactly where the `_`s were.
    package static func isPlainSnakeCase(_ name: String) -> Bool {
        // On the bytes in place: every field name of every lint comes here.
        var name = name
        return name.withUTF8(isPlainSnakeCase(_:))
    }

    private static func isPlainSnakeCase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var wordStart = true
        var sawByte = false
        for byte in bytes {
            sawByte = true
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                wordStart = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if wordStart { return false }
            case UInt8(ascii: "_"):
                if wordStart { return false }
                wordStart = true
            default:
                return false
            }
        }
        return sawByte && !wordStart
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || isDigit(byte) }

    private static func join(_ words: [Substring], lowerFirst: Bool) -> String {
        var result = ""
        for (position, word) in words.enumerated() {
            if position == 0 && lowerFirst {
                result += word.lowercased()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}
