import LogCore
import LogSchema

/// A Markdown document read by ``MarkdownReader``: its block tree and its raw source,
/// from which the parser takes the exact text of each block.
public struct MarkdownDocument: Sendable {
    /// The document's path, as given.
    public let path: String
    /// The document's bytes (valid UTF-8).
    public let source: [UInt8]
    /// Every block in document order; the first is the document itself, whose children
    /// are the top-level blocks.
    public let blocks: [MarkdownBlock]
    /// The offset of the first byte of each line; line `n` starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]

    init(path: String, source: [UInt8], blocks: [MarkdownBlock], lineStarts: [Int]) {
        self.path = path
        self.source = source
        self.blocks = blocks
        self.lineStarts = lineStarts
    }

    /// The offset of the first byte of each line of `source`.
    static func lineStarts(of source: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(source.count / 24)
        source.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            if System.firstOffset(of: UInt8(ascii: "\r"), in: base, count: count) == nil {
                // Only `\n` line endings (nearly every document): let memchr find them.
                var offset = 0
                while offset < count, let found = System.firstOffset(of: UInt8(ascii: "\n"), in: base + offset, count: count - offset) {
                    offset += found + 1
                    starts.append(offset)
                }
                return
            }
            var index = 0
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
        }
        return starts
    }

    /// The document block.
    public var root: MarkdownBlock { blocks[0] }

    /// The children of a block, in document order.
    public func children(of block: MarkdownBlock) -> Children {
        Children(blocks: blocks, first: block.firstChild)
    }

    /// The children of a block: a walk along the sibling links.
    public struct Children: Sequence, IteratorProtocol {
        let blocks: [MarkdownBlock]
        var nextIndex: Int?

        init(blocks: [MarkdownBlock], first: Int?) {
            self.blocks = blocks
            self.nextIndex = first
        }

        public mutating func next() -> MarkdownBlock? {
            guard let index = nextIndex else { return nil }
            let block = blocks[index]
            nextIndex = block.nextSibling
            return block
        }

        /// The number of children (a walk along the links).
        public var underestimatedCount: Int {
            var count = 0
            var index = nextIndex
            while let current = index {
                count += 1
                index = blocks[current].nextSibling
            }
            return count
        }

        /// The first child, if any.
        public var first: MarkdownBlock? { nextIndex.map { blocks[$0] } }
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The bytes of a line, without its line ending; empty for a line out of range.
    public func line(_ number: Int) -> ArraySlice<UInt8> {
        source[lineBounds(number)]
    }

    /// The bytes of a line from a column (from 1, in bytes) to its end.
    public func line(_ number: Int, from column: Int) -> ArraySlice<UInt8> {
        source[lineBounds(number, from: column)]
    }

    /// The offsets of a line's bytes in `source`, without its line ending; `0..<0` for a
    /// line out of range. Offsets rather than a slice: the hot paths below take a slice
    /// of `source` once, at the end.
    private func lineBounds(_ number: Int) -> Range<Int> {
        guard number >= 1 && number <= lineStarts.count else { return 0..<0 }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] : source.count
        while end > start && (source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r")) {
            end -= 1
        }
        return start..<end
    }

    private func lineBounds(_ number: Int, from column: Int) -> Range<Int> {
        let bounds = lineBounds(number)
        return min(bounds.lowerBound + max(column - 1, 0), bounds.upperBound)..<bounds.upperBound
    }

    /// The raw source of a block, one trimmed line after another joined by a space:
    /// the readable text of a paragraph as written, Markdown punctuation included.
    public func text(of block: MarkdownBlock) -> String {
        text(of: block.range)
    }

    /// The raw source of a range, one trimmed line after another joined by a space.
    public func text(of range: MarkdownRange) -> String {
        String(decoding: textBytes(of: range), as: UTF8.self)
    }

    /// The bytes of ``text(of:)-(MarkdownRange)``: a slice of `source` for a range on one
    /// line (the common case, no allocation), the lines joined into new bytes otherwise.
    func textBytes(of range: MarkdownRange) -> ArraySlice<UInt8> {
        let first = max(range.startLine, 1)
        let last = min(range.endLine, lineStarts.count)
        guard first <= last else { return [] }
        if first == last {
            return source[lineBounds(first, of: range)].trimmingSpaces()
        }
        var result: [UInt8] = []
        for number in first...last {
            let trimmed = source[lineBounds(number, of: range)].trimmingSpaces()
            if trimmed.isEmpty { continue }
            if !result.isEmpty { result.append(UInt8(ascii: " ")) }
            result.append(contentsOf: trimmed)
        }
        return result[...]
    }

    /// The offsets of one line of a range: from the start column on its first line, up to
    /// the end column on its last line.
    private func lineBounds(_ number: Int, of range: MarkdownRange) -> Range<Int> {
        var bounds = number == range.startLine ? lineBounds(number, from: range.startColumn) : lineBounds(number)
        if number == range.endLine && range.endColumn >= 1 {
            let lineStart = lineBounds(number).lowerBound
            let end = min(max(lineStart + range.endColumn, bounds.lowerBound), bounds.upperBound)
            bounds = bounds.lowerBound..<end
        }
        return bounds
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
