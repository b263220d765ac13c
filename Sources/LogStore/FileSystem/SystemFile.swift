import LogCore

/// An open file of a store: its descriptor, its path for messages, and the file system it
/// belongs to. Every failure becomes a ``LogStoreError`` that names the file. Immutable, and
/// a final class, not a struct: at `-Osize` a struct of references is copied and destroyed
/// through value witnesses of its own, which cost the runtime an app links more than a class (issue 26).
final class SystemFile {
    let descriptor: Int32
    let path: String
    let fileSystem: any StoreFileSystem

    init(descriptor: Int32, path: String, fileSystem: any StoreFileSystem) {
        self.descriptor = descriptor
        self.path = path
        self.fileSystem = fileSystem
    }

    /// Opens `path` without following a symbolic link; new files get mode 0600.
    static func open(_ path: String, _ mode: System.OpenMode, in fileSystem: any StoreFileSystem, operation: String = "open") throws(LogStoreError)
        -> SystemFile
    {
        do {
            return SystemFile(descriptor: try fileSystem.open(path, mode), path: path, fileSystem: fileSystem)
        } catch {
            throw .system(operation: operation, path: path, errno: error.code)
        }
    }

    /// Opens `path` read-only; `nil` when it does not exist (it may have just been deleted).
    static func openForReadingIfPresent(_ path: String, in fileSystem: any StoreFileSystem) throws(LogStoreError) -> SystemFile? {
        do {
            return SystemFile(descriptor: try fileSystem.open(path, .readOnly), path: path, fileSystem: fileSystem)
        } catch  where error.isNotFound {
            return nil
        } catch {
            throw .system(operation: "open", path: path, errno: error.code)
        }
    }

    func close() {
        fileSystem.close(descriptor)
    }

    /// Writes all of `bytes`.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(LogStoreError) {
        do { try fileSystem.writeAll(descriptor, bytes) } catch { throw .system(operation: "write", path: path, errno: error.code) }
    }

    /// Reads up to `count` bytes at `offset`, fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(LogStoreError) -> Int {
        do {
            return try fileSystem.read(descriptor, into: buffer, count: count, at: offset)
        } catch {
            throw .system(operation: "read", path: path, errno: error.code)
        }
    }

    /// The whole file as bytes (small files: indexes, cursors).
    func readAll(limit: Int = 64 << 20) throws(LogStoreError) -> [UInt8] {
        let size = min(try self.size(), limit)
        var bytes = [UInt8](repeating: 0, count: size)
        let got = try bytes.withMutableBytes { (raw) throws(LogStoreError) -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return try read(into: base, count: size, at: 0)
        }
        return Array(bytes.prefix(got))
    }

    func size() throws(LogStoreError) -> Int {
        do { return try fileSystem.size(descriptor) } catch { throw .system(operation: "stat", path: path, errno: error.code) }
    }

    func sync(_ method: System.SyncMethod) throws(LogStoreError) {
        do { try fileSystem.sync(descriptor, method: method) } catch { throw .syncFailed(path: path, errno: error.code) }
    }

    func truncate(to length: Int) throws(LogStoreError) {
        do { try fileSystem.truncate(descriptor, to: length) } catch { throw .system(operation: "truncate", path: path, errno: error.code) }
    }
}
