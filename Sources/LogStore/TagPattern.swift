import LogCore
/// A pattern over routing tags (`category.event`), used to bind filters and outputs.
///
/// A pattern is a dot-separated list of segments:
/// - a name (`recipe_search`) matches exactly that segment;
/// - `*` matches exactly one segment, whatever it is;
/// - `**` matches zero or more segments, in any position.
///
/// ```swift
/// try TagPattern("recipe_search.*").matches("recipe_search.search")   // true
/// try TagPattern("*.search").matches("recipe_search.search")          // true
/// try TagPattern("a.b.**").matches("a")                               // false: `a.b` must be there
/// try TagPattern("**").matches("anything.at.all")                     // true
/// ```
///
/// Invalid patterns (an empty segment, `*` inside a name, characters other than
/// letters, digits, `_` and `-`) are rejected when the pattern is built, so a typo in a
/// configuration fails at start-up rather than silently matching nothing.
public struct TagPattern: Equatable, Sendable, CustomStringConvertible {
    /// Not `Equatable`: two patterns are equal when their texts are (the segments are parsed
    /// from the text), so no segment comparison is linked.
    enum Segment: Sendable {
        case name(String)
        case one
        case anyNumber
    }

    /// The pattern as written.
    public let text: String
    let segments: [Segment]

    /// The pattern that matches every tag, `**`.
    public static let all = TagPattern(validated: "**", segments: [.anyNumber])

    /// Parses a pattern.
    ///
    /// One pass over the text's UTF-8 bytes: `split(separator:)` and a scalar search on each part
    /// linked 3 KB of specialised generic code into every app (issue 26). Dots and `*` are ASCII,
    /// so the bytes give the same segments as the text's characters, except where a combining mark
    /// follows a `.` or a `*` (the pattern is rejected either way; the message names the segment
    /// around the mark rather than the dot).
    /// - Throws: `TagPatternError` naming the bad segment and how to fix it.
    public init(_ text: String) throws(TagPatternError) {
        var segments: [Segment] = []
        let message: String? = text.withUTF8Bytes { bytes in
            guard !bytes.isEmpty else { return "the pattern is empty; use `**` to match every tag" }
            var start = 0
            var number = 1
            while start <= bytes.count {
                var end = start
                var stars = 0
                var bad: Int?
                while end < bytes.count && bytes[end] != UInt8(ascii: ".") {
                    if bytes[end] == UInt8(ascii: "*") {
                        stars += 1
                    } else if bad == nil && !bytes[end].isNameByte {
                        bad = end
                    }
                    end += 1
                }
                if end == start {
                    return "segment \(number) is empty; write segments separated by single dots, as in `category.event`"
                } else if stars == end - start && stars == 1 {
                    segments.append(.one)
                } else if stars == end - start && stars == 2 {
                    // `**.**` means the same as `**`; keep one so that matching stays linear.
                    if case .anyNumber? = segments.last {} else { segments.append(.anyNumber) }
                } else if stars > 0 {
                    return
                        "segment `\(TagPattern.string(bytes, start..<end))` mixes `*` with a name; `*` and `**` must stand alone between dots (`a.*`, not `a*`)"
                } else if let bad {
                    let scalar = TagPattern.scalar(in: bytes, at: bad)
                    return "segment `\(TagPattern.string(bytes, start..<end))` contains `\(scalar)`; names use letters, digits, `_` and `-`"
                } else {
                    segments.append(.name(TagPattern.string(bytes, start..<end)))
                }
                start = end + 1
                number += 1
            }
            return nil
        }
        if let message { throw TagPatternError(pattern: text, message: message) }
        self.init(validated: text, segments: segments)
    }

    private init(validated text: String, segments: [Segment]) {
        self.text = text
        self.segments = segments
    }

    /// Two patterns are equal when written the same: the segments are parsed from the text.
    public static func == (left: TagPattern, right: TagPattern) -> Bool { left.text == right.text }

    @inline(never)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The scalar whose UTF-8 starts at `bytes[index]`, in a string's (valid) UTF-8: decoded by
    /// hand, where indexing the string's scalars brought its foreign-string paths (issue 26).
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
        let lead = bytes[index]
        let count = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = count == 1 ? UInt32(lead) : UInt32(lead) & (0x7F >> count)
        for offset in 1..<count { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Whether the tag matches the pattern.
    ///
    /// Runs over the tag's UTF-8 bytes without allocating (filters and outputs match on
    /// every post); `**` backtracks, and consecutive `**` are merged when parsing, so a
    /// pattern's few segments keep this cheap.
    public func matches(_ tag: String) -> Bool {
        tag.withUTF8Bytes { bytes in match(segment: 0, in: bytes, from: 0) }
    }

    /// Whether segments `segment...` match the tag's segments starting at byte `start`
    /// (`bytes.count + 1` once every tag segment is consumed).
    private func match(segment index: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard index < segments.count else { return start == bytes.count + 1 }
        switch segments[index] {
        case .anyNumber:
            var position = start
            while true {
                if match(segment: index + 1, in: bytes, from: position) { return true }
                guard position <= bytes.count else { return false }
                position = Self.segmentEnd(in: bytes, from: position) + 1
            }
        case .one:
            guard start <= bytes.count else { return false }
            return match(segment: index + 1, in: bytes, from: Self.segmentEnd(in: bytes, from: start) + 1)
        case .name(let name):
            guard start <= bytes.count else { return false }
            let end = Self.segmentEnd(in: bytes, from: start)
            // A name is a native string (`init` decodes it from bytes), so it always lends its
            // UTF-8 in place: no copy path here, which kept matching 5% faster.
            let equal = name.utf8.withContiguousStorageIfAvailable { expected in
                expected.count == end - start
                    && (expected.isEmpty || System.bytesEqual(expected.baseAddress!, bytes.baseAddress! + start, count: expected.count))
            }!
            return equal && match(segment: index + 1, in: bytes, from: end + 1)
        }
    }

    /// The index of the dot that ends the segment starting at `start`, or the end of the tag.
    private static func segmentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: ".") { end += 1 }
        return end
    }

    public var description: String { text }
}

/// A tag pattern that cannot be used, with what is wrong and how to fix it.
public struct TagPatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public internal(set) var pattern: String
    /// What is wrong, and the fix.
    public internal(set) var message: String

    public var description: String { "invalid tag pattern `\(pattern)`: \(message)" }
}

extension UInt8 {
    /// Whether the byte may be in a tag pattern's name or a cursor's name: an ASCII letter or
    /// digit, `_` or `-`.
    var isNameByte: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
