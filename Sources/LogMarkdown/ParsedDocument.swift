import LogSchema

/// What a definition document is, by its file name.
public enum DocumentRole: Hashable, Sendable {
    /// `common.md`: its top-level list is the common payload.
    case common
    /// `types.md`: its `##` sections declare enum types.
    case types
    /// Any other document: one category of events.
    case category

    /// The role of the document with this base name (the file name without `.md`).
    public init(baseName: String) {
        switch baseName {
        case "common": self = .common
        case "types": self = .types
        default: self = .category
        }
    }
}

/// What one document contributes to the schema, and the problems found reading it.
public struct ParsedDocument: Hashable, Sendable {
    public var role: DocumentRole
    /// The category, for a category document.
    public var category: Category?
    /// The common payload, for `common.md`.
    public var common: [Field]
    /// The paragraphs of `common.md`.
    public var commonDescriptions: [String] = []
    /// The enum types, for `types.md`.
    public var types: [EnumType]
    /// The problems found within the document, in document order.
    public var diagnostics: [Diagnostic]

    public init(role: DocumentRole, category: Category? = nil, common: [Field] = [], types: [EnumType] = [], diagnostics: [Diagnostic] = []) {
        self.role = role
        self.category = category
        self.common = common
        self.types = types
        self.diagnostics = diagnostics
    }
}
