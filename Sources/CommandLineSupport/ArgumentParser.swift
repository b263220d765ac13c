/// Reads a command line into a command and its ``ParsedArguments``.
struct ArgumentParser {
    /// What a command line asks for.
    enum Request {
        case run(CommandSpec, ParsedArguments)
        case help([CommandSpec])
        case version
    }

    /// A usage error, with the command whose usage is to be printed.
    struct Failure: Error {
        var path: [CommandSpec]
        var message: String
    }

    let root: CommandSpec

    func parse(_ arguments: [String]) throws(Failure) -> Request {
        var path = [root]
        var remaining = arguments[...]

        // Walk down the subcommands, `help <subcommand>` included.
        while let command = path.last, !command.subcommands.isEmpty {
            guard let next = remaining.first else {
                if let fallback = command.defaultSubcommand, let sub = command.subcommand(named: fallback) {
                    path.append(sub)
                    continue
                }
                return .help(path)
            }
            if next == "help", command.subcommand(named: "help") == nil {
                var helpPath = path
                for name in remaining.dropFirst() {
                    guard let sub = helpPath.last?.subcommand(named: name) else {
                        throw Failure(
                            path: helpPath,
                            message: "unknown subcommand '\(name)'\(Self.suggestion(for: name, among: helpPath.last?.subcommands.map(\.name) ?? []))")
                    }
                    helpPath.append(sub)
                }
                return .help(helpPath)
            }
            if let sub = command.subcommand(named: next) {
                path.append(sub)
                remaining = remaining.dropFirst()
                continue
            }
            if next == "--help" || next == "-h" { return .help(path) }
            if next == "--version" && path.count == 1 { return .version }
            // Arguments without a subcommand belong to the default one: its options, and a
            // word only when it takes positionals (else the word is a misspelt subcommand).
            if let fallback = command.defaultSubcommand, let sub = command.subcommand(named: fallback),
                next.hasPrefix("-") || sub.arguments.contains(where: { $0.kind == .positional })
            {
                path.append(sub)
                continue
            }
            let names = command.subcommands.map(\.name)
            throw Failure(path: path, message: "unknown subcommand '\(next)'\(Self.suggestion(for: next, among: names))")
        }

        let command = path[path.count - 1]
        var parsed = ParsedArguments(commandPath: path.map(\.name))
        let positionals = command.arguments.filter { $0.kind == .positional }
        var positionalValues: [String] = []
        var onlyPositionals = false

        while let argument = remaining.popFirst() {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || Self.isNegativeNumber(argument) {
                positionalValues.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" { return .help(path) }
            if argument == "--version" { return .version }

            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var attached: String?
                if let equals = name.firstIndex(of: "=") {
                    attached = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let spec = command.arguments.first(where: { $0.kind != .positional && $0.name == name }) else {
                    let names = command.arguments.filter { $0.kind != .positional }.map { "--" + $0.name }
                    throw Failure(path: path, message: "unknown option '--\(name)'\(Self.suggestion(for: "--" + name, among: names))")
                }
                try take(spec, attached: attached, from: &remaining, into: &parsed, path: path)
            } else {
                // Short names: `-o value`, `-ovalue`, or several flags together (`-vq`).
                var letters = argument.dropFirst()[...]
                while let letter = letters.popFirst() {
                    guard let spec = command.arguments.first(where: { $0.kind != .positional && $0.shortName == letter }) else {
                        throw Failure(path: path, message: "unknown option '-\(letter)'")
                    }
                    if spec.kind == .option {
                        try take(spec, attached: letters.isEmpty ? nil : String(letters), from: &remaining, into: &parsed, path: path)
                        break
                    }
                    try take(spec, attached: nil, from: &remaining, into: &parsed, path: path)
                }
            }
        }

        try assign(positionalValues, to: positionals, into: &parsed, path: path)
        for spec in command.arguments where spec.kind == .option && parsed.values[spec.name] == nil {
            if let defaultValue = spec.defaultValue { parsed.values[spec.name] = [defaultValue] }
        }
        guard command.run != nil else { return .help(path) }
        return .run(command, parsed)
    }

    private func take(
        _ spec: ArgumentSpec, attached: String?, from remaining: inout ArraySlice<String>,
        into parsed: inout ParsedArguments, path: [CommandSpec]
    ) throws(Failure) {
        switch spec.kind {
        case .flag:
            if attached != nil {
                throw Failure(path: path, message: "the flag '--\(spec.name)' takes no value")
            }
            parsed.flags.insert(spec.name)
        case .option:
            guard let value = attached ?? remaining.popFirst() else {
                throw Failure(path: path, message: "missing value for '--\(spec.name) <\(spec.valueName)>'")
            }
            if spec.isRepeating {
                parsed.values[spec.name, default: []].append(value)
            } else {
                parsed.values[spec.name] = [value]
            }
        case .positional:
            preconditionFailure("positionals are assigned by position")
        }
    }

    private func assign(
        _ values: [String], to specs: [ArgumentSpec], into parsed: inout ParsedArguments, path: [CommandSpec]
    ) throws(Failure) {
        var values = values[...]
        for (index, spec) in specs.enumerated() {
            if spec.isRepeating {
                let reservedForLater = specs[(index + 1)...].filter { !$0.isOptional }.count
                let count = max(0, values.count - reservedForLater)
                let taken = Array(values.prefix(count))
                values = values.dropFirst(count)
                if taken.isEmpty && !spec.isOptional {
                    throw Failure(path: path, message: "missing expected argument '<\(spec.valueName)>'")
                }
                parsed.values[spec.name] = taken
            } else if let value = values.popFirst() {
                parsed.values[spec.name] = [value]
            } else if !spec.isOptional {
                throw Failure(path: path, message: "missing expected argument '<\(spec.valueName)>'")
            }
        }
        if let extra = values.first {
            throw Failure(path: path, message: "unexpected argument '\(extra)'")
        }
    }

    private static func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.hasPrefix("-") && Double(text.dropFirst()) != nil
    }

    /// `; did you mean 'lint'?` for the nearest known name, when one is close.
    static func suggestion(for name: String, among candidates: [String]) -> String {
        let scored = candidates.map { ($0, editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return "" }
        return "; did you mean '\(best.0)'?"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
