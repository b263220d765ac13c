/// One file the generator will produce, before it is made: its name, what it is made
/// from, and how it is made, run when asked (``SwiftTranslator/plan(_:)``).
///
/// `documents` and `key` name everything the file's text depends on besides the
/// generator and its options: the same documents' bytes and the same key give the same
/// file, which is what lets `loggen generate --cache` skip a file without making it.
public struct SwiftFilePlan: Sendable {
    /// The file name, such as `recipe_search.swift`.
    public var name: String
    /// The paths of the definition documents the file is made from.
    public var documents: [String]
    /// What else the file depends on (the schema hash for the common file), or `""`.
    public var key: String
    private let making: @Sendable (SwiftRenderer) -> [UInt8]

    /// - Parameter making: the file's text, printed by the given renderer: a category's
    ///   file straight into bytes, the common file through the declaration model.
    init(name: String, documents: [String], key: String = "", making: @escaping @Sendable (SwiftRenderer) -> [UInt8]) {
        self.name = name
        self.documents = documents
        self.key = key
        self.making = making
    }

    /// The file's text as UTF-8 bytes, printed by `renderer` (its access level).
    public func render(with renderer: SwiftRenderer) -> [UInt8] {
        making(renderer)
    }
}
