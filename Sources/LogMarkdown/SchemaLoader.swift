import Dispatch
import Foundation
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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return LoadedSchema(error: "no such folder '\(directory)'; pass the folder that holds the definition documents, such as LogDefinitions")
        }
        guard isDirectory.boolValue else {
            return LoadedSchema(error: "'\(directory)' is not a folder; pass the folder that holds the definition documents, such as LogDefinitions")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } catch {
            return LoadedSchema(error: "cannot read folder '\(directory)': \(error.localizedDescription)")
        }
        guard !names.isEmpty else {
            return LoadedSchema(error: "no definition documents (*.md) in '\(directory)'; add one file per category, such as '\(join(directory, "recipe_search.md"))'")
        }
        let paths = names.map { join(directory, $0) }
        let parsed = paths.concurrentMap { path -> ParsedDocument in
            guard let data = FileManager.default.contents(atPath: path) else {
                return ParsedDocument(role: .category, diagnostics: [.error("cannot read '\(path)'; check that it is a readable file", at: nil)])
            }
            return Self.parse([UInt8](data), path: path)
        }
        return assemble(parsed)
    }

    /// Loads documents held in memory, in the order given: for tests and tools that
    /// already have the bytes.
    ///
    /// - Parameter documents: each document's path (its base name names the category)
    ///   and bytes.
    public func load(documents: [(path: String, contents: [UInt8])]) -> LoadedSchema {
        assemble(documents.map { Self.parse($0.contents, path: $0.path) })
    }

    /// Reads and parses one document.
    static func parse(_ bytes: [UInt8], path: String) -> ParsedDocument {
        let name = baseName(of: path)
        do {
            let document = try MarkdownReader().read(bytes, path: path)
            return SchemaParser().parse(document, name: name)
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

/// A schema with the problems found loading it.
public struct LoadedSchema: Sendable {
    /// The schema; usable for display even with errors, but only trusted without them.
    public var schema: Schema
    /// Every problem, sorted by file, line and column (problems of no file first).
    public var diagnostics: [Diagnostic]

    public init(schema: Schema, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.diagnostics = diagnostics
    }

    init(error message: String) {
        self.init(schema: Schema(), diagnostics: [.error(message, at: nil)])
    }

    /// Whether any problem is an error (and the schema must not be used to generate code).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The order problems are shown in: by location (problems of no file first), and for
/// one location, in the order they were found.
enum DiagnosticOrder {
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { left, right in
            switch (left.element.location, right.element.location) {
            case (nil, nil): return left.offset < right.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let l?, let r?): return l == r ? left.offset < right.offset : l < r
            }
        }.map(\.element)
    }
}

extension Array where Element: Sendable {
    /// The transform of every element, computed on all cores, in the original order.
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let shared = results
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let input = elements
            DispatchQueue.concurrentPerform(iterations: count) { index in
                shared[index] = transform(input[index])
            }
        }
        let output = results.map { $0! }
        _ = results.deinitialize()
        return output
    }
}
