import Foundation
import LogCore
import LogCoreTools
import TestSupport
import Testing

/// A package whose target uses LoggenPlugin and holds a malformed definition: `swift build`
/// fails and prints the problem as a clickable `file:line:column: error:` line.
///
/// The fixture package is written to `.build/loggen-plugin-fixture` and built with its own
/// scratch path there, reused between runs so that only the first run builds `loggen`.
/// SwiftPM does not notice files added to a path dependency, so the scratch path is named
/// after the package's source file list and starts afresh when that list changes.
@Suite struct PluginDiagnosticsTests {
    static let folder = TestPaths.packageRoot.appending(path: ".build/loggen-plugin-fixture")

    @Test(.timeLimit(.minutes(5)))
    func definitionErrorsAppearInSwiftBuildOutput() throws {
        let package = Self.folder.appending(path: "package")
        let definitions = package.appending(path: "Sources/Broken/LogDefinitions")
        try writeIfChanged(
            package.appending(path: "Package.swift"),
            """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "PluginFixture",
                dependencies: [.package(path: "\(TestPaths.packageRoot.path)")],
                targets: [
                    .target(
                        name: "Broken", exclude: ["LogDefinitions"],
                        plugins: [.plugin(name: "LoggenPlugin", package: "\(TestPaths.packageRoot.lastPathComponent)")]),
                ]
            )

            """)
        try writeIfChanged(package.appending(path: "Sources/Broken/Broken.swift"), "let placeholder = 1\n")
        try writeIfChanged(definitions.appending(path: "shop.md"), "# shop\n\nThe shop.\n\n## buy\n\nBuying.\n\n- price: !money\n    - The price\n")

        let scratch = "build-" + Self.sourceListHash()
        for old in (try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []
        where old.hasPrefix("build") && old != scratch {
            try? FileManager.default.removeItem(at: Self.folder.appending(path: old))
        }
        let result = try ProcessRunner.run(
            ProcessRunner.which("swift"),
            [
                "build", "--package-path", package.path, "--scratch-path", Self.folder.appending(path: scratch).path,
            ])
        let output = result.standardOutput + result.standardError
        #expect(result.status != 0)
        #expect(output.contains("\(definitions.path)/shop.md:9:10: error: unknown builtin type '!money'"), "swift build printed:\n\(output.suffix(3000))")
    }

    /// A hash of the paths of every file under `Sources/` and `Plugins/`.
    static func sourceListHash() -> String {
        var paths: [String] = []
        for folder in ["Sources", "Plugins"] {
            let root = TestPaths.packageRoot.appending(path: folder)
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let path = enumerator?.nextObject() as? String { paths.append(folder + "/" + path) }
        }
        return String(FNV1a64.hash(paths.sorted().joined(separator: "\n").utf8), radix: 16)
    }

    private func writeIfChanged(_ file: URL, _ text: String) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
