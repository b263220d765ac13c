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
    enum Segment: Equatable, Sendable {
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
    /// - Throws: `TagPatternError` naming the bad segment and how to fix it.
    public init(_ text: String) throws(TagPatternError) {
        guard !text.isEmpty else {
            throw TagPatternError(pattern: text, message: "the pattern is empty; use `**` to match every tag")
        }
        var segments: [Segment] = []
        for (index, part) in text.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
            switch part {
            case "":
                throw TagPatternError(
                    pattern: text,
                    message: "segment \(index + 1) is empty; write segments separated by single dots, as in `category.event`")
            case "*":
                segments.append(.one)
            case "**":
                // `**.**` means the same as `**`; keep one so that matching stays linear.
                if segments.last != .anyNumber { segments.append(.anyNumber) }
            default:
                if part.contains("*") {
                    throw TagPatternError(
                        pattern: text,
                        message: "segment `\(part)` mixes `*` with a name; `*` and `**` must stand alone between dots (`a.*`, not `a*`)")
                }
                if let bad = part.unicodeScalars.first(where: { !TagPattern.isNameScalar($0) }) {
                    throw TagPatternError(
                        pattern: text,
                        message: "segment `\(part)` contains `\(bad)`; names use letters, digits, `_` and `-`")
                }
                segments.append(.name(String(part)))
            }
        }
        self.init(validated: text, segments: segments)
    }

    private init(validated text: String, segments: [Segment]) {
        self.text = text
        self.segments = segments
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }

    /// Whether the tag matches the pattern.
    ///
    /// Runs over the tag's UTF-8 bytes without allocating (filters and outputs match on
    /// every post); `**` backtracks, and consecutive `**` are merged when parsing, so a
    /// pattern's few segments keep this cheap.
    public func matches(_ tag: String) -> Bool {
        var tag = tag
        return tag.withUTF8 { bytes in match(segment: 0, in: bytes, from: 0) }
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
            var name = name
            let equal = name.withUTF8 { expected in
                expected.count == end - start
                    && (expected.isEmpty || System.bytesEqual(expected.baseAddress!, bytes.baseAddress! + start, count: expected.count))
            }
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
