import Foundation

/// A new, empty directory under the system's temporary directory, for one test; `remove()`
/// deletes it and everything in it.
public struct TemporaryDirectory: Sendable {
    /// Its path.
    public let path: String

    /// Creates `<tmp>/<name>-<8 random characters>` (mode 0700).
    public init(_ name: String) {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Its URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `component` inside it (not created).
    public func appending(_ component: String) -> String { (path as NSString).appendingPathComponent(component) }

    /// Deletes it and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
