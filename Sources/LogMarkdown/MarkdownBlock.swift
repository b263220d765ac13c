/// A block of a Markdown document (a heading, a paragraph, a list, an item …) with the
/// range of source it covers, as libcmark reports it.
///
/// The blocks of a document sit in one flat array (``MarkdownDocument/blocks``), each
/// linking to its first child and next sibling: one allocation per document rather than
/// one per block. Walk them with ``MarkdownDocument/children(of:)``.
///
/// Inline content is not kept: the parser reads names, types and descriptions from the
/// raw source of the block (``MarkdownDocument/text(of:)``), so that `_`, `*` and
/// backticks survive exactly as written.
public struct MarkdownBlock: Hashable, Sendable {
    /// What kind of block this is.
    public enum Kind: Hashable, Sendable {
        case document
        case heading(level: Int)
        case paragraph
        case list
        case item
        case blockQuote
        case codeBlock
        case htmlBlock
        case thematicBreak
        case other
    }

    /// The source the block covers.
    public var range: MarkdownRange
    public var kind: Kind
    // The links as 32-bit indices, -1 for none, after `kind`'s spare bytes: a block is
    // 56 bytes rather than 80 (a document of 2,000 blocks is written once and read
    // twice, and stays under malloc's threshold for a fresh mapping).
    private var firstChildIndex: Int32
    private var nextSiblingIndex: Int32

    /// The index of the first child in the document's blocks.
    public var firstChild: Int? {
        get { firstChildIndex < 0 ? nil : Int(firstChildIndex) }
        set { firstChildIndex = newValue.map { Int32($0) } ?? -1 }
    }

    /// The index of the next sibling in the document's blocks.
    public var nextSibling: Int? {
        get { nextSiblingIndex < 0 ? nil : Int(nextSiblingIndex) }
        set { nextSiblingIndex = newValue.map { Int32($0) } ?? -1 }
    }

    public init(kind: Kind, range: MarkdownRange, firstChild: Int? = nil, nextSibling: Int? = nil) {
        self.kind = kind
        self.range = range
        self.firstChildIndex = firstChild.map { Int32($0) } ?? -1
        self.nextSiblingIndex = nextSibling.map { Int32($0) } ?? -1
    }
}

/// A range of source: from a start line and column to an end line and column, both
/// inclusive, from 1, columns in UTF-8 bytes (libcmark's source positions).
public struct MarkdownRange: Hashable, Sendable, CustomStringConvertible {
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int

    public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// `@1:1-3:5`, the form of the parse-stage snapshots.
    public var description: String { "@\(startLine):\(startColumn)-\(endLine):\(endColumn)" }
}
