/// Every log definition of an app: its categories of events, the common payload sent
/// with every event, and the enum types the fields may use.
///
/// A `Schema` is a plain value: it is built by `LogMarkdown` from Markdown documents and
/// read by the code generator, the DDL generator and `logview`'s checker.
public struct Schema: Hashable, Sendable {
    /// The categories, one per definition document, sorted by name.
    public var categories: [Category]
    /// The common payload: fields sent with every event (from `common.md`).
    public var common: [Field]
    /// The paragraphs of `common.md`, which describe the common payload.
    public var commonDescriptions: [String]
    /// The enum types declared in `types.md`, in the order written.
    public var types: [EnumType]

    public init(categories: [Category] = [], common: [Field] = [], commonDescriptions: [String] = [], types: [EnumType] = []) {
        self.categories = categories
        self.common = common
        self.commonDescriptions = commonDescriptions
        self.types = types
    }

    /// The declared enum type with this name, if any.
    public func enumType(named name: String) -> EnumType? {
        types.first { $0.name == name }
    }
}

/// Whether an event or field is still in use.
public enum Status: String, Hashable, Sendable, CaseIterable {
    /// Generated and sent.
    case active
    /// Generated, but marked deprecated in the generated code.
    case deprecated
    /// Kept in the documents only; not generated.
    case obsolete
}

/// A group of events, defined by one Markdown document (`# category`).
public struct Category: Hashable, Sendable {
    /// The category's name: the document's base name, such as `recipe_search`.
    public var name: String
    /// The paragraphs before the first event.
    public var descriptions: [String]
    /// The document's path, as given.
    public var file: String
    /// Where the category is introduced (its `#` heading, or the document's start).
    public var location: SourceLocation
    /// The category's common fields: the bullet list before the first event (daifuku's
    /// category-level common columns), sent with every event of the category.
    public var common: [Field]
    /// The events, in the order written.
    public var events: [Event]

    public init(
        name: String, descriptions: [String] = [], file: String, location: SourceLocation, common: [Field] = [], events: [Event] = []
    ) {
        self.name = name
        self.descriptions = descriptions
        self.file = file
        self.location = location
        self.common = common
        self.events = events
    }

    /// The fields every log of an event carries in its payload: the category's common
    /// fields, then the event's own, in the order written (obsolete ones included).
    public func fields(of event: Event) -> [Field] {
        common.isEmpty ? event.fields : common + event.fields
    }
}

/// One kind of log (`## event`).
public struct Event: Hashable, Sendable {
    /// The event's name as written, such as `search`.
    public var name: String
    public var status: Status
    /// The event's paragraphs.
    public var descriptions: [String]
    /// Where the event's heading is.
    public var location: SourceLocation
    /// The event's fields, in the order written (obsolete ones included).
    public var fields: [Field]

    public init(name: String, status: Status = .active, descriptions: [String] = [], location: SourceLocation, fields: [Field] = []) {
        self.name = name
        self.status = status
        self.descriptions = descriptions
        self.location = location
        self.fields = fields
    }

    /// The routing tag of this event in a category: `category.event`.
    public func tag(in category: Category) -> String { "\(category.name).\(name)" }
}

/// One value of a log's payload (`- name: !type`).
public struct Field: Hashable, Sendable {
    /// The field's name as written (the payload key), such as `recipe_id`.
    public var name: String
    public var type: FieldType
    /// Whether the value may be missing (`!bigint?`).
    public var isOptional: Bool
    public var status: Status
    /// Whether the field holds personal data (`[pii]`).
    public var isPersonalData: Bool
    /// The nested bullets under the field, one description each.
    public var descriptions: [String]
    /// Where the field's name starts.
    public var location: SourceLocation

    public init(
        name: String, type: FieldType, isOptional: Bool = false, status: Status = .active,
        isPersonalData: Bool = false, descriptions: [String] = [], location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.status = status
        self.isPersonalData = isPersonalData
        self.descriptions = descriptions
        self.location = location
    }
}

/// An enum type declared in `types.md` (`## SearchOrder` with one bullet per case).
public struct EnumType: Hashable, Sendable {
    public var name: String
    public var descriptions: [String]
    public var location: SourceLocation
    public var cases: [EnumCase]

    public init(name: String, descriptions: [String] = [], location: SourceLocation, cases: [EnumCase] = []) {
        self.name = name
        self.descriptions = descriptions
        self.location = location
        self.cases = cases
    }
}

/// One case of an enum type; its name is the raw value that is logged.
public struct EnumCase: Hashable, Sendable {
    public var name: String
    public var descriptions: [String]
    public var location: SourceLocation

    public init(name: String, descriptions: [String] = [], location: SourceLocation) {
        self.name = name
        self.descriptions = descriptions
        self.location = location
    }
}
