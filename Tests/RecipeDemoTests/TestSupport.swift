import Foundation
import Testing

/// A fresh directory under the temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ name: String) {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    func appending(_ component: String) -> String { (path as NSString).appendingPathComponent(component) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The built `recipe-demo`, next to the test bundle in the build's products directory.
func recipeDemoExecutable() throws -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("recipe-demo")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory.deleteLastPathComponent()
    }
    let fallback = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("recipe-demo")
    guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
        throw MissingExecutable()
    }
    return fallback
}

struct MissingExecutable: Error, CustomStringConvertible {
    var description: String { "recipe-demo is not built next to the tests; run `swift build --build-tests` first" }
}
