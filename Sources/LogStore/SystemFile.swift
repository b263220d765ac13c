import Glibc

/// A file descriptor with the few system calls the store uses, each retried on `EINTR` and
/// turned into a ``LogStoreError`` that names the file.
struct SystemFile {
    let descriptor: Int32
    let path: String

    /// Opens `path` without following a symbolic link; new files get mode 0600.
    static func open(_ path: String, flags: Int32, operation: String = "open") throws(LogStoreError) -> SystemFile {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 { return SystemFile(descriptor: descriptor, path: path) }
            if errno != EINTR { throw .system(operation: operation, path: path, errno: errno) }
        }
    }

    /// Opens `path` read-only; `nil` when it does not exist (it may have just been deleted).
    static func openForReadingIfPresent(_ path: String) throws(LogStoreError) -> SystemFile? {
        do throws(LogStoreError) {
            return try open(path, flags: O_RDONLY)
        } catch {
            if case .system(_, _, let code) = error, code == ENOENT { return nil }
            throw error
        }
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    /// Writes all of `bytes`; a short write continues until the kernel reports an error.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(LogStoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                throw .system(operation: "write", path: path, errno: written == 0 ? EIO : errno)
            }
        }
    }

    /// Reads up to `count` bytes at `offset`, fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(LogStoreError) -> Int {
        var total = 0
        while total < count {
            let got = pread(descriptor, buffer + total, count - total, off_t(offset + total))
            if got > 0 {
                total += got
            } else if got == 0 {
                break
            } else if errno != EINTR {
                throw .system(operation: "read", path: path, errno: errno)
            }
        }
        return total
    }

    /// The whole file as bytes (small files: indexes, cursors).
    func readAll(limit: Int = 64 << 20) throws(LogStoreError) -> [UInt8] {
        let size = min(try self.size(), limit)
        var bytes = [UInt8](repeating: 0, count: size)
        let got = try bytes.withMutableBytes { (raw) throws(LogStoreError) -> Int in
            try read(into: raw.baseAddress!, count: size, at: 0)
        }
        return Array(bytes.prefix(got))
    }

    func size() throws(LogStoreError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(operation: "stat", path: path, errno: errno) }
        return Int(info.st_size)
    }

    func sync() throws(LogStoreError) {
        guard fsync(descriptor) == 0 else { throw .syncFailed(path: path, errno: errno) }
    }

    func truncate(to length: Int) throws(LogStoreError) {
        while ftruncate(descriptor, off_t(length)) != 0 {
            if errno != EINTR { throw .system(operation: "truncate", path: path, errno: errno) }
        }
    }

    func seekToEnd() throws(LogStoreError) -> Int {
        let offset = lseek(descriptor, 0, SEEK_END)
        guard offset >= 0 else { throw .system(operation: "seek in", path: path, errno: errno) }
        return Int(offset)
    }
}
