/// The render stage: prints a ``SwiftFile`` as Swift source text.
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
        var writer = CodeWriter()
        writer.line(GeneratedFile.header(sources: file.sources))
        writer.line("// swift-format-ignore-file")
        if !file.imports.isEmpty { writer.line() }
        for module in file.imports { writer.line("import \(module)") }
        for declaration in file.declarations {
            writer.line()
            render(declaration, into: &writer)
        }
        return GeneratedFile(name: file.name, contents: writer.text)
    }

    // MARK: - Declarations

    private var access: String { accessLevel == .public ? "public " : "" }

    private func render(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .enumeration(let enumeration): render(enumeration, into: &writer)
        case .structure(let structure): render(structure, into: &writer)
        case .property(let property): render(property, into: &writer)
        case .typeAlias(let alias):
            writer.line("\(access)typealias \(SwiftLiteral.identifier(alias.name)) = \(alias.type)")
        case .initializer(let initializer): render(initializer, into: &writer)
        }
    }

    private func render(_ enumeration: SwiftEnum, into writer: inout CodeWriter) {
        documentation(enumeration.documentation, into: &writer)
        writer.block("\(access)enum \(SwiftLiteral.identifier(enumeration.name))\(inheritance(enumeration.inheritance)) {") { writer in
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
            writer.line(message.isEmpty
                ? "@available(*, deprecated)"
                : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))")
        }
        var text = "case " + SwiftLiteral.identifier(enumCase.name)
        if !enumCase.associatedValues.isEmpty {
            text += "(" + enumCase.associatedValues.map(parameter).joined(separator: ", ") + ")"
        }
        if let rawValue = enumCase.rawValue { text += " = " + SwiftLiteral.string(rawValue) }
        writer.line(text)
    }

    private func render(_ structure: SwiftStruct, into writer: inout CodeWriter) {
        documentation(structure.documentation, into: &writer)
        writer.block("\(access)struct \(SwiftLiteral.identifier(structure.name))\(inheritance(structure.inheritance)) {") { writer in
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

    private func render(_ property: SwiftProperty, into writer: inout CodeWriter) {
        documentation(property.documentation, into: &writer)
        let prefix = (property.isExposed ? access : "private ") + (property.isStatic ? "static " : "")
        let name = SwiftLiteral.identifier(property.name)
        switch property.value {
        case .stored:
            writer.line("\(prefix)var \(name): \(property.type)")
        case .constant(.call(let callee, let arguments)):
            // A table (`LogPayloadLayout(category: …, events: […])`): the first non-empty
            // array argument gets one element per line, so it reads as a table.
            guard let table = arguments.firstIndex(where: Self.isTable), case .array(let elements) = arguments[table].value else {
                writer.line("\(prefix)let \(name): \(property.type) = \(expression(.call(callee, arguments)))")
                break
            }
            let before = arguments[..<table].map { argument($0) + ", " }.joined()
            let label = arguments[table].label.map { $0 + ": " } ?? ""
            writer.line("\(prefix)let \(name): \(property.type) = \(expression(callee))(\(before)\(label)[")
            writer.indented { writer in
                for element in elements { writer.line(expression(element) + ",") }
            }
            writer.line("]" + arguments[(table + 1)...].map { ", " + argument($0) }.joined() + ")")
        case .constant(let value):
            writer.line("\(prefix)let \(name): \(property.type) = \(expression(value))")
        case .computed(let body):
            if body.count == 1, case .return(let value) = body[0] {
                writer.line("\(prefix)var \(name): \(property.type) { \(expression(value)) }")
            } else {
                writer.block("\(prefix)var \(name): \(property.type) {") { writer in
                    statements(body, into: &writer)
                }
            }
        }
    }

    private func render(_ initializer: SwiftInitializer, into writer: inout CodeWriter) {
        documentation(initializer.documentation, into: &writer)
        let parameters = initializer.parameters.map(parameter)
        if initializer.body.isEmpty && parameters.isEmpty {
            writer.line("\(access)init() {}")
        } else if parameters.count <= 2 {
            writer.block("\(access)init(\(parameters.joined(separator: ", "))) {") { writer in
                statements(initializer.body, into: &writer)
            }
        } else {
            writer.line("\(access)init(")
            writer.indented { writer in
                for (index, parameter) in parameters.enumerated() {
                    writer.line(parameter + (index < parameters.count - 1 ? "," : ""))
                }
            }
            writer.block(") {") { writer in
                statements(initializer.body, into: &writer)
            }
        }
    }

    private func parameter(_ parameter: SwiftParameter) -> String {
        var text = SwiftLiteral.identifier(parameter.label) + ": " + parameter.type
        if let value = parameter.defaultValue { text += " = " + expression(value) }
        return text
    }

    private func inheritance(_ names: [String]) -> String {
        names.isEmpty ? "" : ": " + names.joined(separator: ", ")
    }

    private func documentation(_ paragraphs: [String], into writer: inout CodeWriter) {
        for paragraph in paragraphs {
            for line in SwiftLiteral.documentationLines(paragraph) {
                writer.line(line.isEmpty ? "///" : "/// " + line)
            }
        }
    }

    // MARK: - Statements and expressions

    private func statements(_ statements: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in statements {
            switch statement {
            case .variable(let name, let type, let value):
                writer.line("var \(SwiftLiteral.identifier(name)): \(type) = \(expression(value))")
            case .assignment(let target, let value):
                writer.line("\(expression(target)) = \(expression(value))")
            case .expression(let value):
                writer.line(expression(value))
            case .return(let value):
                writer.line("return \(expression(value))")
            case .switch(let subject, let cases, let defaultBody):
                writer.line("switch \(expression(subject)) {")
                for switchCase in cases {
                    var pattern = "case ." + SwiftLiteral.identifier(switchCase.caseName)
                    if !switchCase.bindings.isEmpty {
                        pattern += "(" + switchCase.bindings.map { "let " + SwiftLiteral.identifier($0) }.joined(separator: ", ") + ")"
                    }
                    writer.line(pattern + ":")
                    writer.indented { writer in self.statements(switchCase.body, into: &writer) }
                }
                if let defaultBody {
                    writer.line("default:")
                    writer.indented { writer in self.statements(defaultBody, into: &writer) }
                }
                writer.line("}")
            }
        }
    }

    private func argument(_ argument: SwiftArgument) -> String {
        (argument.label.map { SwiftLiteral.identifier($0) + ": " } ?? "") + expression(argument.value)
    }

    private func expression(_ expression: SwiftExpression) -> String {
        switch expression {
        case .identifier(let name):
            return SwiftLiteral.identifier(name)
        case .member(let base, let name):
            return (base.map(self.expression) ?? "") + "." + SwiftLiteral.identifier(name)
        case .call(let callee, let arguments):
            return self.expression(callee) + "(" + arguments.map(argument).joined(separator: ", ") + ")"
        case .array(let elements):
            return "[" + elements.map(self.expression).joined(separator: ", ") + "]"
        case .string(let text):
            return SwiftLiteral.string(text)
        case .integer(let value):
            return String(value)
        case .double(let value):
            return SwiftLiteral.double(value)
        case .nil:
            return "nil"
        case .self:
            return "self"
        case .selfType:
            return "Self"
        }
    }
}
