import LogSchema

/// Problems that keep the definitions from becoming a warehouse table (or a migration),
/// every one found in a run, each at the place in the definitions to change.
public struct WarehouseError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics, one per line, as printed on stderr.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
