/// A position in a definition document.
///
/// Lines and columns count from 1; columns count UTF-8 bytes, as libcmark reports them
/// and as compilers and editors expect in `path:line:column` diagnostics.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The document's path, exactly as it was given on the command line.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column in UTF-8 bytes, from 1.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the form that editors make clickable.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
