import LogCore
import LogSchema

/// Prints diagnostics the way compilers do, one `path:line:column: severity: message`
/// line each (notes on their own lines), so editors and CI logs make them clickable.
public enum DiagnosticPrinter {
    /// The diagnostics as printed, one line each, each line ending with a newline.
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        var text = ""
        for diagnostic in diagnostics {
            text += diagnostic.description
            text += "\n"
        }
        return text
    }

    /// Writes the diagnostics to standard error.
    public static func printToStandardError(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        System.flushOutputStreams()  // what was printed before comes first
        var text = render(diagnostics)
        text.withUTF8 { bytes in try? System.writeAll(System.standardError, UnsafeRawBufferPointer(bytes)) }
    }

    /// A one-line count, such as `2 errors, 1 warning`, or `no problems`.
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors == 0 && warnings == 0 { return "no problems" }
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.joined(separator: ", ")
    }
}
