/// Checks a field's pattern with Swift's own regular-expression engine, the one the
/// generated code and the runtime check values with.
enum PatternCheck {
    /// Why the pattern is not a valid regular expression, in one line; `nil` when it is.
    static func problem(in pattern: String) -> String? {
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            let message = String(describing: error)
            return message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
        }
    }
}
