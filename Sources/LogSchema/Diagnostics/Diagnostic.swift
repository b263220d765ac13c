/// A problem found in the definitions, printed the way compilers print theirs:
/// `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    public var severity: Severity
    public var message: String
    /// Where the problem is; `nil` for problems of the whole input (an empty folder).
    public var location: SourceLocation?
    /// Further notes printed right after this diagnostic (such as "first defined here").
    public var notes: [Diagnostic]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes, one line each, as printed on stderr.
    public var description: String {
        var lines: [String] = []
        lines.append(Self.line(severity, message, location))
        for note in notes { lines.append(note.description) }
        return lines.joined(separator: "\n")
    }

    private static func line(_ severity: Severity, _ message: String, _ location: SourceLocation?) -> String {
        if let location { return "\(location): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}
