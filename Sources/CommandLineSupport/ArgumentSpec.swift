/// One argument a command accepts: a positional value, an option that takes a value, or a flag.
///
/// Names follow swift-argument-parser's conventions: options and flags are written
/// `--kebab-case` (with an optional one-letter short form, `-o`), positionals `<name>`.
public struct ArgumentSpec: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A value given by position (`loggen lint <dir>`).
        case positional
        /// `--name <value>`, `--name=<value>` or `-n <value>`.
        case option
        /// `--name` or `-n`, on or off.
        case flag
    }

    public var kind: Kind
    /// The long name without dashes (`output`), or the positional's name (`dir`).
    public var name: String
    /// The one-letter short name (`o` for `-o`).
    public var shortName: Character?
    /// The value's name in help (`<dir>`).
    public var valueName: String
    public var help: String
    /// Whether the argument may be left out (positionals; options and flags always may).
    public var isOptional: Bool
    /// Whether the argument may be given more than once (all values are kept).
    public var isRepeating: Bool
    /// The value used when an option is not given, shown in help.
    public var defaultValue: String?

    /// A value given by position.
    /// - Parameters:
    ///   - isOptional: whether it may be left out.
    ///   - isRepeating: whether it takes every remaining positional value (at least one unless optional).
    public static func positional(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) -> ArgumentSpec {
        ArgumentSpec(
            kind: .positional, name: name, shortName: nil, valueName: name, help: help,
            isOptional: isOptional, isRepeating: isRepeating, defaultValue: nil)
    }

    /// An option that takes a value: `--name <value>`.
    public static func option(
        _ name: String, short: Character? = nil, valueName: String = "value", help: String,
        isRepeating: Bool = false, defaultValue: String? = nil
    ) -> ArgumentSpec {
        ArgumentSpec(
            kind: .option, name: name, shortName: short, valueName: valueName, help: help,
            isOptional: true, isRepeating: isRepeating, defaultValue: defaultValue)
    }

    /// A flag: `--name`, off unless given.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
        ArgumentSpec(
            kind: .flag, name: name, shortName: short, valueName: "", help: help,
            isOptional: true, isRepeating: false, defaultValue: nil)
    }

    /// How the argument is written in usage lines and help: `<dir>`, `--output <dir>`, `--check`.
    var synopsis: String {
        switch kind {
        case .positional: return isRepeating ? "<\(valueName)> ..." : "<\(valueName)>"
        case .option: return "--\(name) <\(valueName)>"
        case .flag: return "--\(name)"
        }
    }

    /// The left column of help: `-o, --output <dir>`.
    var helpLabel: String {
        switch kind {
        case .positional: return "<\(valueName)>"
        case .option, .flag:
            if let shortName { return "-\(shortName), \(synopsis)" }
            return synopsis
        }
    }
}
