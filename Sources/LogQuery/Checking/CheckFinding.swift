import LogCore
import LogSchema

/// One way a stored log breaks its definition, found by ``DefinitionChecker``.
///
/// Printed the way compilers print diagnostics, so that editors jump to the definition:
///
/// ```text
/// LogDefinitions/recipe_search.md:17:3: error: seq 42 at 2026-11-30T10:29:54.123Z recipe_search.search: page is 0, outside 1..1000
/// ```
public struct CheckFinding: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; the summary counts findings per kind.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// The tag names no defined event.
        case unknownTag = "unknown tag"
        /// The event is marked `[obsolete]` but is still sent.
        case obsoleteEvent = "obsolete event"
        /// A required field is missing or null.
        case missingField = "missing field"
        /// The payload has a field the definition does not list.
        case unknownField = "unknown field"
        /// A field marked `[obsolete]` is still sent.
        case obsoleteField = "obsolete field"
        /// A value of the wrong type (text for a number, a fraction for an integer…).
        case wrongType = "wrong type"
        /// Text longer than its `!string N` limit.
        case maxLength = "length"
        /// A number outside its range.
        case range = "range"
        /// Text that does not match its pattern.
        case pattern = "pattern"
        /// A value that is not a case of its enum type.
        case enumCase = "enum case"
        /// An array with more elements than allowed.
        case maxCount = "array length"
        /// A constraint violation the runtime recorded in the envelope when the log was posted.
        case recordedViolation = "recorded violation"
        /// The stored body is not the runtime's envelope (not JSON, or no payload object).
        case malformedLog = "malformed log"

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var kind: Kind
    /// The log's sequence number.
    public var sequence: UInt64
    /// The log's time, microseconds since 1970 UTC.
    public var microseconds: Int64
    /// The log's tag.
    public var tag: String
    /// What is wrong, for people.
    public var message: String
    /// The definition that is broken (the field, else the event or category), when there is one.
    public var location: SourceLocation?
    /// The name of the `ConstraintRule` broken (`page:range`, `tag`), as the warehouse's
    /// rejected table names it; `nil` for a finding of no rule (an unknown field, a recorded
    /// violation, a malformed body).
    public var rule: String?

    public init(kind: Kind, sequence: UInt64, microseconds: Int64, tag: String, message: String, location: SourceLocation?) {
        self.kind = kind
        self.sequence = sequence
        self.microseconds = microseconds
        self.tag = tag
        self.message = message
        self.location = location
    }

    /// A finding of a `ConstraintRule`, named by ``rule``.
    public init(
        kind: Kind, sequence: UInt64, microseconds: Int64, tag: String, message: String, location: SourceLocation?, rule: String?
    ) {
        self.init(kind: kind, sequence: sequence, microseconds: microseconds, tag: tag, message: message, location: location)
        self.rule = rule
    }

    /// `file:line:column: error: seq N at TIME TAG: message`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)error: seq \(sequence) at \(ISO8601.string(microseconds: microseconds)) \(tag): \(message)"
    }
}
