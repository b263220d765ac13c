import LogSchema

/// The translate stage: a ``Schema`` becomes Swift files in the declaration model.
///
/// File plan (by name, ``GeneratedFilePlan``, which the build plugin shares): one file per
/// category (`recipe_search.swift`, named after its document, so that editing one category
/// recompiles one file) and one file for the common payload, the enum types and the schema
/// hash (``commonFileName``).
public struct SwiftTranslator: Sendable {
    /// The file that holds `CommonPayload`, the enum types of `types.md` and
    /// `GeneratedSchema`; no category can have this name (`+` is not allowed in names).
    public static let commonFileName = GeneratedFilePlan.commonFileName
    /// The struct of the common payload.
    public static let commonPayloadTypeName = GeneratedNameCheck.commonPayloadTypeName
    /// The enum that holds the schema hash.
    public static let schemaTypeName = GeneratedNameCheck.schemaTypeName
    /// The `LogPayloadLayout` of a category's events (a leading `_` keeps it apart from
    /// every case name).
    static let layoutName = "_layout"
    /// The switch that names a value's event and hands over its field values.
    static let fieldsName = "_fields"

    /// Modules every generated file imports besides `BehaviorLog` (and `Foundation` where
    /// needed): the modules that define the external custom types.
    public var additionalImports: [String]

    public init(additionalImports: [String] = []) {
        self.additionalImports = additionalImports
    }

    /// The Swift files for a schema, sorted by name.
    ///
    /// - Throws: ``CodeGenerationError`` with every definition name that cannot become
    ///   Swift (a name Swift or generated code already uses).
    public func translate(_ schema: Schema) throws(CodeGenerationError) -> [SwiftFile] {
        try plan(schema).map { $0.translate() }
    }

    /// The Swift files for a schema, sorted by name, each translated when asked: so that
    /// the files can be translated in parallel, one at a time, or not at all when they are
    /// known to be unchanged.
    ///
    /// - Throws: ``CodeGenerationError``, as ``translate(_:)``.
    public func plan(_ schema: Schema) throws(CodeGenerationError) -> [SwiftFilePlan] {
        // The names are checked (one check, shared with the validator in LogSchema, so that
        // `loggen lint` reports it too) while the schema hash, one pass over the whole
        // schema, is computed on the other core.
        var diagnostics: [Diagnostic] = []
        var schemaHash = ""
        for result in [PlanStep.checkNames, .hash].concurrentMap({ step in step.run(schema) }) {
            switch result {
            case .diagnostics(let found): diagnostics = found
            case .hash(let value): schemaHash = value
            }
        }
        let hash = schemaHash
        if !diagnostics.isEmpty {
            throw CodeGenerationError(diagnostics: diagnostics.sorted { left, right in
                switch (left.location, right.location) {
                case (let left?, let right?): left < right
                case (nil, _?): true
                default: false
                }
            })
        }

        // A category's file is made from its document alone; the common file from the
        // common payload's and the types' documents, and the schema hash.
        var files = schema.categories.map { category in
            SwiftFilePlan(name: GeneratedFilePlan.categoryFileName(category.name), documents: [category.file]) { self.categoryFile(category) }
        }
        let shared = Set(schema.common.map(\.location.file) + schema.types.map(\.location.file))
        files.append(SwiftFilePlan(name: Self.commonFileName, documents: shared.sorted(), key: hash) {
            self.commonFile(schema, hash: hash)
        })
        return files.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// The two passes over the whole schema before any file is planned.
    private enum PlanStep: Sendable {
        case checkNames, hash

        enum Result: Sendable {
            case diagnostics([Diagnostic]), hash(String)
        }

        func run(_ schema: Schema) -> Result {
            switch self {
            case .checkNames:
                var check = GeneratedNameCheck()
                check.check(schema)
                return .diagnostics(check.diagnostics)
            case .hash:
                return .hash(SchemaFingerprint.hash(of: schema))
            }
        }
    }

    // MARK: - Categories

    private func categoryFile(_ category: Category) -> SwiftFile {
        let events = category.events.filter { $0.status != .obsolete }
        // The category's common fields open every event's list: their Swift names, lines
        // of documentation and of the layout are made once, then shared by every event.
        var patterns = PatternTable()
        let common = events.isEmpty ? [] : activeFields(category.common).map { label($0, patterns: &patterns) }
        // Each event's active fields, filtered once (the category's common ones first).
        let labels = events.map { event in
            let own = activeFields(event.fields).map { label($0, patterns: &patterns) }
            return common.isEmpty ? own : common + own
        }

        var cases: [SwiftEnumCase] = []
        var switchCases: [SwiftSwitchCase] = []
        var layoutLines: [SwiftExpression] = []
        cases.reserveCapacity(events.count)
        switchCases.reserveCapacity(events.count)
        layoutLines.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            let fields = labels[index]
            let caseName = SwiftName.lowerCamelCase(event.name)
            cases.append(SwiftEnumCase(
                documentation: eventDocumentation(event, fields),
                deprecationMessage: event.status == .deprecated ? oneLine(event.descriptions) : nil,
                name: caseName,
                associatedValues: fields.map { SwiftParameter(label: $0.name, type: $0.type) }))
            // One switch names the event and hands over its values; the table does the rest
            // (name, tag, payload keys, constraints, personal fields). The type checker's
            // time grows with every case of every switch, and a switch per requirement made
            // `eventName`, `payload` and `personalDataFields` most of the generated code's
            // type-check time (docs/Codegen.md).
            var arguments = [SwiftArgument(nil, .integer(Int64(index)))]
            arguments.reserveCapacity(fields.count + 1)
            for field in fields { arguments.append(SwiftArgument(nil, .identifier(field.name))) }
            switchCases.append(SwiftSwitchCase(
                caseName: caseName, bindings: fields.map(\.name),
                body: [.return(.call(.identifier("LogEventFields"), arguments))]))
            layoutLines.append(.string(layoutLine(event.name, fields)))
        }
        let fields = SwiftProperty(
            documentation: [], name: Self.fieldsName, type: "LogEventFields",
            value: .computed([.switch(.self, switchCases)]))
        var layoutArguments = [
            SwiftArgument("category", .string(category.name)),
            SwiftArgument("events", .array(layoutLines)),
        ]
        if !patterns.isEmpty { layoutArguments.append(SwiftArgument("patterns", .array(patterns.references))) }
        let layout = SwiftProperty(
            documentation: ["The category's events: name, then payload keys and constraints, one line per case in order."],
            isStatic: true, name: Self.layoutName, type: "LogPayloadLayout",
            value: .constant(.call(.identifier("LogPayloadLayout"), layoutArguments)))

        var members: [SwiftDeclaration] = identityMembers()
        members.append(.property(fields))
        members.append(.property(layout))
        members += patterns.declarations

        let enumeration = SwiftEnum(
            documentation: category.descriptions, name: SwiftName.upperCamelCase(category.name),
            inheritance: ["GeneratedLogEvent"], cases: cases, members: members)
        let needsFoundation = labels.contains { $0.contains(where: \.needsFoundation) }
        return SwiftFile(
            name: GeneratedFilePlan.categoryFileName(category.name), sources: [baseName(category.file)],
            imports: imports(needsFoundation: needsFoundation),
            declarations: [.enumeration(enumeration)])
    }

    /// An active field of an event as the category file uses it, made once per field (a
    /// common field once per category): its Swift name and type, its lines of
    /// documentation and of the layout.
    private final class Label {
        /// The Swift name of the label (and of the binding).
        let name: String
        let type: String
        /// `  - name: summary` in the case's documentation, or `nil` without a summary.
        let documentation: String?
        /// The field in the event's layout line (``SwiftTypeMapping/layoutField(for:patternNumber:)``).
        let layout: String
        /// Whether its Swift type needs Foundation.
        let needsFoundation: Bool

        init(name: String, type: String, documentation: String?, layout: String, needsFoundation: Bool) {
            self.name = name
            self.type = type
            self.documentation = documentation
            self.layout = layout
            self.needsFoundation = needsFoundation
        }
    }

    /// The ``Label`` of a field, its pattern (if any) numbered in the category's table.
    private func label(_ field: Field, patterns: inout PatternTable) -> Label {
        patterns.add(field)
        let name = SwiftName.lowerCamelCase(field.name)
        let summary = fieldSummary(field)
        return Label(
            name: name, type: SwiftTypeMapping.swiftType(of: field),
            documentation: summary.isEmpty ? nil : "  - " + name + ": " + summary,
            layout: SwiftTypeMapping.layoutField(for: field, patternNumber: patterns.number),
            needsFoundation: SwiftTypeMapping.needsFoundation(field))
    }

    /// The event's line of the layout: `name: field, field`, built in one string.
    private func layoutLine(_ name: String, _ fields: [Label]) -> String {
        if fields.isEmpty { return name }
        var length = name.utf8.count
        for field in fields { length += 2 + field.layout.utf8.count }
        var line = ""
        line.reserveCapacity(length)
        line += name
        for (position, field) in fields.enumerated() {
            line += position == 0 ? ": " : ", "
            line += field.layout
        }
        return line
    }

    /// The event's paragraphs, then its parameters (the category's common fields first).
    private func eventDocumentation(_ event: Event, _ fields: [Label]) -> [String] {
        var documentation: [String] = []
        documentation.reserveCapacity(event.descriptions.count + 2 + fields.count)
        documentation += event.descriptions
        var listed = false
        for field in fields {
            guard let line = field.documentation else { continue }
            if !listed {
                if !documentation.isEmpty { documentation.append("") }
                documentation.append("- Parameters:")
                listed = true
            }
            documentation.append(line)
        }
        return documentation
    }

    // MARK: - Common payload, types and the schema hash

    private func commonFile(_ schema: Schema, hash: String) -> SwiftFile {
        let fields = activeFields(schema.common)
        var patterns = PatternTable()
        for field in fields { patterns.add(field) }

        var members: [SwiftDeclaration] = fields.map { field in
            .property(SwiftProperty(
                documentation: fieldSummary(field).isEmpty ? [] : [fieldSummary(field)],
                name: SwiftName.lowerCamelCase(field.name), type: SwiftTypeMapping.swiftType(of: field), value: .stored))
        }
        members += identityMembers()
        members.append(.initializer(SwiftInitializer(
            documentation: ["A common payload with every field given; optional fields default to `nil`."],
            parameters: fields.map { field in
                SwiftParameter(
                    label: SwiftName.lowerCamelCase(field.name), type: SwiftTypeMapping.swiftType(of: field),
                    defaultValue: field.isOptional ? .nil : nil)
            },
            body: fields.map { field in
                let name = SwiftName.lowerCamelCase(field.name)
                return .assignment(target: .member(.self, name), value: .identifier(name))
            })))
        members.append(.property(SwiftProperty(
            documentation: [], name: "payload", type: "LogPayload",
            value: .computed(payloadBody(fields, value: { .identifier(SwiftName.lowerCamelCase($0.name)) }, patterns: patterns)))))
        let personal = fields.filter(\.isPersonalData)
        if !personal.isEmpty {
            members.append(.property(SwiftProperty(
                documentation: ["The fields marked `[pii]`, for `PersonalDataFilter`; `CommonPayloadFilter` reads them."],
                isStatic: true, name: "personalDataFields", type: "[String]",
                value: .constant(.array(personal.map { .string($0.name) })))))
        }
        members += patterns.declarations

        // common.md's own paragraphs follow the summary line.
        var documentation = ["The common payload: the fields sent with every event."]
        for paragraph in schema.commonDescriptions { documentation += ["", paragraph] }
        var declarations: [SwiftDeclaration] = [.structure(SwiftStruct(
            documentation: documentation,
            name: Self.commonPayloadTypeName, inheritance: ["LogCommonPayload", "LoggenGenerated"], members: members))]
        declarations += schema.types.map { .enumeration(enumType($0)) }
        declarations.append(.enumeration(SwiftEnum(
            documentation: ["The schema this code was generated from."],
            name: Self.schemaTypeName, inheritance: [], cases: [],
            members: [.property(SwiftProperty(
                documentation: ["A stable hash of what the definitions log (not of their descriptions); the log envelope carries it."],
                isStatic: true, name: "hash", type: "String", value: .constant(.string(hash))))])))

        var sources: [String] = []
        if let first = schema.common.first { sources.append(baseName(first.location.file)) }
        if let first = schema.types.first { sources.append(baseName(first.location.file)) }
        return SwiftFile(
            name: Self.commonFileName, sources: sources,
            imports: imports(needsFoundation: fields.contains(where: SwiftTypeMapping.needsFoundation)),
            declarations: declarations)
    }

    private func enumType(_ type: EnumType) -> SwiftEnum {
        SwiftEnum(
            documentation: type.descriptions, name: SwiftName.upperCamelCase(type.name),
            inheritance: ["String", "LogValueConvertible", "CaseIterable", "Sendable"],
            cases: type.cases.map { enumCase in
                let name = SwiftName.lowerCamelCase(enumCase.name)
                return SwiftEnumCase(
                    documentation: enumCase.descriptions, name: name,
                    rawValue: name == enumCase.name ? nil : enumCase.name)
            })
    }

    // MARK: - Shared pieces

    /// The version check and the schema hash of ``LoggenGenerated``.
    private func identityMembers() -> [SwiftDeclaration] {
        [.typeAlias(SwiftTypeAlias(name: "LoggenVersion", type: "LoggenVersion4")),
         .property(SwiftProperty(
            documentation: [], isStatic: true, name: "schemaHash", type: "String",
            value: .computed([.return(.member(.identifier(Self.schemaTypeName), "hash"))])))]
    }

    /// `var payload = LogPayload(capacity: n)`, one append per field, `return payload`.
    private func payloadBody(_ fields: [Field], value: (Field) -> SwiftExpression, patterns: PatternTable) -> [SwiftStatement] {
        if fields.isEmpty { return [.return(.call(.identifier("LogPayload"), []))] }
        let payload = SwiftExpression.identifier("payload")
        var body: [SwiftStatement] = [.variable(
            name: "payload", type: "LogPayload",
            value: .call(.identifier("LogPayload"), [SwiftArgument("capacity", .integer(Int64(fields.count)))]))]
        for field in fields {
            body.append(SwiftTypeMapping.appendStatement(for: field, value: value(field), payload: payload, patterns: patterns.reference))
        }
        body.append(.return(payload))
        return body
    }

    /// A field's documentation in one line: its descriptions, then its constraints.
    private func fieldSummary(_ field: Field) -> String {
        var notes: [String] = []
        let type = field.type
        if let maxLength = type.maxLength { notes.append("at most \(maxLength) UTF-8 bytes") }
        if let range = type.range { notes.append("\(range.min)...\(range.max)") }
        if let pattern = type.pattern { notes.append("matches `\(pattern)`") }
        if let maxCount = type.maxCount { notes.append("at most \(maxCount) elements") }
        if field.isPersonalData { notes.append("personal data") }
        if field.status == .deprecated { notes.append("deprecated") }
        var summary = oneLine(field.descriptions)
        if !notes.isEmpty { summary += (summary.isEmpty ? "" : " ") + "(" + notes.joined(separator: "; ") + ")" }
        return summary
    }

    private func oneLine(_ paragraphs: [String]) -> String {
        // Nearly every description is one line already: printable ASCII, no leading or
        // trailing space. Joined, such paragraphs are their own one-line form.
        if paragraphs.allSatisfy(Self.isOneLine) { return paragraphs.count == 1 ? paragraphs[0] : paragraphs.joined(separator: " ") }
        return paragraphs.joined(separator: " ")
            .split(whereSeparator: { $0.isNewline })
            .map { $0.trimmingSpaces() }
            .joined(separator: " ")
    }

    private static func isOneLine(_ text: String) -> Bool {
        // The bytes in place (a native string's), or `false`: the careful way then decides.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            // Counted without a branch per byte, so that the loop is vectorized.
            var outside = 0
            for byte in bytes { outside &+= (byte &- 0x20) < 0x5F ? 0 : 1 }
            return outside == 0
        } ?? false
    }

    private func activeFields(_ fields: [Field]) -> [Field] {
        // The same array, not a copy, when no field is obsolete (the common case); looked
        // at in place (a closure over the elements would copy each field).
        for index in fields.indices where fields[index].status == .obsolete {
            return fields.filter { $0.status != .obsolete }
        }
        return fields
    }

    private func imports(needsFoundation: Bool) -> [String] {
        var modules = ["BehaviorLog"] + additionalImports
        if needsFoundation { modules.append("Foundation") }
        return Array(Set(modules)).sorted()
    }

    private func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// The patterns of one generated type, each compiled once in a `private static let`.
private struct PatternTable {
    private var names: [String: String] = [:]
    private var order: [String] = []

    mutating func add(_ field: Field) {
        guard let pattern = SwiftTypeMapping.pattern(of: field), names[pattern] == nil else { return }
        order.append(pattern)
        // A leading `_` keeps the name apart from every case and property name.
        names[pattern] = "_pattern\(order.count)"
    }

    func reference(_ pattern: String) -> SwiftExpression {
        .member(.selfType, names[pattern] ?? "_pattern")
    }

    /// The `N` of the pattern's `_patternN`.
    func number(_ pattern: String) -> Int {
        (order.firstIndex(of: pattern) ?? 0) + 1
    }

    var isEmpty: Bool { order.isEmpty }

    /// Every pattern, `Self._pattern1` first.
    var references: [SwiftExpression] { order.map(reference) }

    var declarations: [SwiftDeclaration] {
        order.map { pattern in
            .property(SwiftProperty(
                documentation: [], isExposed: false, isStatic: true, name: names[pattern]!, type: "LogPattern",
                value: .constant(.call(.identifier("LogPattern"), [SwiftArgument(nil, .string(pattern))]))))
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
