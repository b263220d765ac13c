/// A tiny indenting text writer: lines in, text out, four spaces per level.
struct CodeWriter {
    private(set) var text = ""
    private var level = 0

    /// Writes one line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text += String(repeating: "    ", count: level)
            text += content
        }
        text += "\n"
    }

    /// Writes `opening`, the body one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        level += 1
        body(&self)
        level -= 1
        line(closing)
    }

    /// Runs `body` one level deeper, without brackets (for `case` bodies).
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }
}
