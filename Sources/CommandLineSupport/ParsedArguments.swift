/// The arguments a command was given, by name.
public struct ParsedArguments: Sendable {
    /// The names of the commands, from the tool to this one (`["loggen", "lint"]`).
    public var commandPath: [String]
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    init(commandPath: [String]) {
        self.commandPath = commandPath
    }

    /// The value of an option (the last one given) or a positional, else its default.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeating option or positional, in the order given.
    public func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value of a positional (the same as ``value(_:)``; reads better at call sites).
    public func positional(_ name: String) -> String? {
        value(name)
    }

    /// Every value of a repeating positional.
    public func positionals(_ name: String) -> [String] {
        values(name)
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of an option as a whole number.
    /// - Throws: ``UsageError`` when the value is not a whole number.
    public func integer(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else {
            throw UsageError("the value '\(text)' of --\(name) is not a whole number")
        }
        return number
    }
}
