import LogSchema

/// Checks the rules between declarations of a whole schema: duplicates, one type per
/// field name, shadowed common fields, reserved and over-long names, names that would
/// become the same Swift identifier, and missing descriptions.
///
/// Rules within one line (the type grammar, constraints, regular expressions) are
/// ``SchemaParser``'s.
public struct SchemaValidator: Sendable {
    /// The longest name allowed (a warehouse identifier limit).
    public static let maximumNameLength = 64

    public init() {}

    /// Validates a schema.
    ///
    /// - Returns: every problem found, in no particular order.
    public func validate(_ schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        checkTypes(schema.types, into: &diagnostics)
        checkFields(schema.common, owner: "common payload", common: [:], into: &diagnostics)

        var commonFields: [String: Field] = [:]
        for field in schema.common where commonFields[field.name] == nil { commonFields[field.name] = field }
        var firstTypes: [String: (field: Field, tag: String)] = [:]
        var typeNames = SwiftNameSpace(kind: "type", naming: SwiftName.upperCamelCase)
        for type in schema.types { typeNames.add(type.name, kindName: "type", at: type.location, into: &diagnostics) }

        for category in schema.categories {
            checkLength(category.name, of: "category", at: category.location, into: &diagnostics)
            typeNames.add(category.name, kindName: "category", at: category.location, into: &diagnostics)
            var events: [String: Event] = [:]
            var eventNames = SwiftNameSpace(kind: "case", naming: SwiftName.lowerCamelCase)
            for event in category.events {
                if let first = events[event.name] {
                    diagnostics.append(.error(
                        "duplicate event '\(event.name)' in category '\(category.name)'; rename or merge one",
                        at: event.location, notes: [.note("'\(event.name)' first defined here", at: first.location)]))
                    continue
                }
                events[event.name] = event
                checkLength(event.name, of: "event", at: event.location, into: &diagnostics)
                eventNames.add(event.name, kindName: "event", at: event.location, into: &diagnostics)
                if event.descriptions.isEmpty {
                    diagnostics.append(.warning("event '\(event.name)' has no description; add a paragraph under its heading", at: event.location))
                }
                checkFields(event.fields, owner: "event '\(event.name)'", common: commonFields, into: &diagnostics)
                for field in event.fields {
                    let tag = event.tag(in: category)
                    guard let first = firstTypes[field.name] else {
                        firstTypes[field.name] = (field, tag)
                        continue
                    }
                    if !field.type.hasSameColumn(as: first.field.type) {
                        diagnostics.append(.error(
                            "field '\(field.name)' is '\(field.type.spelling)' here but '\(first.field.type.spelling)' in \(first.tag); a field name has one type in every event (one warehouse column)",
                            at: field.location,
                            notes: [.note("'\(field.name)' first declared here", at: first.field.location)]))
                    }
                }
            }
        }
        return diagnostics
    }

    /// The rules of one list of fields: duplicates, names, descriptions, shadowing.
    private func checkFields(_ fields: [Field], owner: String, common: [String: Field], into diagnostics: inout [Diagnostic]) {
        var seen: [String: Field] = [:]
        var labels = SwiftNameSpace(kind: "label", naming: SwiftName.lowerCamelCase)
        for field in fields {
            if let first = seen[field.name] {
                diagnostics.append(.error(
                    "duplicate field '\(field.name)' in \(owner); remove one",
                    at: field.location, notes: [.note("'\(field.name)' first defined here", at: first.location)]))
                continue
            }
            seen[field.name] = field
            if Schema.reservedNames.contains(field.name) {
                diagnostics.append(.error(
                    "field name '\(field.name)' is reserved for the log envelope; rename the field (reserved: \(Schema.reservedNames.joined(separator: ", ")))",
                    at: field.location))
            }
            if let shadowed = common[field.name] {
                diagnostics.append(.error(
                    "field '\(field.name)' shadows the common field of the same name; rename it, the common payload already sends '\(field.name)'",
                    at: field.location, notes: [.note("common field '\(field.name)' is defined here", at: shadowed.location)]))
            }
            checkLength(field.name, of: "field", at: field.location, into: &diagnostics)
            labels.add(field.name, kindName: "field", at: field.location, into: &diagnostics)
            if field.descriptions.isEmpty {
                diagnostics.append(.warning("field '\(field.name)' has no description; add a nested bullet under it", at: field.location))
            }
        }
    }

    private func checkTypes(_ types: [EnumType], into diagnostics: inout [Diagnostic]) {
        var seen: [String: EnumType] = [:]
        for type in types {
            if let first = seen[type.name] {
                diagnostics.append(.error(
                    "duplicate type '\(type.name)'; merge its cases into one declaration",
                    at: type.location, notes: [.note("'\(type.name)' first declared here", at: first.location)]))
                continue
            }
            seen[type.name] = type
            checkLength(type.name, of: "type", at: type.location, into: &diagnostics)
            var cases: [String: EnumCase] = [:]
            var caseNames = SwiftNameSpace(kind: "case", naming: SwiftName.lowerCamelCase)
            for enumCase in type.cases {
                if let first = cases[enumCase.name] {
                    diagnostics.append(.error(
                        "duplicate case '\(enumCase.name)' in type '\(type.name)'; remove one",
                        at: enumCase.location, notes: [.note("'\(enumCase.name)' first declared here", at: first.location)]))
                    continue
                }
                cases[enumCase.name] = enumCase
                caseNames.add(enumCase.name, kindName: "case", at: enumCase.location, into: &diagnostics)
            }
        }
    }

    private func checkLength(_ name: String, of kind: String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        guard name.utf8.count > Self.maximumNameLength else { return }  // fast path: bytes ≥ characters
        let length = name.count
        if length > Self.maximumNameLength {
            diagnostics.append(.error(
                "\(kind) name '\(name)' is \(length) characters long; shorten it to at most \(Self.maximumNameLength)",
                at: location))
        }
    }
}

/// The Swift identifiers given out in one scope, to find two names that become the same.
private struct SwiftNameSpace {
    /// What the identifier is in Swift (`type`, `case`, `label`), for messages.
    let kind: String
    let naming: (String) -> String
    var taken: [String: (name: String, kindName: String, location: SourceLocation)] = [:]

    init(kind: String, naming: @escaping (String) -> String) {
        self.kind = kind
        self.naming = naming
    }

    mutating func add(_ name: String, kindName: String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        let identifier = naming(name)
        if identifier.isEmpty {
            diagnostics.append(.error("\(kindName) '\(name)' has no letter or digit to make a Swift name from; rename it", at: location))
            return
        }
        if let first = taken[identifier] {
            if first.name != name {
                diagnostics.append(.error(
                    "\(kindName) '\(name)' and \(first.kindName) '\(first.name)' both become the Swift \(kind) name '\(identifier)'; rename one",
                    at: location, notes: [.note("'\(first.name)' is here", at: first.location)]))
            }
            return
        }
        taken[identifier] = (name, kindName, location)
    }
}
