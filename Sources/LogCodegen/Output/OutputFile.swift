#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The output folder's side of `loggen generate` with plain system calls: a file's status,
/// its bytes, the start of its bytes, the folder's names. (Foundation's equivalents build
/// a dictionary of attributes per call, and the folder holds a thousand files.)
enum OutputFile {
    /// What identifies a file's contents without reading them, as `git` and build tools
    /// do: its size, modification time and inode (a rename gives a new one).
    struct Status: Hashable, Sendable {
        var size: Int64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64
    }

    /// The status of a regular file, or `nil` when there is none.
    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Status(
            size: Int64(info.st_size), modifiedSeconds: Int64(modified.tv_sec),
            modifiedNanoseconds: Int64(modified.tv_nsec), inode: UInt64(info.st_ino))
    }

    /// The bytes of a file, or `nil` when it cannot be read.
    static func bytes(at path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        // One byte more than the size, so that the read that sees the end needs no growth.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {  // the file grew while being read
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Whether a file holds exactly `bytes`: read in pieces into one buffer that is not
    /// kept (nor zeroed), compared as it comes, and given up at the first difference.
    static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { buffer in
            bytes.withUnsafeBytes { expected in
                var offset = 0
                while true {
                    let count = read(descriptor, buffer.baseAddress!, buffer.count)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    if count == 0 { return offset == expected.count }
                    if count > expected.count - offset || memcmp(buffer.baseAddress!, expected.baseAddress! + offset, count) != 0 {
                        return false
                    }
                    offset += count
                }
            }
        }
    }

    /// Replaces a file's bytes at once: written to a temporary file beside it, then renamed
    /// over it, so a reader (or a build interrupted) sees the old file or the new one. No
    /// `fsync` (Foundation's writes all sync, a disk wait per file): a generated file is
    /// compared again on the next run, and rewritten if a crash lost it.
    ///
    /// - Returns: `nil`, or the reason it failed.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        let temporary = path + ".loggen-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o666)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var written = 0
        var failure: String? = nil
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// Whether a file starts with `prefix` (only the prefix's bytes are read).
    static func starts(_ path: String, with prefix: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: prefix.count)
        var filled = 0
        while filled < prefix.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            filled += count
        }
        return bytes == prefix
    }

    enum Listing {
        case missing, notAFolder, unreadable(String), names([String])
    }

    /// The names in a folder (hidden ones excepted).
    static func names(in directory: String) -> Listing {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .notAFolder }
        guard let handle = opendir(directory) else { return .unreadable(String(cString: strerror(errno))) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return .names(names)
    }
}
