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
        "LoggenVersion1", "LoggenVersion2", "LoggenVersion3", "LoggenVersion4", "LoggenVersion5", "LoggenVersion6",
        "LoggenVersion7", "LoggenVersion8",
        commonPayloadTypeName, schemaTypeName,
    ]

    /// Member names of a category's type besides its events' static members.
    public static let reservedEventNames: Set<String> = [
        "categoryName", "eventName", "tag", "payload", "personalDataFields", "contents", "schemaHash", "self", "Type", "Protocol",
    ]
    /// Names a field's value cannot take (labels, bindings, common payload properties).
    public static let reservedFieldNames: Set<String> = ["payload", "schemaHash", "self", "Type", "Protocol"]
    /// Member names of an enum type besides its cases.
    public static let reservedCaseNames: Set<String> = ["rawValue", "allCases", "logValue", "init", "self", "Type", "Protocol"]

    /// Checks every name of a schema that becomes Swift (obsolete events and fields are not
    /// generated, so they are not checked).
    public mutating func check(_ schema: Schema, rules: Rules = .all) {
        checkTypeNames(schema, rules: rules)
        if case .reservedNames = rules {
            // Every lint runs this part: one look per name, no list built per event.
            // Indices, not copies of each field: this runs on every name of every lint.
            // A name whose shape no reserved name has costs no Swift name (``mayBeReserved``).
            for category in schema.categories {
                let common = category.common
                for index in common.indices where common[index].status != .obsolete && Self.mayBeReservedField(common[index].name) {
                    checkReserved(common[index].name, kind: "field", reserved: Self.reservedFieldNames, at: common[index].location, rules: rules)
                }
                let events = category.events
                for eventIndex in events.indices where events[eventIndex].status != .obsolete {
                    if Self.mayBeReserved(events[eventIndex].name, shapes: Self.reservedEventShapes) {
                        checkReserved(events[eventIndex].name, kind: "event", reserved: Self.reservedEventNames, at: events[eventIndex].location, rules: rules)
                    }
                    let fields = events[eventIndex].fields
                    for index in fields.indices where fields[index].status != .obsolete && Self.mayBeReservedField(fields[index].name) {
                        checkReserved(fields[index].name, kind: "field", reserved: Self.reservedFieldNames, at: fields[index].location, rules: rules)
                    }
                }
            }
            for field in schema.common where field.status != .obsolete && Self.mayBeReservedField(field.name) {
                checkReserved(field.name, kind: "common field", reserved: Self.reservedFieldNames, at: field.location, rules: rules)
            }
            for type in schema.types {
                for enumCase in type.cases {
                    checkReserved(enumCase.name, kind: "case", reserved: Self.reservedCaseNames, at: enumCase.location, rules: rules)
                }
            }
            return
        }
        // Each category's names become members of its own enum: checked on all cores.
        let perCategory = schema.categories.concurrentMap { category in
            var check = GeneratedNameCheck()
            check.checkMemberNames(of: category, rules: rules)
            return check.diagnostics
        }
        for found in perCategory { diagnostics += found }
        checkMemberNames(
            Self.activeFields(schema.common).map { ($0.name, $0.location) }, kind: "common field",
            reserved: Self.reservedFieldNames, rules: rules)
        for type in schema.types {
            checkMemberNames(type.cases.map { ($0.name, $0.location) }, kind: "case", reserved: Self.reservedCaseNames, rules: rules)
        }
    }

    /// Checks the names that become members of a category's enum: its cases, and each
    /// case's labels (the category's common fields, then the event's own).
    private mutating func checkMemberNames(of category: Category, rules: Rules) {
        if Self.needsNoFullCheck(category) { return }
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

    /// Whether the full check of a category's member names would find nothing, found
    /// cheaply: case names are compared as written when all are plain snake_case
    /// (``SwiftName/isPlainSnakeCase(_:)``: distinct such names become distinct Swift
    /// names), otherwise by their Swift names; labels must all be plain snake_case, none
    /// shaped like a reserved name and none repeated in a case. Nearly every category
    /// passes, without a Swift name made for any of its fields.
    private static func needsNoFullCheck(_ category: Category) -> Bool {
        let events = category.events
        let plainEvents = events.indices.allSatisfy { events[$0].status == .obsolete || SwiftName.isPlainSnakeCase(events[$0].name) }
        var eventNames = Set<String>(minimumCapacity: events.count)
        for index in events.indices where events[index].status != .obsolete {
            let name = events[index].name
            let key: String
            if plainEvents {
                if isReserved(name, reserved: reservedEventNames, shapes: reservedEventShapes) { return false }
                key = name
            } else {
                key = SwiftName.lowerCamelCase(name)
                if key.isEmpty || (mayBeReserved(name, shapes: reservedEventShapes) && reservedEventNames.contains(key)) { return false }
            }
            guard eventNames.insert(key).inserted else { return false }
        }
        // Labels: the category's common fields, then each event's own. Read in place (a
        // copy of a field out of its array retains and releases its references), and
        // compared in place: a few per event, so a search beats hashing, and no list of
        // them is built.
        return category.common.withUnsafeBufferPointer { common in
            guard areNewPlainLabels(common, after: UnsafeBufferPointer(start: nil, count: 0)) else { return false }
            return events.withUnsafeBufferPointer { events in
                events.indices.allSatisfy { index in
                    events[index].status == .obsolete || events[index].fields.withUnsafeBufferPointer { areNewPlainLabels($0, after: common) }
                }
            }
        }
    }

    /// Whether the active fields of `fields` are all plain labels (``isPlainLabel(_:)``),
    /// none repeated and none named like an active field of `before` (the labels that
    /// come before them in the case).
    private static func areNewPlainLabels(_ fields: UnsafeBufferPointer<Field>, after before: UnsafeBufferPointer<Field>) -> Bool {
        for index in fields.indices where fields[index].status != .obsolete {
            let name = fields[index].name
            guard isPlainLabel(name) else { return false }
            for other in 0..<index where fields[other].status != .obsolete && fields[other].name == name { return false }
            for other in before.indices where before[other].status != .obsolete && before[other].name == name { return false }
        }
        return true
    }

    private static func isPlainLabel(_ name: String) -> Bool {
        SwiftName.isPlainSnakeCase(name) && !isReserved(name, reserved: reservedFieldNames, shapes: reservedFieldShapes)
    }

    /// Whether a name's Swift name is reserved; only a name of a reserved name's shape
    /// costs a Swift name.
    private static func isReserved(_ name: String, reserved: Set<String>, shapes: ReservedShapes) -> Bool {
        mayBeReserved(name, shapes: shapes) && reserved.contains(SwiftName.lowerCamelCase(name))
    }

    /// Checks the Swift type names of the categories and enum types.
    private mutating func checkTypeNames(_ schema: Schema, rules: Rules) {
        var seen: [String: (what: String, location: SourceLocation)] = [:]
        let named =
            schema.categories.map { ("category '\($0.name)'", SwiftName.upperCamelCase($0.name), $0.location) }
            + schema.types.map { ("type '\($0.name)'", SwiftName.upperCamelCase($0.name), $0.location) }
        for (what, swiftName, location) in named {
            if Self.reservedTypeNames.contains(swiftName) {
                diagnostics.append(.error("\(what) becomes the Swift type '\(swiftName)', which generated code already uses; rename it", at: location))
            } else if case .reservedNames = rules {
                continue
            } else if swiftName.isEmpty {
                diagnostics.append(.error("\(what) has no letter or digit to make a Swift type name of; rename it", at: location))
            } else if let previous = seen[swiftName] {
                diagnostics.append(
                    .error(
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
            if checkReserved(name, swiftName: swiftName, kind: kind, reserved: reserved, at: location, rules: rules) {
                continue
            } else if swiftName.isEmpty {
                diagnostics.append(.error("\(kind) '\(name)' has no letter or digit to make a Swift name of; rename it", at: location))
            } else if let previous = seen[swiftName] {
                diagnostics.append(
                    .error(
                        "\(kind) '\(name)' becomes '\(swiftName)' in Swift, like '\(previous.name)'; rename one of them",
                        at: location, notes: [.note("'\(previous.name)' is here", at: previous.location)]))
            } else {
                seen[swiftName] = (name, location)
            }
        }
    }

    /// The (letter-and-digit count, lowercased first letter) of each reserved field name: an
    /// ASCII name's Swift form keeps exactly its letters and digits, so a name that matches
    /// none of these cannot become a reserved name, and costs no Swift name to rule out.
    private static let reservedFieldShapes = ReservedShapes(reservedFieldNames)
    private static let reservedEventShapes = ReservedShapes(reservedEventNames)

    /// The shapes of a set of reserved names, and their lowercased first letters alone.
    private struct ReservedShapes: Sendable {
        let shapes: ShapeFilter
        /// Bit `n`: some reserved name starts with the `n`th letter of the alphabet.
        let firstLetters: UInt32

        init(_ names: Set<String>) {
            let firsts = names.map { $0.utf8.first! | 0x20 }
            shapes = ShapeFilter(shapes: names.map { name in (name.utf8.count << 8) | Int(name.utf8.first! | 0x20) })
            firstLetters = firsts.reduce(0) { $0 | (1 << UInt32($1 - UInt8(ascii: "a"))) }
        }
    }

    /// Whether a field name may become a reserved Swift name (`false` rules it out).
    private static func mayBeReservedField(_ name: String) -> Bool {
        mayBeReserved(name, shapes: reservedFieldShapes)
    }

    /// Whether a name may become one of the reserved names of `shapes` (`false` rules it out).
    private static func mayBeReserved(_ name: String, shapes: ReservedShapes) -> Bool {
        // Nearly every name starts with a lowercase letter, which starts its Swift name: one
        // no reserved name starts with rules the name out without a scan of it.
        if let byte = name.utf8.first, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z"),
            shapes.firstLetters & (1 << UInt32(byte - UInt8(ascii: "a"))) == 0
        {
            return false
        }
        var count = 0
        var first: UInt8 = 0
        for byte in name.utf8 {
            if byte >= 0x80 { return true }  // not ASCII: only the Swift name can tell
            let lower = byte | 0x20
            if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                if count == 0 { first = lower }
                count += 1
            }
        }
        return shapes.shapes.mayContain((count << 8) | Int(first))
    }

    /// Reports a name whose Swift form the generated code already uses.
    /// - Returns: whether the name is reserved (reported here, or by the validator).
    @discardableResult
    private mutating func checkReserved(
        _ name: String, swiftName: String? = nil, kind: String, reserved: Set<String>, at location: SourceLocation, rules: Rules
    ) -> Bool {
        if case .reservedNames = rules, kind.hasSuffix("field"), Schema.reservedNames.contains(name) {
            return true  // the validator reports it as a name the log envelope reserves
        }
        let swiftName = swiftName ?? SwiftName.lowerCamelCase(name)
        guard reserved.contains(swiftName) else { return false }
        diagnostics.append(.error("\(kind) '\(name)' becomes '\(swiftName)' in Swift, a name the generated code already uses; rename it", at: location))
        return true
    }

    private static func activeFields(_ fields: [Field]) -> [Field] {
        fields.filter { $0.status != .obsolete }
    }
}
