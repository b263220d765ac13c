import Foundation
import LogCodegen
import LogSchema
import Testing
import TestSupport

/// Property: every valid schema gives code that compiles. Many random schemas are
/// generated and type-checked together in ONE `swiftc -typecheck` run against the built
/// BehaviorLog module: each schema's files are wrapped in their own `enum BatchN { … }`
/// namespace (imports hoisted), so their `CommonPayload`s and types do not collide.
@Suite struct GeneratedCodeCompilesTests {
    static let seeds: ClosedRange<UInt64> = 1...40

    @Test func randomSchemasCompile() throws {
        var source = "import BehaviorLog\nimport Foundation\n"
        for seed in Self.seeds {
            var random = RandomSchema(seed: seed)
            let schema = random.schema()
            let access: SwiftAccessLevel = seed.isMultiple(of: 2) ? .public : .internal
            let files = try CodeGenerator(accessLevel: access).generate(schema)
            source += "\n// seed \(seed)\nenum Batch\(seed) {\n"
            for name in RandomSchema.externalTypes {
                source += "    public enum \(name): String, LogValueConvertible, Sendable { case one }\n"
            }
            for file in files {
                for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                where !line.hasPrefix("import ") && !line.hasPrefix("// ") {
                    source += line.isEmpty ? "\n" : "    \(line)\n"
                }
            }
            source += "}\n"
        }
        let temporary = TemporaryDirectory("loggen-property")
        defer { temporary.remove() }
        let folder = temporary.url
        let file = folder.appending(path: "RandomSchemas.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let result = try ProcessRunner.run(
            ProcessRunner.which("swiftc"),
            [
                "-typecheck", "-swift-version", "6", "-module-name", "RandomSchemas",
                "-I", try ProcessRunner.productsDirectory().appending(path: "Modules").path,
                // BehaviorLog imports LogStore, which imports the C modules CLogStoreCRC and CLogStoreAtomics.
                "-I", TestPaths.packageRoot.appending(path: "Sources/CLogStoreCRC/include").path,
                "-I", TestPaths.packageRoot.appending(path: "Sources/CLogStoreAtomics/include").path, file.path,
            ])
        #expect(result.status == 0, "generated code does not compile (the comment above each batch names its seed):\n\(result.standardError.prefix(4000))")
        #expect(!result.standardError.contains("warning:"), "generated code has warnings:\n\(result.standardError.prefix(4000))")
    }

    /// A file from a newer loggen, and files from older loggens whose code this runtime
    /// refuses (it handed over its values a statement each, its events were enums, it boxed
    /// its values, built an older table, did not declare its `[pii]` fields), each fail with
    /// a clear message.
    @Test(arguments: [
        ("LoggenVersion9", "cannot find type 'LoggenVersion9' in scope"),
        (
            "LoggenVersion7",
            "'LoggenVersion7' is unavailable: this generated code hands over its values one statement each; regenerate it"
        ),
        ("LoggenVersion6", "'LoggenVersion6' is unavailable: this generated code makes its events enums; regenerate it"),
        (
            "LoggenVersion5",
            "'LoggenVersion5' is unavailable: this generated code appends its common payload field by field; regenerate it"
        ),
        ("LoggenVersion4", "'LoggenVersion4' is unavailable: this generated code boxes its field values; regenerate it"),
        ("LoggenVersion3", "'LoggenVersion3' is unavailable: this generated code builds its payload table in an older format; regenerate it"),
        ("LoggenVersion2", "'LoggenVersion2' is unavailable: this generated code does not declare its [pii] fields; regenerate it"),
    ])
    func aMismatchedRuntimeVersionFailsWithAClearMessage(version: String, message: String) throws {
        let temporary = TemporaryDirectory("loggen-version-\(version)")
        defer { temporary.remove() }
        let folder = temporary.url
        let file = folder.appending(path: "Stale.swift")
        try """
        import BehaviorLog
        enum Stale: LoggenGenerated {
            typealias LoggenVersion = \(version)
            static var schemaHash: String { "" }
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(
            ProcessRunner.which("swiftc"),
            [
                "-typecheck", "-swift-version", "6", "-I", try ProcessRunner.productsDirectory().appending(path: "Modules").path,
                // BehaviorLog imports LogStore, which imports the C modules CLogStoreCRC and CLogStoreAtomics.
                "-I", TestPaths.packageRoot.appending(path: "Sources/CLogStoreCRC/include").path,
                "-I", TestPaths.packageRoot.appending(path: "Sources/CLogStoreAtomics/include").path, file.path,
            ])
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError.prefix(2000))")
    }
}
