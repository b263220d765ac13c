import Foundation

/// Where the tests find the package and its fixtures (the built products:
/// `ProcessRunner.productsDirectory()` and `ProcessRunner.builtExecutable(_:)`).
enum TestPaths {
    /// The package root (the folder of Package.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/LogCodegenTests/Resources`.
    static let resources = packageRoot.appending(path: "Tests/LogCodegenTests/Resources")
}
