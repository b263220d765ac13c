// The one home of `loggen generate`'s file plan by name. LoggenPlugin compiles this same file
// through a symlink (Plugins/LoggenPlugin/GeneratedFilePlan.swift), because a plugin cannot
// import a library, and it must name every file the command will write before it runs: so
// this file uses the standard library alone.

/// The names of the Swift files `loggen generate` writes: one per category document, named
/// after it (editing one category recompiles one file), and one for the common payload, the
/// enum types and the schema hash.
enum GeneratedFilePlan {
    /// The file that holds `CommonPayload`, the enum types of `types.md` and
    /// `GeneratedSchema`; no category can have this name (`+` is not allowed in names).
    static let commonFileName = "common+types.swift"

    /// The file `--embed-schema` adds: the definitions' JSON for the in-app viewer
    /// (`GeneratedSchema.definitionsJSON`).
    static let embeddedSchemaFileName = "schema+embedded.swift"

    /// The documents that hold no category (`common.md`, `types.md`): they make the common file.
    static let sharedDocumentNames: Set<String> = ["common", "types"]

    /// The file of a category (the category is named after its document).
    static func categoryFileName(_ category: String) -> String {
        category + ".swift"
    }

    /// Every file for the documents with these base names (`recipe_search` for
    /// `recipe_search.md`), sorted as `SwiftTranslator.plan(_:)` sorts them.
    static func fileNames(forDocuments baseNames: [String], embedsSchema: Bool = false) -> [String] {
        let categories = baseNames.filter { !sharedDocumentNames.contains($0) }.map(categoryFileName)
        return (categories + [commonFileName] + (embedsSchema ? [embeddedSchemaFileName] : [])).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
