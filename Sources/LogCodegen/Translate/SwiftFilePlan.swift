/// One file the translator will produce, before it is translated: its name, what it is
/// made from, and the translation itself, run when asked (``SwiftTranslator/plan(_:)``).
///
/// `documents` and `key` name everything the file's text depends on besides the
/// generator and its options: the same documents' bytes and the same key give the same
/// file, which is what lets `loggen generate --cache` skip a file without translating it.
public struct SwiftFilePlan: Sendable {
    /// The file name, such as `recipe_search.swift`.
    public var name: String
    /// The paths of the definition documents the file is made from.
    public var documents: [String]
    /// What else the file depends on (the schema hash for the common file), or `""`.
    public var key: String
    private let translation: @Sendable () -> SwiftFile

    public init(name: String, documents: [String], key: String = "", translation: @escaping @Sendable () -> SwiftFile) {
        self.name = name
        self.documents = documents
        self.key = key
        self.translation = translation
    }

    /// The file in the declaration model.
    public func translate() -> SwiftFile {
        translation()
    }
}
