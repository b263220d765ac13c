import LogSchema

/// Finds definition names whose Swift form cannot be generated: names Swift or the
/// generated code already uses, names without a letter or digit, and two names that
/// become one identifier. The validator catches most of these; this check makes sure the
/// generator never prints code that does not compile.
struct GeneratedNameCheck {
    private(set) var diagnostics: [Diagnostic] = []

    /// Type names the generated code refers to, so a generated type must not shadow them.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "Bool", "CaseIterable", "Date", "Double", "Float", "Foundation",
        "Int", "Int16", "Int32", "Int64", "Optional", "Protocol", "Self", "Sendable", "String",
        "Swift", "Type", "BehaviorLog", "LogCommonPayload", "LogDate", "LogEvent", "LogPattern",
        "LogPayload", "LogPayloadLayout", "LogValue", "LogValueConvertible", "LoggenGenerated",
        "GeneratedLogEvent", "LogEventFields", "LogEventContents",
        "LoggenVersion1", "LoggenVersion2", "LoggenVersion3", "LoggenVersion4",
        SwiftTranslator.commonPayloadTypeName, SwiftTranslator.schemaTypeName,
    ]

    /// Member names of a category's enum besides its cases.
    static let reservedEventNames: Set<String> = ["categoryName", "eventName", "tag", "payload", "personalDataFields", "contents", "schemaHash", "self", "Type", "Protocol"]
    /// Names a field's value cannot take (labels, bindings, common payload properties).
    static let reservedFieldNames: Set<String> = ["payload", "schemaHash", "self", "Type", "Protocol"]
    /// Member names of an enum type besides its cases.
    static let reservedCaseNames: Set<String> = ["rawValue", "allCases", "logValue", "init", "self", "Type", "Protocol"]

    /// Adds the problems another check found.
    mutating func append(_ other: GeneratedNameCheck) {
        diagnostics += other.diagnostics
    }

    /// Checks the Swift type names of the categories and enum types.
    mutating func checkTypeNames(_ schema: Schema) {
        var seen: [String: (what: String, location: SourceLocation)] = [:]
        let named = schema.categories.map { ("category '\($0.name)'", SwiftName.upperCamelCase($0.name), $0.location) }
            + schema.types.map { ("type '\($0.name)'", SwiftName.upperCamelCase($0.name), $0.location) }
        for (what, swiftName, location) in named {
            if swiftName.isEmpty {
                diagnostics.append(.error("\(what) has no letter or digit to make a Swift type name of; rename it", at: location))
            } else if Self.reservedTypeNames.contains(swiftName) {
                diagnostics.append(.error("\(what) becomes the Swift type '\(swiftName)', which generated code already uses; rename it", at: location))
            } else if let previous = seen[swiftName] {
                diagnostics.append(.error(
                    "\(what) becomes the Swift type '\(swiftName)', like \(previous.what); rename one of them",
                    at: location, notes: [.note("\(previous.what) is here", at: previous.location)]))
            } else {
                seen[swiftName] = (what, location)
            }
        }
    }

    /// Checks a list of names that become members of one Swift type; returns the Swift names.
    mutating func checkMemberNames(
        _ names: [(name: String, location: SourceLocation)], kind: String, reserved: Set<String>
    ) {
        var seen: [String: (name: String, location: SourceLocation)] = [:]
        seen.reserveCapacity(names.count)
        for (name, location) in names {
            let swiftName = SwiftName.lowerCamelCase(name)
            if swiftName.isEmpty {
                diagnostics.append(.error("\(kind) '\(name)' has no letter or digit to make a Swift name of; rename it", at: location))
            } else if reserved.contains(swiftName) {
                diagnostics.append(.error("\(kind) '\(name)' becomes '\(swiftName)' in Swift, a name the generated code already uses; rename it", at: location))
            } else if let previous = seen[swiftName] {
                diagnostics.append(.error(
                    "\(kind) '\(name)' becomes '\(swiftName)' in Swift, like '\(previous.name)'; rename one of them",
                    at: location, notes: [.note("'\(previous.name)' is here", at: previous.location)]))
            } else {
                seen[swiftName] = (name, location)
            }
        }
    }
}
