import Foundation
import LogCore
import LogStore

/// Modes compared by their `open` flags: LogCore leaves `OpenMode` without `Equatable` so that
/// the runtime an app links carries no conformance it does not use (issue 26).
extension System.OpenMode: Equatable {
    public static func == (left: System.OpenMode, right: System.OpenMode) -> Bool { left.flags == right.flags }
}

/// A call the store makes through its file-system seam, as ``InterceptingFileSystem`` shows it.
package enum FileSystemCall: Equatable, Sendable {
    case open(String, System.OpenMode)
    case makeDirectory(String)
    case protect(String, LogFileProtection)
    case rename(String, String)
    case unlink(String)
    case listDirectory(String)
    case kind(String)
    /// A call on an open descriptor (write, read, sync, size, truncate, duplicate, lock, close).
    case descriptor(String, Int32)
}

/// The real file system, with a look at every call first: the test records it, or refuses it by
/// throwing (`EPERM` for a locked device's protected file, `ENOSPC`, …), and the real call is
/// made only when the interceptor lets it through.
package final class InterceptingFileSystem: StoreFileSystem {
    private let intercept: @Sendable (FileSystemCall) throws(System.Failure) -> Void
    private let protectedDataErrors: Set<Int32>
    private let real = PosixFileSystem.shared

    /// - Parameters:
    ///   - protectedDataErrors: the `errno` values that mean "protected data unavailable" here
    ///     (`[EPERM]` plays a locked Apple device on any platform).
    ///   - intercept: sees each call before it is made; a throw refuses it.
    package init(protectedDataErrors: Set<Int32> = [], _ intercept: @escaping @Sendable (FileSystemCall) throws(System.Failure) -> Void) {
        self.protectedDataErrors = protectedDataErrors
        self.intercept = intercept
    }

    package func isProtectedDataUnavailable(_ code: Int32) -> Bool {
        protectedDataErrors.contains(code) || System.Failure(code).isProtectedDataUnavailable
    }

    package func open(_ path: String, _ mode: System.OpenMode) throws(System.Failure) -> Int32 {
        try intercept(.open(path, mode)); return try real.open(path, mode)
    }
    package func close(_ descriptor: Int32) {
        try? intercept(.descriptor("close", descriptor)); real.close(descriptor)
    }
    package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(System.Failure) {
        try intercept(.descriptor("write", descriptor)); try real.writeAll(descriptor, bytes)
    }
    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(System.Failure) -> Int {
        try intercept(.descriptor("read", descriptor)); return try real.read(descriptor, into: buffer, count: count, at: offset)
    }
    package func size(_ descriptor: Int32) throws(System.Failure) -> Int {
        try intercept(.descriptor("size", descriptor)); return try real.size(descriptor)
    }
    package func truncate(_ descriptor: Int32, to length: Int) throws(System.Failure) {
        try intercept(.descriptor("truncate", descriptor)); try real.truncate(descriptor, to: length)
    }
    package func sync(_ descriptor: Int32, method: System.SyncMethod) throws(System.Failure) {
        try intercept(.descriptor("sync", descriptor)); try real.sync(descriptor, method: method)
    }
    package func duplicate(_ descriptor: Int32) throws(System.Failure) -> Int32 {
        try intercept(.descriptor("duplicate", descriptor)); return try real.duplicate(descriptor)
    }
    package func lockExclusively(_ descriptor: Int32) throws(System.Failure) {
        try intercept(.descriptor("lock", descriptor)); try real.lockExclusively(descriptor)
    }
    package func rename(_ source: String, to destination: String) throws(System.Failure) {
        try intercept(.rename(source, destination)); try real.rename(source, to: destination)
    }
    package func unlink(_ path: String) throws(System.Failure) {
        try intercept(.unlink(path)); try real.unlink(path)
    }
    package func kind(of path: String) throws(System.Failure) -> System.FileKind? {
        try intercept(.kind(path)); return try real.kind(of: path)
    }
    package func makeDirectory(_ path: String) throws(System.Failure) {
        try intercept(.makeDirectory(path)); try real.makeDirectory(path)
    }
    package func listDirectory(_ path: String) throws(System.Failure) -> [String] {
        try intercept(.listDirectory(path)); return try real.listDirectory(path)
    }
    package func protect(directory path: String, with protection: LogFileProtection) {
        try? intercept(.protect(path, protection)); real.protect(directory: path, with: protection)
    }
}

/// A device that locks and unlocks, with a store's files of class `completeUnlessOpen`: while it
/// is locked, a file that exists cannot be opened (once closed, such a file stays unreadable until
/// the device is unlocked) and a new one can be created; files already open stay usable.
/// Directories have no class. `EPERM` is what the open then fails with, as on iOS.
package final class LockableDevice: Sendable {
    private let locked = Locked(false)
    /// The opens refused so far.
    package let refusedOpens = Locked(0)

    package init() {}

    package var isLocked: Bool {
        get { locked.withLock { $0 } }
        set { locked.withLock { $0 = newValue } }
    }

    /// The file system the store uses on this device.
    package var fileSystem: InterceptingFileSystem {
        InterceptingFileSystem(protectedDataErrors: [EPERM]) { [self] call throws(System.Failure) in
            guard case .open(let path, let mode) = call, mode != .directory, isLocked else { return }
            if (try? PosixFileSystem.shared.kind(of: path)) != nil {
                refusedOpens.withLock { $0 += 1 }
                throw System.Failure(EPERM)
            }
        }
    }
}

extension LogStoreConfiguration {
    /// The standard configuration on the real file system, adding one to `syncs` for every file
    /// or directory sync the store makes (what a launch's sync count is read from).
    package static func countingSyncs(into syncs: Locked<Int>) -> LogStoreConfiguration {
        var configuration = LogStoreConfiguration.standard
        configuration.fileSystem = InterceptingFileSystem { call in
            if case .descriptor("sync", _) = call { syncs.withLock { $0 += 1 } }
        }
        return configuration
    }
}
