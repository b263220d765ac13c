import LogCore

/// The output folder's side of `loggen generate`, through the platform layer's `System`: a
/// file's status, its bytes, the start of its bytes, the folder's names. (Foundation's
/// equivalents build a dictionary of attributes per call, and the folder holds a thousand files.)
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
        guard let status = try? System.status(of: path), status.kind == .regular else { return nil }
        return Status(
            size: status.size, modifiedSeconds: status.modifiedSeconds,
            modifiedNanoseconds: status.modifiedNanoseconds, inode: status.inode)
    }

    /// The bytes of a file, or `nil` when it cannot be read.
    static func bytes(at path: String) -> [UInt8]? {
        guard let descriptor = try? System.open(path, .readOnly, followingLinks: true) else { return nil }
        defer { System.close(descriptor) }
        return try? System.readAll(descriptor)
    }

    /// Whether a file holds exactly `bytes`: read in pieces into one buffer that is not
    /// kept (nor zeroed), compared as it comes, and given up at the first difference.
    static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        guard let descriptor = try? System.open(path, .readOnly, followingLinks: true) else { return false }
        defer { System.close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { buffer in
            bytes.withUnsafeBytes { expected in
                var offset = 0
                while true {
                    guard let count = try? System.read(descriptor, into: buffer.baseAddress!, count: buffer.count, at: offset) else {
                        return false
                    }
                    if count == 0 { return offset == expected.count }
                    if count > expected.count - offset
                        || !System.bytesEqual(buffer.baseAddress!, expected.baseAddress! + offset, count: count) {
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
        let temporary = path + ".loggen-\(System.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        do throws(System.Failure) {
            let descriptor = try System.open(temporary, .writingNew, permissions: 0o666)
            do throws(System.Failure) {
                try bytes.withUnsafeBytes { buffer in Result { () throws(System.Failure) in try System.writeAll(descriptor, buffer) } }.get()
            } catch {
                System.close(descriptor)
                throw error
            }
            try System.closeAfterWriting(descriptor)
            try System.rename(temporary, to: path)
            return nil
        } catch {
            try? System.unlink(temporary)
            return error.description
        }
    }

    /// Whether a file starts with `prefix` (only the prefix's bytes are read).
    static func starts(_ path: String, with prefix: [UInt8]) -> Bool {
        guard let descriptor = try? System.open(path, .readOnly, followingLinks: true) else { return false }
        defer { System.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: prefix.count)
        let count = bytes.withUnsafeMutableBytes { buffer in
            try? System.read(descriptor, into: buffer.baseAddress!, count: buffer.count, at: 0)
        }
        return count == prefix.count && bytes == prefix
    }

    enum Listing {
        case missing, notAFolder, unreadable(String), names([String])
    }

    /// The names in a folder (hidden ones excepted).
    static func names(in directory: String) -> Listing {
        do throws(System.Failure) {
            guard try System.status(of: directory).kind == .directory else { return .notAFolder }
            return .names(try System.listDirectory(directory).filter { !$0.hasPrefix(".") })
        } catch {
            return error.isNotFound ? .missing : .unreadable(error.description)
        }
    }
}
