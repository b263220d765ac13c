import LogSchema

/// The generator pipeline after the schema is loaded: translate (``SwiftTranslator``'s
/// plan), then render (``SwiftRenderer``). `loggen generate` and the tests call it.
///
/// ```swift
/// let files = try CodeGenerator(accessLevel: .public).generate(schema)
/// ```
public struct CodeGenerator: Sendable {
    public var translator: SwiftTranslator
    public var renderer: SwiftRenderer
    /// The name of the definitions folder when the schema is embedded for the in-app viewer
    /// (``EmbeddedSchemaRenderer``, `loggen generate --embed-schema`); `nil` for no such file.
    public var embeddedSchemaFolderName: String?

    /// - Parameters:
    ///   - accessLevel: the access level of the generated declarations.
    ///   - additionalImports: modules every file imports, for the external custom types.
    ///   - embeddedSchemaFolderName: the definitions folder's name, to add the file that embeds
    ///     the schema (`schema+embedded.swift`); `nil` (the default) adds none.
    public init(accessLevel: SwiftAccessLevel = .public, additionalImports: [String] = [], embeddedSchemaFolderName: String? = nil) {
        translator = SwiftTranslator(additionalImports: additionalImports)
        renderer = SwiftRenderer(accessLevel: accessLevel)
        self.embeddedSchemaFolderName = embeddedSchemaFolderName
    }

    /// The generated files for a schema, sorted by name.
    ///
    /// - Throws: ``CodeGenerationError`` when a definition name cannot become Swift.
    public func generate(_ schema: Schema) throws(CodeGenerationError) -> [GeneratedFile] {
        let renderer = renderer
        var files = try translator.plan(schema).concurrentMap { GeneratedFile(name: $0.name, bytes: $0.render(with: renderer)) }
        if let folderName = embeddedSchemaFolderName {
            files.append(EmbeddedSchemaRenderer(accessLevel: renderer.accessLevel).file(for: schema, folderName: folderName))
            files.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
        return files
    }

    /// The generated files for a schema, sorted by name, each rendered only when
    /// ``GeneratedFilesWriter`` needs its bytes: one file at a time per core, never all of
    /// them in memory.
    ///
    /// - Parameter documentDigests: the digest of each definition document's bytes, by
    ///   path; a file whose documents all have one can be recognised unchanged by a cache.
    /// - Throws: ``CodeGenerationError`` when a definition name cannot become Swift.
    package func pendingFiles(
        _ schema: Schema, documentDigests: [String: ContentDigest] = [:]
    ) throws(CodeGenerationError) -> [GeneratedFilesWriter.PendingFile] {
        let renderer = renderer
        var files = try translator.plan(schema).map { plan in
            var input: ContentDigest? = ContentDigest()
            input?.combine(plan.key)
            for document in plan.documents {
                guard let digest = documentDigests[document] else {
                    input = nil
                    break
                }
                input?.combine(document)
                input?.combine(digest)
            }
            return GeneratedFilesWriter.PendingFile(name: plan.name, input: input) {
                plan.render(with: renderer)
            }
        }
        if let folderName = embeddedSchemaFolderName {
            // Made from every document: produced and compared on every run (encoding is quick).
            let embedded = EmbeddedSchemaRenderer(accessLevel: renderer.accessLevel)
            files.append(
                GeneratedFilesWriter.PendingFile(name: GeneratedFilePlan.embeddedSchemaFileName, input: nil) {
                    embedded.file(for: schema, folderName: folderName).bytes
                })
            files.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
        return files
    }
}
