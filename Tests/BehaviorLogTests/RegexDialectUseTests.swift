import Foundation
import Testing

/// Issue 25, defect 10: one home for the regular-expression dialect. Every pattern users write
/// is compiled by `RegexDialect.compile` (LogCore), so that `loggen lint`, `logview --where` and
/// the runtime's `LogPattern` can never answer differently for the same pattern; no other
/// source file builds a `Regex` from a string.
@Suite struct RegexDialectUseTests {
    static let packageRoot = URL(filePath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func onlyRegexDialectCompilesAPattern() throws {
        let sources = Self.packageRoot.appending(path: "Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        // `Regex(…)` or `Regex<…>(…)`, not a longer name that ends in `Regex`.
        let construction = /(^|[^A-Za-z0-9_])Regex(<[^>]*>)?\(/
        var offenders: [String] = []
        for case let file as URL in enumerator where file.pathExtension == "swift" && file.lastPathComponent != "RegexDialect.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(construction) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(file.path.dropFirst(sources.path.count + 1)):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "compile patterns with RegexDialect.compile (LogCore/Text/RegexDialect.swift):\n\(offenders.joined(separator: "\n"))")
    }
}
