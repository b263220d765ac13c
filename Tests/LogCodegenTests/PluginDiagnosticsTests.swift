import Foundation
import Testing

/// A package whose target uses LoggenPlugin and holds a malformed definition: `swift build`
/// fails and prints the problem as a clickable `file:line:column: error:` line.
///
/// The fixture package is written to `.build/loggen-plugin-fixture` and built with its own
/// scratch path there, reused between runs so that only the first run builds `loggen`.
@Suite struct PluginDiagnosticsTests {
    static let folder = TestPaths.packageRoot.appending(path: ".build/loggen-plugin-fixture")

    @Test(.timeLimit(.minutes(5)))
    func definitionErrorsAppearInSwiftBuildOutput() throws {
        let package = Self.folder.appending(path: "package")
        let definitions = package.appending(path: "Sources/Broken/LogDefinitions")
        try writeIfChanged(package.appending(path: "Package.swift"), """
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

        let result = try ProcessRunner.run(ProcessRunner.which("swift"), [
            "build", "--package-path", package.path, "--scratch-path", Self.folder.appending(path: "build").path,
        ])
        let output = result.standardOutput + result.standardError
        #expect(result.status != 0)
        #expect(output.contains("\(definitions.path)/shop.md:9:10: error: unknown builtin type '!money'"), "swift build printed:\n\(output.suffix(3000))")
    }

    private func writeIfChanged(_ file: URL, _ text: String) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
