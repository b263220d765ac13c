import LogSchema

/// A Markdown document read by ``MarkdownReader``: its block tree and its raw source,
/// from which the parser takes the exact text of each block.
public struct MarkdownDocument: Sendable {
    /// The document's path, as given.
    public let path: String
    /// The document's bytes (valid UTF-8).
    public let source: [UInt8]
    /// The document block; its children are the top-level blocks.
    public let root: MarkdownBlock
    /// The offset of the first byte of each line; line `n` starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]

    init(path: String, source: [UInt8], root: MarkdownBlock) {
        self.path = path
        self.source = source
        self.root = root
        var starts = [0]
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < count && source[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The bytes of a line, without its line ending; empty for a line out of range.
    public func line(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 1 && number <= lineStarts.count else { return [] }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] : source.count
        while end > start && (source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r")) {
            end -= 1
        }
        return source[start..<end]
    }

    /// The bytes of a line from a column (from 1, in bytes) to its end.
    public func line(_ number: Int, from column: Int) -> ArraySlice<UInt8> {
        let bytes = line(number)
        let start = min(bytes.startIndex + max(column - 1, 0), bytes.endIndex)
        return bytes[start...]
    }

    /// The raw source of a block, one trimmed line after another joined by a space:
    /// the readable text of a paragraph as written, Markdown punctuation included.
    public func text(of block: MarkdownBlock) -> String {
        text(of: block.range)
    }

    /// The raw source of a range, one trimmed line after another joined by a space.
    public func text(of range: MarkdownRange) -> String {
        var result: [UInt8] = []
        let first = max(range.startLine, 1)
        let last = min(range.endLine, lineStarts.count)
        guard first <= last else { return "" }
        for number in first...last {
            var bytes = number == first ? line(number, from: range.startColumn) : line(number)
            if number == last && range.endColumn >= 1 {
                let lineStart = line(number).startIndex
                let end = min(max(lineStart + range.endColumn, bytes.startIndex), bytes.endIndex)
                bytes = bytes[bytes.startIndex..<end]
            }
            let trimmed = bytes.trimmingSpaces()
            if trimmed.isEmpty { continue }
            if !result.isEmpty { result.append(UInt8(ascii: " ")) }
            result.append(contentsOf: trimmed)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The location of a line and column in this document.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }
}

extension ArraySlice<UInt8> {
    /// The slice without leading and trailing spaces and tabs.
    func trimmingSpaces() -> ArraySlice<UInt8> {
        var start = startIndex
        var end = endIndex
        while start < end && (self[start] == UInt8(ascii: " ") || self[start] == UInt8(ascii: "\t")) { start += 1 }
        while end > start && (self[end - 1] == UInt8(ascii: " ") || self[end - 1] == UInt8(ascii: "\t")) { end -= 1 }
        return self[start..<end]
    }
}
