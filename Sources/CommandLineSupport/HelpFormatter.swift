/// Writes help and usage text in swift-argument-parser's layout
/// (OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, EXAMPLES).
struct HelpFormatter {
    let path: [CommandSpec]
    var command: CommandSpec { path[path.count - 1] }
    var commandLine: String { path.map(\.name).joined(separator: " ") }

    /// `loggen lint <dir> [--check]`
    var usage: String {
        if !command.subcommands.isEmpty {
            return "\(commandLine) <subcommand>"
        }
        var parts = [commandLine]
        for spec in command.arguments where spec.kind != .positional {
            parts.append(spec.isRepeating ? "[\(spec.synopsis) ...]" : "[\(spec.synopsis)]")
        }
        for spec in command.arguments where spec.kind == .positional {
            parts.append(spec.isOptional ? "[\(spec.synopsis)]" : spec.synopsis)
        }
        return parts.joined(separator: " ")
    }

    func help(version: String) -> String {
        var out = "OVERVIEW: \(command.abstract)\n"
        if !command.discussion.isEmpty { out += "\n\(command.discussion)\n" }
        out += "\nUSAGE: \(usage)\n"

        let positionals = command.arguments.filter { $0.kind == .positional }
        if !positionals.isEmpty {
            out += "\nARGUMENTS:\n"
            for spec in positionals { out += row(spec.helpLabel, spec.help) }
        }
        out += "\nOPTIONS:\n"
        for spec in command.arguments where spec.kind != .positional {
            var text = spec.help
            if let defaultValue = spec.defaultValue { text += " (default: \(defaultValue))" }
            out += row(spec.helpLabel, text)
        }
        if path.count == 1 { out += row("--version", "Show the version.") }
        out += row("-h, --help", "Show help information.")

        if !command.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for sub in command.subcommands {
                let label = sub.name == command.defaultSubcommand ? "\(sub.name) (default)" : sub.name
                out += row(label, sub.abstract)
            }
            out += "\n  See '\(path[0].name) help <subcommand>' for detailed help.\n"
        }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in command.examples { out += "  \(example)\n" }
        }
        return out
    }

    private func row(_ label: String, _ text: String) -> String {
        let width = 24
        let padded =
            label.count + 2 < width ? label + String(repeating: " ", count: width - 2 - label.count) : label + "\n" + String(repeating: " ", count: width)
        return "  \(padded)\(text)\n"
    }
}
