/// The render stage: prints a ``SwiftFile`` as Swift source text (and a category's file
/// straight from the schema, `SwiftRenderer+Category.swift`).
///
/// The output depends on nothing but the model and the access level, so the same
/// definitions always give byte-identical files.
public struct SwiftRenderer: Sendable {
    /// The access level of every exposed declaration.
    public var accessLevel: SwiftAccessLevel

    public init(accessLevel: SwiftAccessLevel = .public) {
        self.accessLevel = accessLevel
    }

    /// The source text of a file, header included.
    public func render(_ file: SwiftFile) -> GeneratedFile {
        GeneratedFile(name: file.name, bytes: renderBytes(file))
    }

    /// The source text of a file as UTF-8 bytes, written straight into one buffer.
    ///
    /// - Parameter capacity: the bytes to reserve up front (a guess of the file's size).
    public func renderBytes(_ file: SwiftFile, capacity: Int = 4096) -> [UInt8] {
        var writer = CodeWriter(capacity: capacity)
        writer.line(GeneratedFile.header(sources: file.sources))
        writer.line("// swift-format-ignore-file")
        if !file.imports.isEmpty { writer.line() }
        for module in file.imports { writer.line("import \(module)") }
        for declaration in file.declarations {
            writer.line()
            render(declaration, into: &writer)
        }
        return writer.bytes
    }

    // MARK: - Declarations

    var access: String { accessLevel == .public ? "public " : "" }

    func render(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .enumeration(let enumeration): render(enumeration, into: &writer)
        case .structure(let structure): render(structure, into: &writer)
        case .property(let property): render(property, into: &writer)
        case .typeAlias(let alias):
            writer.start()
            writer.append(access)
            writer.append("typealias ")
            SwiftLiteral.appendIdentifier(alias.name, to: &writer)
            writer.append(" = ")
            writer.append(alias.type)
            writer.end()
        case .initializer(let initializer): render(initializer, into: &writer)
        case .method(let method): render(method, into: &writer)
        }
    }

    /// A type's documentation and its first line up to the opening brace, as in
    /// `public struct RecipeSearch: GeneratedLogEvent {`.
    private func openType(
        _ keyword: String, _ name: String, documentation lines: [String], inheritance types: [String],
        into writer: inout CodeWriter
    ) {
        documentation(lines, into: &writer)
        writer.start()
        writer.append(access)
        writer.append(keyword)
        SwiftLiteral.appendIdentifier(name, to: &writer)
        inheritance(types, into: &writer)
        writer.append(" {")
    }

    private func render(_ enumeration: SwiftEnum, into writer: inout CodeWriter) {
        openType("enum ", enumeration.name, documentation: enumeration.documentation, inheritance: enumeration.inheritance, into: &writer)
        writer.endBlockOpening { writer in
            let spaced = enumeration.cases.contains { !$0.documentation.isEmpty || $0.deprecationMessage != nil }
            for (index, enumCase) in enumeration.cases.enumerated() {
                if spaced && index > 0 { writer.line() }
                render(enumCase, into: &writer)
            }
            members(enumeration.members, after: !enumeration.cases.isEmpty, into: &writer)
        }
    }

    private func render(_ enumCase: SwiftEnumCase, into writer: inout CodeWriter) {
        documentation(enumCase.documentation, into: &writer)
        if let message = enumCase.deprecationMessage {
            writer.line(
                message.isEmpty
                    ? "@available(*, deprecated)"
                    : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))")
        }
        writer.start()
        writer.append("case ")
        SwiftLiteral.appendIdentifier(enumCase.name, to: &writer)
        if !enumCase.associatedValues.isEmpty {
            writer.append(ascii: "(")
            for (index, value) in enumCase.associatedValues.enumerated() {
                if index > 0 { writer.append(", ") }
                parameter(value, into: &writer)
            }
            writer.append(ascii: ")")
        }
        if let rawValue = enumCase.rawValue {
            writer.append(" = ")
            SwiftLiteral.appendString(rawValue, to: &writer)
        }
        writer.end()
    }

    private func render(_ structure: SwiftStruct, into writer: inout CodeWriter) {
        openType("struct ", structure.name, documentation: structure.documentation, inheritance: structure.inheritance, into: &writer)
        writer.endBlockOpening { writer in
            members(structure.members, after: false, into: &writer)
        }
    }

    private func members(_ members: [SwiftDeclaration], after previous: Bool, into writer: inout CodeWriter) {
        for (index, member) in members.enumerated() {
            if previous || index > 0 { writer.line() }
            render(member, into: &writer)
        }
    }

    private static func isTable(_ argument: SwiftArgument) -> Bool {
        if case .array(let elements) = argument.value { return !elements.isEmpty }
        return false
    }

    /// `public static let name: Type = ` and the like, up to the value.
    private func propertyPrefix(_ property: SwiftProperty, keyword: String, into writer: inout CodeWriter) {
        writer.start()
        writer.append(property.isExposed ? access : "private ")
        if property.isStatic { writer.append("static ") }
        writer.append(keyword)
        SwiftLiteral.appendIdentifier(property.name, to: &writer)
        writer.append(": ")
        writer.append(property.type)
    }

    private func render(_ property: SwiftProperty, into writer: inout CodeWriter) {
        documentation(property.documentation, into: &writer)
        switch property.value {
        case .stored:
            propertyPrefix(property, keyword: "var ", into: &writer)
            writer.end()
        case .observed(let value):
            propertyPrefix(property, keyword: "var ", into: &writer)
            writer.append(" { didSet { ")
            expression(value, into: &writer)
            writer.append(" } }")
            writer.end()
        case .constant(.call(let callee, let arguments)):
            propertyPrefix(property, keyword: "let ", into: &writer)
            writer.append(" = ")
            // A table (`LogPayloadLayout(category: …, events: […])`): the first non-empty
            // array argument gets one element per line, so it reads as a table.
            guard let table = arguments.firstIndex(where: Self.isTable), case .array(let elements) = arguments[table].value else {
                expression(.call(callee, arguments), into: &writer)
                writer.end()
                break
            }
            expression(callee, into: &writer)
            writer.append(ascii: "(")
            for argument in arguments[..<table] {
                self.argument(argument, into: &writer)
                writer.append(", ")
            }
            if let label = arguments[table].label {
                writer.append(label)
                writer.append(": ")
            }
            writer.append(ascii: "[")
            writer.end()
            writer.indented { writer in
                for element in elements {
                    writer.start()
                    expression(element, into: &writer)
                    writer.append(ascii: ",")
                    writer.end()
                }
            }
            writer.start()
            writer.append(ascii: "]")
            for argument in arguments[(table + 1)...] {
                writer.append(", ")
                self.argument(argument, into: &writer)
            }
            writer.append(ascii: ")")
            writer.end()
        case .constant(let value), .privatelySet(let value):
            let isConstant = if case .constant = property.value { true } else { false }
            propertyPrefix(property, keyword: isConstant ? "let " : "private(set) var ", into: &writer)
            writer.append(" = ")
            expression(value, into: &writer)
            writer.end()
        case .computed(let body):
            propertyPrefix(property, keyword: "var ", into: &writer)
            if body.count == 1, case .return(let value) = body[0] {
                writer.append(" { ")
                expression(value, into: &writer)
                writer.append(" }")
                writer.end()
            } else {
                writer.append(" {")
                writer.endBlockOpening { writer in
                    statements(body, into: &writer)
                }
            }
        }
    }

    private func render(_ initializer: SwiftInitializer, into writer: inout CodeWriter) {
        documentation(initializer.documentation, into: &writer)
        let parameters = initializer.parameters
        if initializer.body.isEmpty && parameters.isEmpty {
            writer.line("\(access)init() {}")
        } else if parameters.count <= 2 {
            writer.start()
            writer.append(access)
            writer.append("init(")
            for (index, parameter) in parameters.enumerated() {
                if index > 0 { writer.append(", ") }
                self.parameter(parameter, into: &writer)
            }
            writer.append(") {")
            writer.endBlockOpening { writer in
                statements(initializer.body, into: &writer)
            }
        } else {
            writer.line("\(access)init(")
            writer.indented { writer in
                for (index, parameter) in parameters.enumerated() {
                    writer.start()
                    self.parameter(parameter, into: &writer)
                    if index < parameters.count - 1 { writer.append(ascii: ",") }
                    writer.end()
                }
            }
            writer.block(") {") { writer in
                statements(initializer.body, into: &writer)
            }
        }
    }

    private func render(_ method: SwiftMethod, into writer: inout CodeWriter) {
        documentation(method.documentation, into: &writer)
        writer.start()
        writer.append(method.isExposed ? access : "private ")
        if method.isMutating { writer.append("mutating ") }
        writer.append("func ")
        SwiftLiteral.appendIdentifier(method.name, to: &writer)
        writer.append("() {")
        writer.endBlockOpening { writer in
            statements(method.body, into: &writer)
        }
    }

    private func parameter(_ parameter: SwiftParameter, into writer: inout CodeWriter) {
        SwiftLiteral.appendIdentifier(parameter.label, to: &writer)
        writer.append(": ")
        writer.append(parameter.type)
        if let value = parameter.defaultValue {
            writer.append(" = ")
            expression(value, into: &writer)
        }
    }

    private func inheritance(_ names: [String], into writer: inout CodeWriter) {
        for (index, name) in names.enumerated() {
            writer.append(index == 0 ? ": " : ", ")
            writer.append(name)
        }
    }

    func documentation(_ paragraphs: [String], into writer: inout CodeWriter) {
        for paragraph in paragraphs {
            SwiftLiteral.appendDocumentation(paragraph, to: &writer)
        }
    }

    // MARK: - Statements and expressions

    private func statements(_ statements: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in statements {
            switch statement {
            case .assignment(let target, let value):
                writer.start()
                expression(target, into: &writer)
                writer.append(" = ")
                expression(value, into: &writer)
                writer.end()
            case .expression(let value):
                writer.start()
                expression(value, into: &writer)
                writer.end()
            case .return(let value):
                writer.start()
                writer.append("return ")
                expression(value, into: &writer)
                writer.end()
            }
        }
    }

    private func argument(_ argument: SwiftArgument, into writer: inout CodeWriter) {
        if let label = argument.label {
            SwiftLiteral.appendIdentifier(label, to: &writer)
            writer.append(": ")
        }
        expression(argument.value, into: &writer)
    }

    func expression(_ expression: SwiftExpression, into writer: inout CodeWriter) {
        switch expression {
        case .identifier(let name):
            SwiftLiteral.appendIdentifier(name, to: &writer)
        case .member(let base, let name):
            if let base { self.expression(base, into: &writer) }
            writer.append(ascii: ".")
            SwiftLiteral.appendIdentifier(name, to: &writer)
        case .call(let callee, let arguments):
            self.expression(callee, into: &writer)
            writer.append(ascii: "(")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { writer.append(", ") }
                self.argument(argument, into: &writer)
            }
            writer.append(ascii: ")")
        case .array(let elements):
            writer.append(ascii: "[")
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.append(", ") }
                self.expression(element, into: &writer)
            }
            writer.append(ascii: "]")
        case .string(let text):
            SwiftLiteral.appendString(text, to: &writer)
        case .integer(let value):
            writer.append(value)
        case .double(let value):
            writer.append(SwiftLiteral.double(value))
        case .nil:
            writer.append("nil")
        case .self:
            writer.append("self")
        case .selfType:
            writer.append("Self")
        }
    }
}
