import LogSchema

/// The translate stage: a ``Schema`` becomes a plan of Swift files, each made when asked.
///
/// File plan (by name, ``GeneratedFilePlan``, which the build plugin shares): one file per
/// category (`recipe_search.swift`, named after its document, so that editing one category
/// recompiles one file) and one file for the common payload, the enum types and the schema
/// hash (``commonFileName``). The common file goes through the declaration model
/// (``SwiftFile``); a category's file, nearly all of the output, is rendered straight into
/// bytes (`SwiftRenderer+Category.swift`).
public struct SwiftTranslator: Sendable {
    /// The file that holds `CommonPayload`, the enum types of `types.md` and
    /// `GeneratedSchema`; no category can have this name (`+` is not allowed in names).
    public static let commonFileName = GeneratedFilePlan.commonFileName
    /// The struct of the common payload.
    public static let commonPayloadTypeName = GeneratedNameCheck.commonPayloadTypeName
    /// The enum that holds the schema hash.
    public static let schemaTypeName = GeneratedNameCheck.schemaTypeName
    /// The `LogPayloadLayout` of a category's events (a leading `_` keeps it apart from
    /// every event's name).
    static let layoutName = "_layout"
    /// The common payload's method that builds and checks its `payload`.
    static let buildName = "_build"
    /// The stored event number and field values of a category's struct.
    static let fieldValuesName = "_fieldValues"

    /// Modules every generated file imports besides `BehaviorLog` (and `Foundation` where
    /// needed): the modules that define the external custom types.
    public var additionalImports: [String]

    public init(additionalImports: [String] = []) {
        self.additionalImports = additionalImports
    }

    /// The Swift files for a schema, sorted by name, each made when asked: so that the
    /// files can be made in parallel, one at a time, or not at all when they are known to
    /// be unchanged.
    ///
    /// - Throws: ``CodeGenerationError`` with every definition name that cannot become
    ///   Swift (a name Swift or generated code already uses).
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
            throw CodeGenerationError(
                diagnostics: diagnostics.sorted { left, right in
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
            SwiftFilePlan(name: GeneratedFilePlan.categoryFileName(category.name), documents: [category.file]) { renderer in
                renderer.renderCategoryFile(category, translator: self)
            }
        }
        let shared = Set(schema.common.map(\.location.file) + schema.types.map(\.location.file))
        files.append(
            SwiftFilePlan(name: Self.commonFileName, documents: shared.sorted(), key: hash) { renderer in
                renderer.renderBytes(self.commonFile(schema, hash: hash))
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

    // MARK: - Common payload, types and the schema hash

    /// The common file in the declaration model.
    func commonFile(_ schema: Schema, hash: String) -> SwiftFile {
        let fields = activeFields(schema.common)
        var patterns = PatternTable()
        for field in fields { patterns.add(field) }

        // The payload is kept built: `_build()` makes and checks it once in `init` and again
        // whenever a field is set, so `CommonPayloadFilter` copies a stored value on each post.
        let build = SwiftExpression.call(.identifier(Self.buildName), [])
        var members: [SwiftDeclaration] = fields.map { field in
            .property(
                SwiftProperty(
                    documentation: fieldSummary(field).isEmpty ? [] : [fieldSummary(field)],
                    name: SwiftName.lowerCamelCase(field.name), type: SwiftTypeMapping.swiftType(of: field), value: .observed(build)))
        }
        members += identityMembers()
        var initializerBody: [SwiftStatement] = fields.map { field in
            let name = SwiftName.lowerCamelCase(field.name)
            return .assignment(target: .member(.self, name), value: .identifier(name))
        }
        if !fields.isEmpty { initializerBody.append(.expression(build)) }
        members.append(
            .initializer(
                SwiftInitializer(
                    documentation: ["A common payload with every field given; optional fields default to `nil`."],
                    parameters: fields.map { field in
                        SwiftParameter(
                            label: SwiftName.lowerCamelCase(field.name), type: SwiftTypeMapping.swiftType(of: field),
                            defaultValue: field.isOptional ? .nil : nil)
                    },
                    body: initializerBody)))
        if fields.isEmpty {
            members.append(
                .property(
                    SwiftProperty(documentation: [], name: "payload", type: "LogPayload", value: .computed([.return(.call(.identifier("LogPayload"), []))]))))
        } else {
            members.append(
                .property(
                    SwiftProperty(
                        documentation: ["The fields as a payload, built and checked in `init` and whenever a field is set."],
                        name: "payload", type: "LogPayload", value: .privatelySet(.call(.identifier("LogPayload"), [])))))
            members.append(
                .method(
                    SwiftMethod(
                        documentation: [], isExposed: false, isMutating: true, name: Self.buildName,
                        body: buildBody(fields))))
        }
        let personal = fields.filter(\.isPersonalData)
        if !personal.isEmpty {
            members.append(
                .property(
                    SwiftProperty(
                        documentation: ["The fields marked `[pii]`, for `PersonalDataFilter`; `CommonPayloadFilter` reads them."],
                        isStatic: true, name: "personalDataFields", type: "[String]",
                        value: .constant(.array(personal.map { .string($0.name) })))))
        }
        if !fields.isEmpty { members.append(commonLayout(fields, patterns: patterns)) }
        members += patterns.declarations

        // common.md's own paragraphs follow the summary line.
        var documentation = ["The common payload: the fields sent with every event."]
        for paragraph in schema.commonDescriptions { documentation += ["", paragraph] }
        var declarations: [SwiftDeclaration] = [
            .structure(
                SwiftStruct(
                    documentation: documentation,
                    name: Self.commonPayloadTypeName, inheritance: ["LogCommonPayload", "LoggenGenerated"], members: members))
        ]
        declarations += schema.types.map { .enumeration(enumType($0)) }
        declarations.append(
            .enumeration(
                SwiftEnum(
                    documentation: ["The schema this code was generated from."],
                    name: Self.schemaTypeName, inheritance: [], cases: [],
                    members: [
                        .property(
                            SwiftProperty(
                                documentation: ["A stable hash of what the definitions log (not of their descriptions); the log envelope carries it."],
                                isStatic: true, name: "hash", type: "String", value: .constant(.string(hash))))
                    ])))

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
    func identityMembers() -> [SwiftDeclaration] {
        [
            .typeAlias(SwiftTypeAlias(name: "LoggenVersion", type: "LoggenVersion8")),
            .property(
                SwiftProperty(
                    documentation: [], isStatic: true, name: "schemaHash", type: "String",
                    value: .computed([.return(.member(.identifier(Self.schemaTypeName), "hash"))]))),
        ]
    }

    /// `_build()`'s body: `payload = Self._layout.payload(LogEventFields(capacity: n)` and a
    /// chained call per field that hands its value over (`.string(deviceId)`), one expression
    /// as an event's: the common payload is built and checked by the same table as an event's
    /// payload (``commonLayout(_:patterns:)``).
    private func buildBody(_ fields: [Field]) -> [SwiftStatement] {
        var values = SwiftExpression.call(.identifier("LogEventFields"), [SwiftArgument("capacity", .integer(Int64(fields.count)))])
        for field in fields {
            let value = SwiftArgument(nil, .identifier(SwiftName.lowerCamelCase(field.name)))
            values = .call(.member(values, SwiftTypeMapping.fieldsMethod(for: field)), [value])
        }
        return [
            .assignment(
                target: .identifier("payload"),
                value: .call(.member(.member(.selfType, Self.layoutName), "payload"), [SwiftArgument(nil, values)]))
        ]
    }

    /// The common payload's `LogPayloadLayout`: one line, `common: ` and its fields as an
    /// event's line writes them (keys, constraints, `pii`).
    private func commonLayout(_ fields: [Field], patterns: PatternTable) -> SwiftDeclaration {
        let line = "common: " + fields.map { SwiftTypeMapping.layoutField(for: $0, patternNumber: patterns.number) }.joined(separator: ", ")
        var arguments = [SwiftArgument("category", .string("common")), SwiftArgument("events", .string(line))]
        if !patterns.references.isEmpty { arguments.append(SwiftArgument("patterns", .array(patterns.references))) }
        return .property(
            SwiftProperty(
                documentation: ["The payload's keys and constraints in one line, read by the table events are built with."],
                isExposed: false, isStatic: true, name: Self.layoutName, type: "LogPayloadLayout",
                value: .constant(.call(.identifier("LogPayloadLayout"), arguments))))
    }

    /// A field's documentation in one line: its descriptions, then its constraints
    /// (``appendNotes(_:afterText:to:)``).
    func fieldSummary(_ field: Field) -> String {
        let text = oneLine(field.descriptions)
        guard hasNotes(field) else { return text }
        var writer = CodeWriter(capacity: text.utf8.count + 64)
        writer.append(text)
        appendNotes(field, afterText: !text.isEmpty, to: &writer)
        return writer.text
    }

    /// Whether ``fieldSummary(_:)`` adds notes to the field's descriptions.
    func hasNotes(_ field: Field) -> Bool {
        let type = field.type
        return type.maxLength != nil || type.range != nil || type.pattern != nil || type.maxCount != nil
            || field.isPersonalData || field.status == .deprecated
    }

    /// Writes the notes that end a field's summary, ` (at most 256 UTF-8 bytes; personal
    /// data)`, or nothing when it has none.
    ///
    /// - Parameter afterText: whether they follow the descriptions (and so a space).
    func appendNotes(_ field: Field, afterText: Bool, to writer: inout CodeWriter) {
        guard hasNotes(field) else { return }
        let type = field.type
        writer.append(afterText ? " (" : "(")
        var separator = ""
        if let maxLength = type.maxLength {
            writer.append(separator)
            writer.append("at most ")
            writer.append(Int64(maxLength))
            writer.append(" UTF-8 bytes")
            separator = "; "
        }
        if let range = type.range {
            writer.append(separator)
            writer.append(range.min.description)
            writer.append("...")
            writer.append(range.max.description)
            separator = "; "
        }
        if let pattern = type.pattern {
            writer.append(separator)
            writer.append("matches `")
            writer.append(pattern)
            writer.append("`")
            separator = "; "
        }
        if let maxCount = type.maxCount {
            writer.append(separator)
            writer.append("at most ")
            writer.append(Int64(maxCount))
            writer.append(" elements")
            separator = "; "
        }
        if field.isPersonalData {
            writer.append(separator)
            writer.append("personal data")
            separator = "; "
        }
        if field.status == .deprecated {
            writer.append(separator)
            writer.append("deprecated")
        }
        writer.append(ascii: ")")
    }

    /// Paragraphs as one line: joined by spaces, line breaks and the spaces around them
    /// made one space.
    func oneLine(_ paragraphs: [String]) -> String {
        // Nearly every description is one line already: printable ASCII, no leading or
        // trailing space. Joined, such paragraphs are their own one-line form.
        if paragraphs.allSatisfy(Self.isOneLine) { return paragraphs.count == 1 ? paragraphs[0] : paragraphs.joined(separator: " ") }
        return paragraphs.joined(separator: " ")
            .split(whereSeparator: { $0.isNewline })
            .map { $0.trimmingSpaces() }
            .joined(separator: " ")
    }

    /// Whether a paragraph is its own one-line form: printable ASCII, no space at either end.
    static func isOneLine(_ text: String) -> Bool {
        // The bytes in place (a native string's), or `false`: the careful way then decides.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            // Counted without a branch per byte, so that the loop is vectorized.
            var outside = 0
            for byte in bytes { outside &+= (byte &- 0x20) < 0x5F ? 0 : 1 }
            return outside == 0
        } ?? false
    }

    func activeFields(_ fields: [Field]) -> [Field] {
        // The same array, not a copy, when no field is obsolete (the common case); looked
        // at in place (a closure over the elements would copy each field).
        for index in fields.indices where fields[index].status == .obsolete {
            return fields.filter { $0.status != .obsolete }
        }
        return fields
    }

    func imports(needsFoundation: Bool) -> [String] {
        var modules = ["BehaviorLog"] + additionalImports
        if needsFoundation { modules.append("Foundation") }
        return Array(Set(modules)).sorted()
    }

    func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
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
