/// A declaration of the small Swift subset that generated code uses.
///
/// Names in the model are plain identifiers; the renderer adds backticks where Swift needs
/// them. User text (descriptions, payload keys, patterns) only enters the model as
/// documentation lines or string literals, which the renderer escapes — so no definition
/// can break the generated code.
public indirect enum SwiftDeclaration: Hashable, Sendable {
    case enumeration(SwiftEnum)
    case structure(SwiftStruct)
    case property(SwiftProperty)
    case typeAlias(SwiftTypeAlias)
    case initializer(SwiftInitializer)
    case method(SwiftMethod)
}

/// How visible generated declarations are (`loggen generate --access`).
public enum SwiftAccessLevel: String, Hashable, Sendable, CaseIterable {
    case `public`, `internal`
}

/// An `enum` with its cases and members.
public struct SwiftEnum: Hashable, Sendable {
    public var documentation: [String]
    public var name: String
    /// The raw type and protocols, in order (`String`, `LogValueConvertible`).
    public var inheritance: [String]
    public var cases: [SwiftEnumCase]
    public var members: [SwiftDeclaration]

    public init(documentation: [String], name: String, inheritance: [String], cases: [SwiftEnumCase], members: [SwiftDeclaration] = []) {
        self.documentation = documentation
        self.name = name
        self.inheritance = inheritance
        self.cases = cases
        self.members = members
    }
}

/// One `case` of an enum.
public struct SwiftEnumCase: Hashable, Sendable {
    public var documentation: [String]
    /// The message of `@available(*, deprecated, message:)`, when the case is deprecated
    /// (an empty message prints `@available(*, deprecated)`).
    public var deprecationMessage: String?
    public var name: String
    /// Labelled associated values, in order.
    public var associatedValues: [SwiftParameter]
    /// The raw value, when it differs from the name.
    public var rawValue: String?

    public init(documentation: [String], deprecationMessage: String? = nil, name: String, associatedValues: [SwiftParameter] = [], rawValue: String? = nil) {
        self.documentation = documentation
        self.deprecationMessage = deprecationMessage
        self.name = name
        self.associatedValues = associatedValues
        self.rawValue = rawValue
    }
}

/// A labelled parameter or associated value: `label: Type`, optionally `= default`.
public struct SwiftParameter: Hashable, Sendable {
    public var label: String
    public var type: String
    public var defaultValue: SwiftExpression?

    public init(label: String, type: String, defaultValue: SwiftExpression? = nil) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A `struct` with its members.
public struct SwiftStruct: Hashable, Sendable {
    public var documentation: [String]
    public var name: String
    public var inheritance: [String]
    public var members: [SwiftDeclaration]

    public init(documentation: [String], name: String, inheritance: [String], members: [SwiftDeclaration]) {
        self.documentation = documentation
        self.name = name
        self.inheritance = inheritance
        self.members = members
    }
}

/// A stored or computed property.
public struct SwiftProperty: Hashable, Sendable {
    /// How the property gets its value.
    public enum Value: Hashable, Sendable {
        /// A stored property without an initial value (`var name: Type`).
        case stored
        /// A stored property without an initial value whose `didSet` evaluates this
        /// expression, such as a call (`var name: Type { didSet { _build() } }`).
        case observed(SwiftExpression)
        /// A stored property that only the type sets, with its first value
        /// (`public private(set) var name: Type = …`).
        case privatelySet(SwiftExpression)
        /// A constant with an initial value (`let name: Type = …`).
        case constant(SwiftExpression)
        /// A computed property (`var name: Type { … }`).
        case computed([SwiftStatement])
    }

    public var documentation: [String]
    /// Whether it is visible outside the file at the file's access level (`false`: `private`).
    public var isExposed: Bool
    public var isStatic: Bool
    public var name: String
    public var type: String
    public var value: Value

    public init(documentation: [String], isExposed: Bool = true, isStatic: Bool = false, name: String, type: String, value: Value) {
        self.documentation = documentation
        self.isExposed = isExposed
        self.isStatic = isStatic
        self.name = name
        self.type = type
        self.value = value
    }
}

/// A method without parameters or result: `mutating func name() { … }`.
public struct SwiftMethod: Hashable, Sendable {
    public var documentation: [String]
    /// Whether it is visible outside the file at the file's access level (`false`: `private`).
    public var isExposed: Bool
    public var isMutating: Bool
    public var name: String
    public var body: [SwiftStatement]

    public init(documentation: [String], isExposed: Bool = true, isMutating: Bool = false, name: String, body: [SwiftStatement]) {
        self.documentation = documentation
        self.isExposed = isExposed
        self.isMutating = isMutating
        self.name = name
        self.body = body
    }
}

/// `typealias Name = Type`.
public struct SwiftTypeAlias: Hashable, Sendable {
    public var name: String
    public var type: String

    public init(name: String, type: String) {
        self.name = name
        self.type = type
    }
}

/// An `init` with labelled parameters.
public struct SwiftInitializer: Hashable, Sendable {
    public var documentation: [String]
    public var parameters: [SwiftParameter]
    public var body: [SwiftStatement]

    public init(documentation: [String], parameters: [SwiftParameter], body: [SwiftStatement]) {
        self.documentation = documentation
        self.parameters = parameters
        self.body = body
    }
}
