/// How `logview` writes logs: `-o table|jsonl|json|csv`.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// Aligned columns for people: time, tag and the payload's fields, coloured per category.
    case table
    /// One JSON object per line: the envelope with `seq`, `time`, `tag`, `uuid` first.
    case jsonl
    /// One JSON array of the same objects.
    case json
    /// Comma-separated values with a header: the envelope, then one column per payload field.
    case csv

    /// The default: a table on a terminal, JSON lines into a pipe or a file.
    public static func standard(isTerminal: Bool) -> OutputFormat {
        isTerminal ? .table : .jsonl
    }

    /// Reads `-o`'s value.
    /// - Throws: ``OutputFormatError`` listing the formats.
    public init(parsing text: String) throws(OutputFormatError) {
        guard let format = OutputFormat(rawValue: text.lowercased()) else { throw OutputFormatError(text: text) }
        self = format
    }
}

/// An unknown `-o` value.
public struct OutputFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var description: String {
        "unknown output format '\(text)'; use -o " + OutputFormat.allCases.map(\.rawValue).joined(separator: ", -o ")
    }
}
