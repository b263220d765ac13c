/// What a `--where` expression looks at: a framed envelope field, or a path into the stored
/// body.
///
/// A bare name is a payload field (`keyword` means `payload.keyword`); the envelope's own
/// names (`seq`, `time`, `tag`, `uuid`, `schema`, `common`, `violations`, `payload`) are
/// reserved, so they never clash with a payload field. Dots go into objects: `common.user_id`.
public enum FieldPath: Hashable, Sendable, CustomStringConvertible {
    case sequence
    case time
    case tag
    case uuid
    /// A path into the stored body: the envelope key, then member names.
    case body(EnvelopeKey, [String])

    /// Reads a path as written.
    /// - Throws: ``WhereExpressionError`` for an empty name or an empty segment.
    public init(_ text: String) throws(WhereExpressionError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else {
            throw WhereExpressionError(
                expression: text, message: "the field name '\(text)' has an empty part; write names separated by single dots, as in common.user_id")
        }
        switch parts[0] {
        case "seq" where parts.count == 1: self = .sequence
        case "time" where parts.count == 1: self = .time
        case "tag" where parts.count == 1: self = .tag
        case "uuid" where parts.count == 1: self = .uuid
        case "seq", "time", "tag", "uuid":
            throw WhereExpressionError(expression: text, message: "'\(parts[0])' is a single value; write '\(parts[0])' without '.\(parts[1])'")
        default:
            if let key = EnvelopeKey(rawValue: parts[0]) {
                self = .body(key, Array(parts.dropFirst()))
            } else {
                self = .body(.payload, parts)
            }
        }
    }

    public var description: String {
        switch self {
        case .sequence: "seq"
        case .time: "time"
        case .tag: "tag"
        case .uuid: "uuid"
        case .body(.payload, let names) where !names.isEmpty: names.joined(separator: ".")
        case .body(let key, let names): ([key.rawValue] + names).joined(separator: ".")
        }
    }
}
