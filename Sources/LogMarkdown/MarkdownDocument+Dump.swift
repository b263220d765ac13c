extension MarkdownDocument {
    /// The block tree as an indented dump, one block a line with its source range and,
    /// for headings and paragraphs, its raw text: the parse-stage snapshot format.
    ///
    /// ```
    /// document @1:1-4:20
    ///   heading(1) @1:1-1:15 "# recipe_search"
    ///   list @3:1-4:20
    ///     item @3:1-4:20
    ///       paragraph @3:3-3:20 "keyword: !string 256"
    /// ```
    public func dump() -> String {
        var lines: [String] = []
        dump(root, depth: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func dump(_ block: MarkdownBlock, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        var line = "\(indent)\(name(of: block.kind)) \(block.range)"
        switch block.kind {
        case .heading, .paragraph: line += " \"\(text(of: block))\""
        default: break
        }
        lines.append(line)
        for child in children(of: block) { dump(child, depth: depth + 1, into: &lines) }
    }

    private func name(of kind: MarkdownBlock.Kind) -> String {
        switch kind {
        case .document: "document"
        case .heading(let level): "heading(\(level))"
        case .paragraph: "paragraph"
        case .list: "list"
        case .item: "item"
        case .blockQuote: "blockQuote"
        case .codeBlock: "codeBlock"
        case .htmlBlock: "htmlBlock"
        case .thematicBreak: "thematicBreak"
        case .other: "other"
        }
    }
}
