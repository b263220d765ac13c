/// The value after `--name` on the command line, or `nil`: the benchmarks' whole argument
/// parsing (they are run by `make bench-*` with fixed arguments; the root's
/// CommandLineSupport is not a product, so it cannot be used from here).
public func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
