import LogCore

/// Checks a field's pattern with Swift's own regular-expression engine, the one the
/// generated code and the runtime check values with (``RegexDialect``, which
/// `logview --where ~` uses too).
enum PatternCheck {
    /// Why the pattern is not a valid regular expression, in one line; `nil` when it is.
    static func problem(in pattern: String) -> String? {
        do {
            _ = try RegexDialect.compile(pattern)
            return nil
        } catch {
            return error.message
        }
    }
}
