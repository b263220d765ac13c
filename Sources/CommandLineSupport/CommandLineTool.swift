import LogCore

/// A command-line tool: parses the arguments, runs the command, prints help, usage errors
/// and failures, and turns the outcome into an exit code.
///
/// Exit codes: what the command returns (0 success, 1 findings or failure), 64 for a usage error.
public struct CommandLineTool: Sendable {
    /// The exit code of a usage error (`EX_USAGE`).
    public static let usageExitCode: Int32 = 64

    public var version: String
    public var root: CommandSpec

    public init(version: String, root: CommandSpec) {
        self.version = version
        self.root = root
    }

    /// Runs the tool on the process's arguments and exits with its exit code.
    public func main() async -> Never {
        let code = await run(arguments: Array(CommandLine.arguments.dropFirst()))
        System.flushOutputStreams()
        System.exit(code)
    }

    /// Runs the tool on `arguments` (without the program name) and returns the exit code.
    /// Help and the version go to `output`, errors to `errorOutput` (standard output and
    /// standard error unless given; tests pass their own).
    public func run(
        arguments: [String],
        output: @Sendable (String) -> Void = writeToStandardOutput,
        errorOutput: @Sendable (String) -> Void = writeToStandardError
    ) async -> Int32 {
        let request: ArgumentParser.Request
        do {
            request = try ArgumentParser(root: root).parse(arguments)
        } catch {
            let formatter = HelpFormatter(path: error.path)
            errorOutput(
                """
                \(root.name): error: \(error.message)
                Usage: \(formatter.usage)
                  See '\(formatter.commandLine) --help' for more information.

                """)
            return Self.usageExitCode
        }
        switch request {
        case .version:
            output(version + "\n")
            return 0
        case .help(let path):
            output(HelpFormatter(path: path).help(version: version))
            return 0
        case .run(let command, let arguments):
            do {
                return try await command.run!(arguments)
            } catch let error as UsageError {
                let formatter = HelpFormatter(path: pathTo(arguments.commandPath))
                errorOutput(
                    """
                    \(root.name): error: \(error.message)
                    Usage: \(formatter.usage)
                      See '\(formatter.commandLine) --help' for more information.

                    """)
                return Self.usageExitCode
            } catch let error as CommandFailure {
                errorOutput("\(root.name): error: \(error.message)\n")
                return error.exitCode
            } catch {
                errorOutput("\(root.name): error: \(error)\n")
                return 1
            }
        }
    }

    /// The help text of a command, as `--help` prints it (for snapshot tests).
    public func helpText(for commandPath: [String] = []) -> String {
        HelpFormatter(path: pathTo([root.name] + commandPath)).help(version: version)
    }

    private func pathTo(_ names: [String]) -> [CommandSpec] {
        var path = [root]
        for name in names.dropFirst() {
            guard let sub = path.last?.subcommand(named: name) else { break }
            path.append(sub)
        }
        return path
    }
}

/// Writes text to standard output, through the same buffer as `print`.
public func writeToStandardOutput(_ text: String) {
    print(text, terminator: "")
}

/// Writes text to standard error, after flushing standard output so that the two stay in order.
public func writeToStandardError(_ text: String) {
    System.flushOutputStreams()
    var text = text
    text.withUTF8 { bytes in try? System.writeAll(System.standardError, UnsafeRawBufferPointer(bytes)) }
}
