import LogCore

/// The file operations a store makes, and the seam where a test puts a file system of its own
/// (one that records every write and sync and then "loses power", say). The store reaches the
/// disk through nothing else; ``PosixFileSystem`` is the real one.
///
/// Every call reports a failure as the system's error number, so that a test file system can
/// fail the way a disk does (`ENOSPC`, `EIO`).
package protocol StoreFileSystem: AnyObject, Sendable {
    func open(_ path: String, _ mode: System.OpenMode) throws(System.Failure) -> Int32
    func close(_ descriptor: Int32)
    func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(System.Failure)
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(System.Failure) -> Int
    func size(_ descriptor: Int32) throws(System.Failure) -> Int
    func truncate(_ descriptor: Int32, to length: Int) throws(System.Failure)
    func sync(_ descriptor: Int32, method: System.SyncMethod) throws(System.Failure)
    func duplicate(_ descriptor: Int32) throws(System.Failure) -> Int32
    func lockExclusively(_ descriptor: Int32) throws(System.Failure)
    func rename(_ source: String, to destination: String) throws(System.Failure)
    func unlink(_ path: String) throws(System.Failure)
    func kind(of path: String) throws(System.Failure) -> System.FileKind?
    func makeDirectory(_ path: String) throws(System.Failure)
    func listDirectory(_ path: String) throws(System.Failure) -> [String]
    /// Gives a new store directory its data-protection class (Apple devices; nothing elsewhere).
    func protect(directory path: String, with protection: LogFileProtection)
    /// Whether `errno` says the device's protected data is unavailable (`EPERM` on an Apple
    /// device, where a locked device refuses to open a protected file); a test's file system
    /// says so to play a locked device on any platform.
    func isProtectedDataUnavailable(_ code: Int32) -> Bool
}

/// The operating system's file system, through ``System``.
extension StoreFileSystem {
    package func isProtectedDataUnavailable(_ code: Int32) -> Bool { System.Failure(code).isProtectedDataUnavailable }
}

package final class PosixFileSystem: StoreFileSystem {
    package static let shared = PosixFileSystem()

    package func open(_ path: String, _ mode: System.OpenMode) throws(System.Failure) -> Int32 { try System.open(path, mode) }
    package func close(_ descriptor: Int32) { System.close(descriptor) }
    package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(System.Failure) { try System.writeAll(descriptor, bytes) }
    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(System.Failure) -> Int {
        try System.read(descriptor, into: buffer, count: count, at: offset)
    }
    package func size(_ descriptor: Int32) throws(System.Failure) -> Int { try System.size(descriptor) }
    package func truncate(_ descriptor: Int32, to length: Int) throws(System.Failure) { try System.truncate(descriptor, to: length) }
    package func sync(_ descriptor: Int32, method: System.SyncMethod) throws(System.Failure) { try System.sync(descriptor, method: method) }
    package func duplicate(_ descriptor: Int32) throws(System.Failure) -> Int32 { try System.duplicate(descriptor) }
    package func lockExclusively(_ descriptor: Int32) throws(System.Failure) { try System.lockExclusively(descriptor) }
    package func rename(_ source: String, to destination: String) throws(System.Failure) { try System.rename(source, to: destination) }
    package func unlink(_ path: String) throws(System.Failure) { try System.unlink(path) }
    package func kind(of path: String) throws(System.Failure) -> System.FileKind? { try System.kind(of: path) }
    package func makeDirectory(_ path: String) throws(System.Failure) { try System.makeDirectory(path) }
    package func listDirectory(_ path: String) throws(System.Failure) -> [String] { try System.listDirectory(path) }
    package func protect(directory path: String, with protection: LogFileProtection) {
        System.protect(directory: path, with: protection.dataProtection)
    }
}
