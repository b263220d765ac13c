import LogSchema

/// A definition's pattern (LogCore's `RegexDialect`: Swift `Regex`, matched against the
/// whole text) as the argument of ClickHouse's `match()` (RE2, UTF-8, `.` matching line
/// breaks, matching anywhere unless anchored).
///
/// The translation anchors the pattern (`^(?:…)$`; RE2's `$` matches only at the end, as a
/// whole match needs) and keeps only what means the same in both engines. What RE2 lacks
/// (look-around, back-references, atomic groups, possessive quantifiers, Unicode properties,
/// class set operations) is refused. What RE2 reads differently on some text is translated
/// and flagged: `\d`, `\w`, `\s` and `\b` are ASCII in RE2 but Unicode in Swift; `.` and
/// negated classes match one Unicode scalar in RE2 but one character (a grapheme cluster,
/// such as a letter with a combining accent, an emoji sequence) in Swift; `.` excludes only
/// `\n` here (RE2 in ClickHouse matches line breaks with `.`, Swift does not).
struct ClickHousePattern {
    /// The RE2 pattern, anchored.
    var re2: String
    /// Why the warehouse may decide some text differently, or `nil` when it cannot.
    var difference: String?

    /// Translates `pattern`; throws a one-line reason when RE2 cannot express it.
    init(_ pattern: String) throws(PatternError) {
        var output = ""
        var differences: [String] = []
        func differ(_ reason: String) { if !differences.contains(reason) { differences.append(reason) } }
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        var inClass = false
        func next() -> Unicode.Scalar? { index + 1 < scalars.count ? scalars[index + 1] : nil }
        while index < scalars.count {
            let scalar = scalars[index]
            if !scalar.isASCII {
                differ("non-ASCII text compares by Unicode scalars in the warehouse, by characters in Swift")
                output.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            switch scalar {
            case "\\":
                guard let escaped = next() else { throw PatternError("a trailing backslash") }
                index += 1
                switch escaped {
                case "d", "w", "s", "D", "W", "S":
                    differ("\\\(escaped) is ASCII-only in the warehouse, Unicode in Swift")
                    let ascii: String =
                        switch escaped {
                        case "d": "0-9"
                        case "w": "0-9A-Za-z_"
                        default: "\\t\\n\\v\\f\\r "
                        }
                    let negated = escaped == "D" || escaped == "W" || escaped == "S"
                    if negated { differ("a negated class matches one Unicode scalar in the warehouse, one character in Swift") }
                    output += inClass ? (negated ? "\\\(escaped)" : ascii) : (negated ? "[^\(ascii)]" : "[\(ascii)]")
                case "b", "B":
                    guard !inClass else { throw PatternError("\\\(escaped) inside a class") }
                    differ("\\b is ASCII word boundaries in the warehouse, Unicode in Swift")
                    output += "\\\(escaped)"
                case "n", "t", "r", "f", "v":
                    output += "\\\(escaped)"
                default:
                    if escaped.properties.isAlphabetic || ("0"..."9").contains(escaped) {
                        throw PatternError("\\\(escaped) has no equivalent in ClickHouse's match() (RE2)")
                    }
                    output += "\\\(escaped)"  // an escaped punctuation character: itself in both
                }
            case "[" where inClass:
                if next() == ":" { throw PatternError("POSIX classes ([:alpha:]) are Unicode in Swift; write the ASCII range") }
                throw PatternError("nested classes and class set operations have no equivalent in RE2")
            case "[":
                inClass = true
                output += "["
                if next() == "^" {
                    differ("a negated class matches one Unicode scalar in the warehouse, one character in Swift")
                    output += "^"
                    index += 1
                }
                if next() == "]" {  // a leading `]` is a literal in both
                    output += "\\]"
                    index += 1
                }
            case "]" where inClass:
                inClass = false
                output += "]"
            case _ where inClass && (scalar == "&" || scalar == "-" || scalar == "~") && next() == scalar:
                throw PatternError("class set operations (&&, --, ~~) have no equivalent in RE2")
            case "." where !inClass:
                differ("`.` matches one Unicode scalar in the warehouse, one character in Swift")
                output += "[^\\n]"
            case "(" where !inClass && next() == "?":
                let rest = String(String.UnicodeScalarView(scalars[(index + 2)...]))
                if rest.hasPrefix(":") {
                    output += "(?:"
                    index += 2
                } else if rest.hasPrefix("<"), !rest.hasPrefix("<="), !rest.hasPrefix("<!"),
                    let close = rest.firstIndex(of: ">")
                {
                    output += "(?:"  // a named group: the name matters to no match
                    index += 2 + rest.distance(from: rest.startIndex, to: close)
                } else if let flags = rest.prefix(while: { "imsx-".contains($0) }).nonEmpty,
                    rest.dropFirst(flags.count).first == ")" || rest.dropFirst(flags.count).first == ":"
                {
                    if flags.contains("x") { throw PatternError("the x flag (extended syntax) is read differently by RE2") }
                    if flags.contains("i") { differ("case-insensitive matching folds ASCII only in the warehouse, Unicode in Swift") }
                    if flags.contains("s") || flags.contains("m") {
                        throw PatternError("the s and m flags change `.`, `^` and `$`, which the warehouse anchors itself")
                    }
                    output += "(?" + flags
                    index += 1 + flags.count
                } else {
                    throw PatternError("look-around, atomic groups and conditionals ((?=, (?!, (?<=, (?>) have no equivalent in RE2")
                }
            case _ where !inClass && (scalar == "*" || scalar == "+" || scalar == "?" || scalar == "}") && next() == "+":
                throw PatternError("possessive quantifiers (*+, ++) have no equivalent in RE2")
            default:
                output.unicodeScalars.append(scalar)
            }
            index += 1
        }
        if inClass { throw PatternError("an unclosed class") }
        re2 = "^(?:" + output + ")$"
        difference = differences.isEmpty ? nil : differences.joined(separator: "; ")
    }

    /// Why a pattern cannot be checked in the warehouse.
    struct PatternError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension Substring {
    fileprivate var nonEmpty: Substring? { isEmpty ? nil : self }
}
