import Foundation

/// A real, small file system for the tests of a full disk: a tmpfs of `bytes` mounted on a new
/// directory (root only: CI runs as root). `mount()` returns `nil` where it cannot be mounted,
/// so that the caller can say why its test is skipped.
public final class SmallFileSystem: @unchecked Sendable {  // its path is set once; unmount runs once
    /// The mount point.
    public let path: String

    private init(path: String) { self.path = path }

    /// Whether this process may mount one (root, with `mount`).
    public static var canMount: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
    }

    /// Mounts a tmpfs of `bytes` on a new temporary directory.
    public static func mount(bytes: Int) -> SmallFileSystem? {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("small-fs-\(UUID().uuidString.prefix(8))")
        guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil,
            let result = try? ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path]),
            result.status == 0
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return SmallFileSystem(path: path)
    }

    /// Fills the file system but for about `leaving` bytes, with a file that ``free()`` deletes.
    public func fill(leaving bytes: Int) throws {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let size = max(0, free - bytes)
        guard FileManager.default.createFile(atPath: fillerPath, contents: Data(count: size)) else { throw CocoaError(.fileWriteOutOfSpace) }
    }

    /// Deletes the file ``fill(leaving:)`` made: the space returns.
    public func free() throws {
        try FileManager.default.removeItem(atPath: fillerPath)
    }

    private var fillerPath: String { path + "/filler" }

    /// Unmounts and deletes the mount point.
    public func unmount() {
        _ = try? ProcessRunner.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
