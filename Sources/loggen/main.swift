import CommandLineSupport

/// `loggen`: Markdown log definitions → checked schema (and, with later commands, Swift).
/// A thin shell: every command is a few lines over LogMarkdown and LogSchema.
let tool = CommandLineTool(
    version: PackageVersion.current,
    root: CommandSpec(
        name: "loggen",
        abstract: "Check Markdown log definitions and turn them into a schema and type-safe Swift.",
        discussion: """
            Definitions live in one Markdown file per category (LogDefinitions/ by default);
            see docs/Syntax.md for the syntax.
            """,
        examples: [
            "loggen lint LogDefinitions", "loggen schema LogDefinitions > schema.json",
            "loggen ddl LogDefinitions --dialect clickhouse", "loggen diff --against origin/main",
        ],
        subcommands: [lintCommand, schemaCommand, generateCommand, ddlCommand, diffCommand]))

await tool.main()
