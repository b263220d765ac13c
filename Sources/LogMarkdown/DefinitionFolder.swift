#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file system side of loading: listing a folder's documents and reading their
/// bytes, with plain system calls (no Foundation, which would cost more memory and start
/// time than the whole parse of a small folder).
enum DefinitionFolder {
    enum Problem: Error {
        case missing
        case notAFolder
        case unreadable(String)
    }

    /// The names of the `*.md` files in a folder (hidden ones excepted), sorted by bytes.
    static func documentNames(in directory: String) throws(Problem) -> [String] {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder }
        guard let handle = opendir(directory) else { throw .unreadable(String(cString: strerror(errno))) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // Through a pointer up to the NUL, never a copy of `d_name`: the kernel's record is
            // only as long as the name, and the fixed-size array can reach past the end of the
            // last record of `readdir`'s buffer into unmapped memory (issue 13; the store's
            // `System.listDirectory` does the same, but this module does not link LogStore).
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            if name.hasSuffix(".md") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The bytes of a file, or `nil` when it cannot be read (or is not a regular file).
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // One byte more than the size, so that the read that sees the end needs no growth.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
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
}
