import LogSchema

/// Reads a folder of definition documents into a ``Schema``: the one entry point the
/// tools call. Documents are read, parsed and checked in parallel; problems are
/// collected, sorted by file, line and column, and returned with the schema.
///
/// ```swift
/// let loaded = SchemaLoader().load(directory: "LogDefinitions")
/// DiagnosticPrinter.printToStandardError(loaded.diagnostics)
/// if loaded.hasErrors { exit(1) }
/// use(loaded.schema)
/// ```
public struct SchemaLoader: Sendable {
    public init() {}

    /// Loads every `*.md` document of a folder, in file-name order.
    ///
    /// - Parameter directory: the folder, as given by the user; diagnostics name the
    ///   documents by this path joined with their file names.
    /// - Returns: the schema and every problem found. A folder that does not exist or
    ///   holds no documents gives one error and an empty schema.
    public func load(directory: String) -> LoadedSchema {
        let names: [String]
        do {
            names = try DefinitionFolder.documentNames(in: directory)
        } catch {
            switch error {
            case .missing:
                return LoadedSchema(error: "no such folder '\(directory)'; pass the folder that holds the definition documents, such as LogDefinitions")
            case .notAFolder:
                return LoadedSchema(error: "'\(directory)' is not a folder; pass the folder that holds the definition documents, such as LogDefinitions")
            case .unreadable(let reason):
                return LoadedSchema(error: "cannot read folder '\(directory)': \(reason)")
            }
        }
        guard !names.isEmpty else {
            return LoadedSchema(
                error: "no definition documents (*.md) in '\(directory)'; add one file per category, such as '\(join(directory, "recipe_search.md"))'")
        }
        let paths = names.map { join(directory, $0) }
        // Batches of documents run in parallel, each batch in order with its own interner.
        let batchCount = Swift.min(paths.count, 16)
        let batches = (0..<batchCount).map { batch in
            Array(paths[(paths.count * batch / batchCount)..<(paths.count * (batch + 1) / batchCount)])
        }
        let parsed = batches.concurrentMap { batch -> [(ParsedDocument, ContentDigest?)] in
            var interner = StringInterner()
            return batch.map { path in
                guard let bytes = DefinitionFolder.contents(of: path) else {
                    return (ParsedDocument(role: .category, diagnostics: [.error("cannot read '\(path)'; check that it is a readable file", at: nil)]), nil)
                }
                return (Self.parse(bytes, path: path, interner: &interner), bytes.withUnsafeBytes(ContentDigest.init(of:)))
            }
        }.flatMap { $0 }
        var loaded = assemble(parsed.map(\.0))
        for (path, (_, digest)) in zip(paths, parsed) { loaded.documentDigests[path] = digest }
        return loaded
    }

    /// Loads documents held in memory, in the order given: for tests and tools that
    /// already have the bytes.
    ///
    /// - Parameter documents: each document's path (its base name names the category)
    ///   and bytes.
    public func load(documents: [(path: String, contents: [UInt8])]) -> LoadedSchema {
        var interner = StringInterner()
        return assemble(documents.map { Self.parse($0.contents, path: $0.path, interner: &interner) })
    }

    /// Reads and parses one document.
    static func parse(_ bytes: [UInt8], path: String, interner: inout StringInterner) -> ParsedDocument {
        let name = baseName(of: path)
        do {
            let document = try MarkdownReader().read(bytes, path: path)
            return SchemaParser().parse(document, name: name, interner: &interner)
        } catch {
            return ParsedDocument(role: DocumentRole(baseName: name), diagnostics: [error.diagnostic])
        }
    }

    /// Puts the documents' parts together, validates the whole and sorts the problems.
    private func assemble(_ documents: [ParsedDocument]) -> LoadedSchema {
        var schema = Schema()
        var diagnostics: [Diagnostic] = []
        for document in documents {
            diagnostics += document.diagnostics
            if let category = document.category { schema.categories.append(category) }
            schema.common += document.common
            schema.commonDescriptions += document.commonDescriptions
            schema.types += document.types
        }
        schema.categories.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        diagnostics += SchemaValidator().validate(schema)
        return LoadedSchema(schema: schema, diagnostics: DiagnosticOrder.sorted(diagnostics))
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func baseName(of path: String) -> String {
        var name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        if name.hasSuffix(".md") { name.removeLast(3) }
        return name
    }
}
