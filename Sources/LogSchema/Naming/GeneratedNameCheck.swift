/// Finds definition names whose Swift form cannot be generated: names Swift or the
/// generated code already uses, names without a letter or digit, and two names that
/// become one identifier.
///
/// The one home of these rules: `SchemaValidator` runs the reserved-name part (so that
/// `loggen lint` reports what `loggen generate` would refuse, at the same place, with the
/// same words), and the code generator runs the whole check before printing anything, so
/// that it never prints code that does not compile, whatever schema it is handed.
public struct GeneratedNameCheck: Sendable {
    /// Which rules to apply.
    public enum Rules: Sendable {
        /// Names the generated code already uses (`self`, `payload`, `String`…): what no
        /// other rule of the definitions catches.
        case reservedNames
        /// Reserved names, names with no letter or digit, and names that become one Swift
        /// identifier (the validator reports the last two in its own words).
        case all
    }

    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    /// The struct of the common payload.
    public static let commonPayloadTypeName = "CommonPayload"
    /// The enum that holds the schema hash.
    public static let schemaTypeName = "GeneratedSchema"

    /// Type names the generated code refers to, so a generated type must not shadow them.
    public static let reservedTypeNames: Set<String> = [
        "Any", "Array", "Bool", "CaseIterable", "Date", "Double", "Float", "Foundation",
        "Int", "Int16", "Int32", "Int64", "Optional", "Protocol", "Self", "Sendable", "String",
        "Swift", "Type", "BehaviorLog", "LogCommonPayload", "LogDate", "LogEvent", "LogPattern",
        "LogPayload", "LogPayloadLayout", "LogValue", "LogValueConvertible", "LoggenGenerated",
        "GeneratedLogEvent", "LogEventFields", "LogEventContents",
        "LoggenVersion1", "LoggenVersion2", "LoggenVersion3", "LoggenVersion4",
        commonPayloadTypeName, schemaTypeName,
    ]

    /// Member names of a category's enum besides its cases.
    public static let reservedEventNames: Set<String> = ["categoryName", "eventName", "tag", "payload", "personalDataFields", "contents", "schemaHash", "self", "Type", "Protocol"]
    /// Names a field's value cannot take (labels, bindings, common payload properties).
    public static let reservedFieldNames: Set<String> = ["payload", "schemaHash", "self", "Type", "Protocol"]
    /// Member names of an enum type besides its cases.
    public static let reservedCaseNames: Set<String> = ["rawValue", "allCases", "logValue", "init", "self", "Type", "Protocol"]

    /// Checks every name of a schema that becomes Swift (obsolete events and fields are not
    /// generated, so they are not checked).
    public mutating func check(_ schema: Schema, rules: Rules = .all) {
        checkTypeNames(schema, rules: rules)
        for category in schema.categories {
            let events = category.events.filter { $0.status != .obsolete }
            checkMemberNames(events.map { ($0.name, $0.location) }, kind: "event", reserved: Self.reservedEventNames, rules: rules)
            // The category's common fields open every case's list of labels: checked once,
            // then taken in each event's list.
            let categoryFields = Self.activeFields(category.common).map { ($0.name, $0.location) }
            checkMemberNames(categoryFields, kind: "field", reserved: Self.reservedFieldNames, rules: rules)
            for event in events {
                checkMemberNames(
                    Self.activeFields(event.fields).map { ($0.name, $0.location) }, kind: "field",
                    reserved: Self.reservedFieldNames, rules: rules, taken: categoryFields)
            }
        }
        checkMemberNames(
            Self.activeFields(schema.common).map { ($0.name, $0.location) }, kind: "common field",
            reserved: Self.reservedFieldNames, rules: rules)
        for type in schema.types {
            checkMemberNames(type.cases.map { ($0.name, $0.location) }, kind: "case", reserved: Self.reservedCaseNames, rules: rules)
        }
    }

    /// Checks the Swift type names of the categories and enum types.
    private mutating func checkTypeNames(_ schema: Schema, rules: Rules) {
        var seen: [String: (what: String, location: SourceLocation)] = [:]
        let named = schema.categories.map { ("category '\($0.name)'", SwiftName.upperCamelCase($0.name), $0.location) }
            + schema.types.map { ("type '\($0.name)'", SwiftName.upperCamelCase($0.name), $0.location) }
        for (what, swiftName, location) in named {
            if Self.reservedTypeNames.contains(swiftName) {
                diagnostics.append(.error("\(what) becomes the Swift type '\(swiftName)', which generated code already uses; rename it", at: location))
            } else if case .reservedNames = rules {
                continue
            } else if swiftName.isEmpty {
                diagnostics.append(.error("\(what) has no letter or digit to make a Swift type name of; rename it", at: location))
            } else if let previous = seen[swiftName] {
                diagnostics.append(.error(
                    "\(what) becomes the Swift type '\(swiftName)', like \(previous.what); rename one of them",
                    at: location, notes: [.note("\(previous.what) is here", at: previous.location)]))
            } else {
                seen[swiftName] = (what, location)
            }
        }
    }

    /// Checks a list of names that become members of one Swift type.
    private mutating func checkMemberNames(
        _ names: [(name: String, location: SourceLocation)], kind: String, reserved: Set<String>, rules: Rules,
        taken: [(name: String, location: SourceLocation)] = []
    ) {
        var seen: [String: (name: String, location: SourceLocation)] = [:]
        for (name, location) in taken { seen[SwiftName.lowerCamelCase(name)] = (name, location) }
        for (name, location) in names {
            let swiftName = SwiftName.lowerCamelCase(name)
            if case .reservedNames = rules, kind.hasSuffix("field"), Schema.reservedNames.contains(name) {
                continue  // the validator reports it as a name the log envelope reserves
            }
            if reserved.contains(swiftName) {
                diagnostics.append(.error("\(kind) '\(name)' becomes '\(swiftName)' in Swift, a name the generated code already uses; rename it", at: location))
            } else if case .reservedNames = rules {
                continue
            } else if swiftName.isEmpty {
                diagnostics.append(.error("\(kind) '\(name)' has no letter or digit to make a Swift name of; rename it", at: location))
            } else if let previous = seen[swiftName] {
                diagnostics.append(.error(
                    "\(kind) '\(name)' becomes '\(swiftName)' in Swift, like '\(previous.name)'; rename one of them",
                    at: location, notes: [.note("'\(previous.name)' is here", at: previous.location)]))
            } else {
                seen[swiftName] = (name, location)
            }
        }
    }

    private static func activeFields(_ fields: [Field]) -> [Field] {
        fields.filter { $0.status != .obsolete }
    }
}
