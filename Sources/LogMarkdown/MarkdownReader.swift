import CCmark
import LogSchema

/// Reads Markdown with libcmark into a ``MarkdownDocument``: the only code in the
/// product that calls `cmark_*`.
///
/// The document must be UTF-8; anything else is rejected with the location of the
/// first invalid byte rather than read as garbage.
public struct MarkdownReader: Sendable {
    public init() {}

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - source: the document's bytes.
    ///   - path: the document's path, as given, for locations.
    /// - Returns: the document's block tree with source ranges.
    /// - Throws: ``InvalidEncodingError`` when the bytes are not UTF-8.
    ///
    /// A UTF-8 byte-order mark at the start (as some Windows editors write) is not part of
    /// the document: it is skipped, and columns on line 1 count from the character after it,
    /// as editors show them.
    public func read(_ source: [UInt8], path: String) throws(InvalidEncodingError) -> MarkdownDocument {
        if source.starts(with: Self.byteOrderMark) {
            return try read(Array(source.dropFirst(Self.byteOrderMark.count)), path: path)
        }
        if let offset = UTF8Validation.firstInvalidOffset(in: source) {
            throw InvalidEncodingError(location: Self.location(ofOffset: offset, in: source, path: path), byte: source[offset])
        }
        let lineStarts = MarkdownDocument.lineStarts(of: source)
        let blocks: [MarkdownBlock] = source.withUnsafeBufferPointer { buffer in
            // The tree lives in a per-thread arena (Sources/CCmark/cmark_arena.h), freed in one go.
            let document = buffer.withMemoryRebound(to: CChar.self) { characters in
                behaviorlog_parse_in_arena(characters.baseAddress, characters.count, CMARK_OPT_SOURCEPOS)
            }
            defer { behaviorlog_arena_release() }
            var blocks: [MarkdownBlock] = []
            // Nearly every line of a definition is a bullet (an item and its paragraph) or
            // blank: two blocks a line rarely needs a second allocation. At most one block per
            // 8 bytes is reserved, so that a stray file of blank lines does not ask for
            // 112 bytes a line up front (the array still grows if a file needs more).
            blocks.reserveCapacity(min(2 * lineStarts.count, source.count / 8 + 16))
            _ = Self.append(document!, to: &blocks)
            return blocks
        }
        return MarkdownDocument(path: path, source: source, blocks: blocks, lineStarts: lineStarts)
    }

    /// The UTF-8 encoding of U+FEFF, the byte-order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Appends a cmark block node and its block descendants, linked; inline nodes are skipped.
    ///
    /// - Returns: the node's index.
    private static func append(_ node: behaviorlog_cmark_node, to blocks: inout [MarkdownBlock]) -> Int {
        let index = blocks.count
        let kind = Self.kind(of: node)
        let range = MarkdownRange(
            startLine: Int(cmark_node_get_start_line(node)), startColumn: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)), endColumn: Int(cmark_node_get_end_column(node)))
        blocks.append(MarkdownBlock(kind: kind, range: range))
        switch kind {
        case .paragraph, .heading: return index  // leaves: their text is read from the source
        default: break
        }
        var previous: Int? = nil
        var child = cmark_node_first_child(node)
        while let current = child {
            if behaviorlog_node_is_block(current) {
                let childIndex = append(current, to: &blocks)
                if let previous { blocks[previous].nextSibling = childIndex } else { blocks[index].firstChild = childIndex }
                previous = childIndex
            }
            child = cmark_node_next(current)
        }
        return index
    }

    private static func kind(of node: behaviorlog_cmark_node) -> MarkdownBlock.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_HEADING: .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        default: .other
        }
    }

    private static func location(ofOffset offset: Int, in source: [UInt8], path: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if source[index] == UInt8(ascii: "\n")
                || (source[index] == UInt8(ascii: "\r") && (index + 1 >= source.count || source[index + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return SourceLocation(file: path, line: line, column: offset - lineStart + 1)
    }
}

/// A document that is not UTF-8.
public struct InvalidEncodingError: Error, Hashable, Sendable {
    /// Where the first byte that is not UTF-8 is.
    public var location: SourceLocation
    /// That byte.
    public var byte: UInt8

    /// The one-line diagnostic that explains it.
    public var diagnostic: Diagnostic {
        let hex = String(byte, radix: 16, uppercase: true)
        return .error(
            "the document is not UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)); save it as UTF-8",
            at: location)
    }
}
