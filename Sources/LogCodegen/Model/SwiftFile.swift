/// One Swift source file in the declaration model: what ``SwiftTranslator`` produces and
/// ``SwiftRenderer`` prints.
public struct SwiftFile: Hashable, Sendable {
    /// The file name, such as `recipe_search.swift`.
    public var name: String
    /// The definition documents it comes from, named in the `DO NOT EDIT` header.
    public var sources: [String]
    /// The modules it imports, in order.
    public var imports: [String]
    /// The top-level declarations, in order.
    public var declarations: [SwiftDeclaration]

    public init(name: String, sources: [String], imports: [String], declarations: [SwiftDeclaration]) {
        self.name = name
        self.sources = sources
        self.imports = imports
        self.declarations = declarations
    }
}
