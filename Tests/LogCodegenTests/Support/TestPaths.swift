import Foundation

/// Where the tests find the package, its fixtures and the built products.
enum TestPaths {
    /// The package root (the folder of Package.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/LogCodegenTests/Resources`.
    static let resources = packageRoot.appending(path: "Tests/LogCodegenTests/Resources")

    /// The folder of the built products (`loggen`, `Modules/`): the test bundle's folder.
    static let binaries: URL = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // On Linux the test runner is `<bin>/BehaviorLogPackageTests.xctest`; on macOS it
        // is inside the bundle (`….xctest/Contents/MacOS/…`).
        while !FileManager.default.fileExists(atPath: folder.appending(path: "Modules").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.path == "/" ? packageRoot.appending(path: ".build/debug") : folder
    }()

    /// The built `loggen`.
    static var loggen: URL { binaries.appending(path: "loggen") }
}
