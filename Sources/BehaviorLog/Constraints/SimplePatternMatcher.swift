/// A matcher for the patterns definitions actually use — a sequence of ASCII character
/// classes and literals, each with a greedy quantifier (`^[A-Z0-9_]+$`, `^\d+\.\d+\.\d+$`)
/// — that answers exactly as `Regex.wholeMatch` does, without allocating, for strings of
/// printable ASCII up to 63 bytes. ``LogPattern`` asks it first and falls back to `Regex`
/// for everything else: other patterns, longer strings, any other byte.
///
/// Why that input is safe: in printable ASCII (0x20…0x7E) every byte is one `Character`
/// and one scalar, so grapheme-cluster semantics, case folding and Unicode properties cannot
/// make `Regex` answer differently from a byte-by-byte match (no `\r\n` cluster, no
/// combining mark, no line terminator for `$` to stop before).
///
/// Grammar: an optional `^`; items; an optional `$`. An item is a class (`[…]` of literals,
/// ranges such as `A-Z`, and `\d` `\w`; not negated), `\d`, `\w`, an escaped punctuation
/// character (`\.`), or a letter, digit, `_`, `-`, space, `,`, `:`, `/`, `@`, `=`; followed by
/// nothing, `?`, `*`, `+`, `{n}`, `{n,}` or `{n,m}` (greedy; a lazy or possessive mark is
/// not supported). Anything else makes ``init(_:)`` return `nil`.
struct SimplePatternMatcher: Sendable {
    /// One item: the bytes it accepts (a 128-bit set), how many times.
    struct Item: Sendable, Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var minimum: Int
        var maximum: Int

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    /// The longest input it answers for: reachable positions fit in a `UInt64`.
    static let maximumLength = 63

    let items: [Item]

    /// The matcher for `source`, or `nil` when the pattern is outside the grammar above.
    init?(_ source: String) {
        var parser = Parser(bytes: Array(source.utf8))
        guard let items = parser.parse() else { return nil }
        self.items = items
    }

    /// Whether the whole string matches; `nil` when the string is not one this matcher
    /// answers for (so the caller asks `Regex`).
    func matches(_ string: String) -> Bool? {
        string.withUTF8Bytes { bytes -> Bool? in
            guard bytes.count <= Self.maximumLength else { return nil }
            for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
            // Positions reachable after the items so far, as bits 0…count.
            var reachable: UInt64 = 1
            for item in items {
                var next: UInt64 = 0
                var positions = reachable
                while positions != 0 {
                    let start = positions.trailingZeroBitCount
                    positions &= positions - 1
                    var run = 0
                    while run < item.maximum, start + run < bytes.count, item.contains(bytes[start + run]) { run += 1 }
                    if run >= item.minimum {
                        // Bits start+minimum … start+run.
                        let width = run - item.minimum + 1
                        let bits: UInt64 = width >= 64 ? ~0 : (1 << UInt64(width)) - 1
                        next |= bits << UInt64(start + item.minimum)
                    }
                }
                if next == 0 { return false }
                reachable = next
            }
            return reachable & (1 << UInt64(bytes.count)) != 0
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func parse() -> [Item]? {
            var end = bytes.count
            if index < end, bytes[index] == UInt8(ascii: "^") { index += 1 }
            // A trailing `$` that is not escaped (`\$` is a literal dollar).
            if end > index, bytes[end - 1] == UInt8(ascii: "$"), !isEscaped(end - 1) { end -= 1 }
            var items: [Item] = []
            while index < end {
                guard var item = atom(end: end) else { return nil }
                guard quantifier(&item, end: end) else { return nil }
                items.append(item)
            }
            return items
        }

        /// Whether the byte at `position` follows an odd number of backslashes.
        private func isEscaped(_ position: Int) -> Bool {
            var count = 0
            var cursor = position - 1
            while cursor >= 0, bytes[cursor] == UInt8(ascii: "\\") {
                count += 1
                cursor -= 1
            }
            return count % 2 == 1
        }

        private mutating func atom(end: Int) -> Item? {
            var item = Item(minimum: 1, maximum: 1)
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < end, escape(bytes[index], into: &item) else { return nil }
                index += 1
            case UInt8(ascii: "["):
                guard classBody(into: &item, end: end) else { return nil }
            default:
                guard Self.isPlainLiteral(byte) else { return nil }
                Self.add(byte, to: &item)
            }
            return item
        }

        /// `\d`, `\w`, or an escaped ASCII punctuation character.
        private func escape(_ byte: UInt8, into item: inout Item) -> Bool {
            switch byte {
            case UInt8(ascii: "d"):
                Self.add(UInt8(ascii: "0")...UInt8(ascii: "9"), to: &item)
            case UInt8(ascii: "w"):
                Self.add(UInt8(ascii: "0")...UInt8(ascii: "9"), to: &item)
                Self.add(UInt8(ascii: "A")...UInt8(ascii: "Z"), to: &item)
                Self.add(UInt8(ascii: "a")...UInt8(ascii: "z"), to: &item)
                Self.add(UInt8(ascii: "_"), to: &item)
            case _ where Self.isEscapablePunctuation(byte):
                Self.add(byte, to: &item)
            default:
                return false
            }
            return true
        }

        /// The members of `[…]` up to its `]`: literals, ranges, `\d`, `\w`, escapes.
        private mutating func classBody(into item: inout Item, end: Int) -> Bool {
            guard index < end, bytes[index] != UInt8(ascii: "^"), bytes[index] != UInt8(ascii: "]") else { return false }
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "]") {
                    index += 1
                    return true
                }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < end, escape(bytes[index + 1], into: &item) else { return false }
                    index += 2
                    continue
                }
                // `-` is a literal first or last; between two literals it makes a range.
                if byte == UInt8(ascii: "-") {
                    let last = index + 1 < end && bytes[index + 1] == UInt8(ascii: "]")
                    guard last || Self.add(byte, atClassStart: bytes[index - 1] == UInt8(ascii: "["), to: &item) else { return false }
                    if last { Self.add(byte, to: &item) }
                    index += 1
                    continue
                }
                guard Self.isClassLiteral(byte) else { return false }
                if index + 2 < end, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] != UInt8(ascii: "]") {
                    let upper = bytes[index + 2]
                    // Only ranges within one kind (digits, upper case, lower case), so no
                    // range spans punctuation whose meaning in a class could differ.
                    guard Self.sameKind(byte, upper), byte <= upper else { return false }
                    Self.add(byte...upper, to: &item)
                    index += 3
                } else {
                    Self.add(byte, to: &item)
                    index += 1
                }
            }
            return false
        }

        private mutating func quantifier(_ item: inout Item, end: Int) -> Bool {
            guard index < end else { return true }
            switch bytes[index] {
            case UInt8(ascii: "?"): (item.minimum, item.maximum) = (0, 1)
            case UInt8(ascii: "*"): (item.minimum, item.maximum) = (0, Int.max)
            case UInt8(ascii: "+"): (item.minimum, item.maximum) = (1, Int.max)
            case UInt8(ascii: "{"):
                guard let (minimum, maximum) = braces(end: end) else { return false }
                (item.minimum, item.maximum) = (minimum, maximum)
                // `braces` stopped after `}`; a lazy or possessive mark may follow.
                return index >= end || !Self.isQuantifierMark(bytes[index])
            default:
                return true
            }
            index += 1
            return index >= end || !Self.isQuantifierMark(bytes[index])
        }

        /// `{n}`, `{n,}` or `{n,m}` (n ≤ m ≤ 1,000); the index ends after `}`.
        private mutating func braces(end: Int) -> (Int, Int)? {
            index += 1
            guard let minimum = number(end: end) else { return nil }
            var maximum = minimum
            if index < end, bytes[index] == UInt8(ascii: ",") {
                index += 1
                maximum = index < end && bytes[index] == UInt8(ascii: "}") ? Int.max : (number(end: end) ?? -1)
            }
            guard index < end, bytes[index] == UInt8(ascii: "}"), maximum >= minimum else { return nil }
            index += 1
            return (minimum, maximum)
        }

        private mutating func number(end: Int) -> Int? {
            var value = 0
            let start = index
            while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), index - start < 4 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start && value <= 1_000 ? value : nil
        }

        private static func isQuantifierMark(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "?") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "{")
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }

        private static func sameKind(_ lower: UInt8, _ upper: UInt8) -> Bool {
            for range in [UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z")]
            where range.contains(lower) {
                return range.contains(upper)
            }
            return false
        }

        /// Outside a class: letters, digits and punctuation that has no meaning there.
        private static func isPlainLiteral(_ byte: UInt8) -> Bool {
            isAlphanumeric(byte) || Self.byte(byte, isIn: " _-,:/@=")
        }

        /// Inside a class: letters, digits and punctuation with no meaning there (not `&`,
        /// `~`, `|`, `[` or `-`, which Swift's `Regex` may read as set operations).
        private static func isClassLiteral(_ byte: UInt8) -> Bool {
            isAlphanumeric(byte) || Self.byte(byte, isIn: " _.,:/@=+*?(){}$#!%'\"<>;`")
        }

        private static func isEscapablePunctuation(_ byte: UInt8) -> Bool {
            Self.byte(byte, isIn: ".-_+*?()[]{}|^$\\/:,@=#!%&'\"<>;~`")
        }

        /// Whether `byte` is one of the ASCII characters of `set`: a plain loop, since
        /// `String.UTF8View.contains` linked a generic specialization into every app.
        private static func byte(_ byte: UInt8, isIn set: StaticString) -> Bool {
            var next = set.utf8Start
            for _ in 0..<set.utf8CodeUnitCount {
                if next.pointee == byte { return true }
                next += 1
            }
            return false
        }

        /// A `-` that is neither first nor last is not supported (`[a-]` and `[-a]` are).
        private static func add(_ byte: UInt8, atClassStart: Bool, to item: inout Item) -> Bool {
            guard atClassStart else { return false }
            add(byte, to: &item)
            return true
        }

        private static func add(_ byte: UInt8, to item: inout Item) {
            if byte < 64 { item.low |= 1 << UInt64(byte) } else { item.high |= 1 << UInt64(byte - 64) }
        }

        private static func add(_ range: ClosedRange<UInt8>, to item: inout Item) {
            for byte in range { add(byte, to: &item) }
        }
    }
}
