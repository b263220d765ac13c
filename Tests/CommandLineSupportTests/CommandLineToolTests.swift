import CommandLineSupport
import LogCore
import Testing

/// Collects what a tool prints and what its command was given.
final class Capture: Sendable {
    private let state = Locked<(output: String, errors: String, arguments: ParsedArguments?)>(("", "", nil))

    var output: String { state.withLock { $0.output } }
    var errors: String { state.withLock { $0.errors } }
    var arguments: ParsedArguments? { state.withLock { $0.arguments } }

    func write(_ text: String) { state.withLock { $0.output += text } }
    func writeError(_ text: String) { state.withLock { $0.errors += text } }
    func record(_ arguments: ParsedArguments) { state.withLock { $0.arguments = arguments } }
}

private func makeTool(_ capture: Capture, result: Int32 = 0, failure: (any Error)? = nil) -> CommandLineTool {
    let run: CommandSpec.Run = { arguments in
        capture.record(arguments)
        if let failure { throw failure }
        return result
    }
    return CommandLineTool(
        version: "1.2.3",
        root: CommandSpec(
            name: "tool", abstract: "Does things.",
            subcommands: [
                CommandSpec(
                    name: "list", abstract: "Lists things.",
                    discussion: "Lists every thing that matches.",
                    examples: ["tool list --tag 'a.*' -n 5"],
                    arguments: [
                        .option("store", valueName: "dir", help: "The store."),
                        .option("tag", help: "A tag pattern.", isRepeating: true),
                        .option("count", short: "n", valueName: "n", help: "How many.", defaultValue: "20"),
                        .option("output", short: "o", valueName: "format", help: "The format."),
                        .flag("follow", short: "f", help: "Keep following."),
                        .flag("reverse", short: "r", help: "Newest first."),
                    ],
                    run: run),
                CommandSpec(
                    name: "lint", abstract: "Checks definitions.",
                    arguments: [.positional("dir", help: "The folder."), .flag("strict", help: "Warnings fail.")],
                    run: run),
                CommandSpec(
                    name: "cat", abstract: "Prints files.",
                    arguments: [.positional("files", help: "The files.", isRepeating: true), .positional("target", help: "Where.")],
                    run: run),
            ],
            defaultSubcommand: "list"))
}

private func run(_ arguments: [String], result: Int32 = 0, failure: (any Error)? = nil) async -> (Int32, Capture) {
    let capture = Capture()
    let code = await makeTool(capture, result: result, failure: failure)
        .run(arguments: arguments, output: capture.write, errorOutput: capture.writeError)
    return (code, capture)
}

@Suite struct CommandLineToolTests {
    @Test func parsesOptionsFlagsAndPositionals() async throws {
        let (code, capture) = await run(["list", "--tag", "a.*", "--tag=b.**", "-n", "5", "-fr", "--store", "store", "-oJSON"])
        #expect(code == 0)
        let arguments = try #require(capture.arguments)
        #expect(arguments.commandPath == ["tool", "list"])
        #expect(arguments.values("tag") == ["a.*", "b.**"])
        #expect(try arguments.integer("count") == 5)
        #expect(arguments.flag("follow") && arguments.flag("reverse"))
        #expect(arguments.value("store") == "store")
        #expect(arguments.value("output") == "JSON")
    }

    @Test func defaultsApplyAndTheDefaultSubcommandRuns() async throws {
        let (code, capture) = await run(["--tag", "x.y"])
        #expect(code == 0)
        let arguments = try #require(capture.arguments)
        #expect(arguments.commandPath == ["tool", "list"])
        #expect(arguments.value("count") == "20")
        #expect(!arguments.flag("follow"))
        #expect(arguments.value("store") == nil)
    }

    @Test func doubleDashEndsOptionsAndNegativeNumbersArePositionals() async throws {
        let (_, capture) = await run(["lint", "--", "--strict"])
        #expect(capture.arguments?.positional("dir") == "--strict")
        #expect(capture.arguments?.flag("strict") == false)
        let (_, negative) = await run(["lint", "-5"])
        #expect(negative.arguments?.positional("dir") == "-5")
    }

    @Test func repeatingPositionalLeavesRoomForTheOnesAfterIt() async throws {
        let (code, capture) = await run(["cat", "a", "b", "c", "out"])
        #expect(code == 0)
        #expect(capture.arguments?.positionals("files") == ["a", "b", "c"])
        #expect(capture.arguments?.positional("target") == "out")
    }

    @Test func commandResultIsTheExitCode() async {
        #expect(await run(["lint", "defs"], result: 1).0 == 1)
    }

    @Test(arguments: [
        (["lint"], "tool: error: missing expected argument '<dir>'\nUsage: tool lint [--strict] <dir>\n  See 'tool lint --help' for more information.\n"),
        (["lint", "a", "b"], "tool: error: unexpected argument 'b'\nUsage: tool lint [--strict] <dir>\n  See 'tool lint --help' for more information.\n"),
        (
            ["lint", "--stric", "a"],
            "tool: error: unknown option '--stric'; did you mean '--strict'?\nUsage: tool lint [--strict] <dir>\n  See 'tool lint --help' for more information.\n"
        ),
        (["lnt"], "tool: error: unknown subcommand 'lnt'; did you mean 'lint'?\nUsage: tool <subcommand>\n  See 'tool --help' for more information.\n"),
        (
            ["list", "--count"],
            "tool: error: missing value for '--count <n>'\nUsage: tool list [--store <dir>] [--tag <value> ...] [--count <n>] [--output <format>] [--follow] [--reverse]\n  See 'tool list --help' for more information.\n"
        ),
        (
            ["list", "--follow=yes"],
            "tool: error: the flag '--follow' takes no value\nUsage: tool list [--store <dir>] [--tag <value> ...] [--count <n>] [--output <format>] [--follow] [--reverse]\n  See 'tool list --help' for more information.\n"
        ),
        (
            ["list", "-x"],
            "tool: error: unknown option '-x'\nUsage: tool list [--store <dir>] [--tag <value> ...] [--count <n>] [--output <format>] [--follow] [--reverse]\n  See 'tool list --help' for more information.\n"
        ),
    ])
    func usageErrorsExit64WithOneLineAndTheUsage(arguments: [String], expected: String) async {
        let (code, capture) = await run(arguments)
        #expect(code == 64)
        #expect(capture.errors == expected)
        #expect(capture.arguments == nil)
    }

    @Test func usageErrorThrownByTheCommandExits64() async {
        let (code, capture) = await run(["list", "-n", "many"], failure: nil)
        #expect(code == 0)
        #expect(throws: UsageError.self) { try capture.arguments?.integer("count") }
        let (failed, failedCapture) = await run(["lint", "x"], failure: UsageError("the folder 'x' does not exist"))
        #expect(failed == 64)
        #expect(failedCapture.errors.hasPrefix("tool: error: the folder 'x' does not exist\nUsage: tool lint"))
    }

    @Test func failuresPrintOneLineAndTheirExitCode() async {
        let (code, capture) = await run(["lint", "x"], failure: CommandFailure("no store at 'x'; pass --store", exitCode: 3))
        #expect(code == 3)
        #expect(capture.errors == "tool: error: no store at 'x'; pass --store\n")
        struct Other: Error, CustomStringConvertible { var description: String { "disk full" } }
        let (other, otherCapture) = await run(["lint", "x"], failure: Other())
        #expect(other == 1)
        #expect(otherCapture.errors == "tool: error: disk full\n")
    }

    @Test func versionAndHelp() async {
        let (code, capture) = await run(["--version"])
        #expect(code == 0)
        #expect(capture.output == "1.2.3\n")
        for arguments in [["help", "list"], ["list", "--help"], ["list", "-h"]] {
            let (helpCode, help) = await run(arguments)
            #expect(helpCode == 0)
            #expect(help.output == makeTool(Capture()).helpText(for: ["list"]))
        }
    }

    @Test func helpSnapshot() {
        #expect(
            makeTool(Capture()).helpText(for: ["list"]) == """
                OVERVIEW: Lists things.

                Lists every thing that matches.

                USAGE: tool list [--store <dir>] [--tag <value> ...] [--count <n>] [--output <format>] [--follow] [--reverse]

                OPTIONS:
                  --store <dir>         The store.
                  --tag <value>         A tag pattern.
                  -n, --count <n>       How many. (default: 20)
                  -o, --output <format> The format.
                  -f, --follow          Keep following.
                  -r, --reverse         Newest first.
                  -h, --help            Show help information.

                EXAMPLES:
                  tool list --tag 'a.*' -n 5

                """)
        #expect(
            makeTool(Capture()).helpText() == """
                OVERVIEW: Does things.

                USAGE: tool <subcommand>

                OPTIONS:
                  --version             Show the version.
                  -h, --help            Show help information.

                SUBCOMMANDS:
                  list (default)        Lists things.
                  lint                  Checks definitions.
                  cat                   Prints files.

                  See 'tool help <subcommand>' for detailed help.

                """)
    }
}
