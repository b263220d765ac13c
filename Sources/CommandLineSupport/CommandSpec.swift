/// A command: its name, what it does, the arguments it accepts, its subcommands, and what it runs.
///
/// ```swift
/// CommandSpec(
///     name: "lint", abstract: "Check the definitions and print diagnostics.",
///     examples: ["loggen lint LogDefinitions"],
///     arguments: [.positional("dir", help: "The folder of definition documents.")],
///     run: { arguments in try lint(arguments.positional("dir")!) })
/// ```
public struct CommandSpec: Sendable {
    /// What a command runs: it returns the exit code, or throws.
    public typealias Run = @Sendable (ParsedArguments) async throws -> Int32

    public var name: String
    /// One line: what the command does.
    public var abstract: String
    /// Further paragraphs of help.
    public var discussion: String
    /// Complete command lines shown under EXAMPLES in help.
    public var examples: [String]
    public var arguments: [ArgumentSpec]
    public var subcommands: [CommandSpec]
    /// The subcommand run when none is named (`logview` means `logview list`).
    public var defaultSubcommand: String?
    public var run: Run?

    public init(
        name: String, abstract: String, discussion: String = "", examples: [String] = [],
        arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil,
        run: Run? = nil
    ) {
        precondition(
            defaultSubcommand == nil || subcommands.contains { $0.name == defaultSubcommand },
            "default subcommand \(defaultSubcommand ?? "") is not a subcommand of \(name)")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.run = run
    }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
