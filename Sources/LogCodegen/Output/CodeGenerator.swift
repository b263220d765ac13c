import LogSchema

/// The generator pipeline after the schema is loaded: translate (``SwiftTranslator``),
/// then render (``SwiftRenderer``). `loggen generate` and the tests call it.
///
/// ```swift
/// let files = try CodeGenerator(accessLevel: .public).generate(schema)
/// ```
public struct CodeGenerator: Sendable {
    public var translator: SwiftTranslator
    public var renderer: SwiftRenderer

    /// - Parameters:
    ///   - accessLevel: the access level of the generated declarations.
    ///   - additionalImports: modules every file imports, for the external custom types.
    public init(accessLevel: SwiftAccessLevel = .public, additionalImports: [String] = []) {
        translator = SwiftTranslator(additionalImports: additionalImports)
        renderer = SwiftRenderer(accessLevel: accessLevel)
    }

    /// The generated files for a schema, sorted by name.
    ///
    /// - Throws: ``CodeGenerationError`` when a definition name cannot become Swift.
    public func generate(_ schema: Schema) throws(CodeGenerationError) -> [GeneratedFile] {
        try translator.translate(schema).map(renderer.render)
    }
}
