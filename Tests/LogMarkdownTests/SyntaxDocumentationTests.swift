import Foundation
import LogMarkdown
import Testing

/// Every example of `docs/Syntax.md` loads as documented: a `markdown` block after an
/// `<!-- example: file.md -->` comment loads without errors, or with exactly the
/// diagnostics of the `text` block right after it.
@Suite struct SyntaxDocumentationTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var source: String
        var expectedDiagnostics: String?
        var testDescription: String { "\(file) at Syntax.md:\(line)" }
    }

    static func examples() throws -> [Example] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/Syntax.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        /// The fenced block that starts at `start` with the given info string, and the line after it.
        func block(at start: Int, info: String) -> (String, Int)? {
            guard start < lines.count, lines[start] == "```" + info else { return nil }
            var end = start + 1
            while end < lines.count && lines[end] != "```" { end += 1 }
            return (lines[(start + 1)..<end].joined(separator: "\n") + "\n", end + 1)
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- example: "), line.hasSuffix(" -->"),
                let (source, next) = block(at: index + 1, info: "markdown")
            {
                let file = String(line.dropFirst("<!-- example: ".count).dropLast(" -->".count))
                var expected: String?
                var after = next
                while after < lines.count && lines[after].isEmpty { after += 1 }
                if let (diagnostics, end) = block(at: after, info: "text") {
                    expected = diagnostics
                    index = end
                } else {
                    index = next
                }
                examples.append(Example(file: file, line: index + 1, source: source, expectedDiagnostics: expected))
                continue
            }
            index += 1
        }
        return examples
    }

    /// Every example comment is followed by a `markdown` block (none is silently skipped).
    @Test func everyExampleCommentHasABlock() throws {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/Syntax.md"), encoding: .utf8)
        let comments = text.components(separatedBy: "\n").filter { $0.hasPrefix("<!-- example: ") }.count
        #expect(comments > 0)
        #expect(try Self.examples().count == comments)
        #expect(try Self.examples().contains { $0.expectedDiagnostics != nil })
    }

    @Test(arguments: try examples())
    func example(_ example: Example) {
        let loaded = SchemaLoader().load(documents: [(example.file, Array(example.source.utf8))])
        let printed = DiagnosticPrinter.render(loaded.diagnostics)
        if let expected = example.expectedDiagnostics {
            #expect(printed == expected)
        } else {
            #expect(!loaded.hasErrors, "\(printed)")
        }
    }
}
