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
        return Status(status)
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
                        || !System.bytesEqual(buffer.baseAddress!, expected.baseAddress! + offset, count: count)
                    {
                        return false
                    }
                    offset += count
                }
            }
        }
    }

    /// Puts `bytes` at `path` and returns the new file's status (read from the open file,
    /// not looked up again). No `fsync` (Foundation's writes all sync, a disk wait per file):
    /// a generated file is compared again on the next run, and rewritten if a crash lost it.
    ///
    /// - A file that is there is replaced at once: the bytes go to a temporary file beside
    ///   it, renamed over it, so a reader (or a build interrupted) sees the old file or the
    ///   new one.
    /// - A file that is not there (every file of a new folder) is created under its own name,
    ///   exclusively: one directory operation instead of two. Nothing can see an old file
    ///   there, and a file left short by an interrupted run has the wrong bytes, so the next
    ///   run (which compares, and whose cache was not written) replaces it. Should a file
    ///   appear meanwhile, it is replaced as above.
    ///
    /// - Parameter exists: whether the caller saw a file at `path`.
    /// - Returns: the status of the file written, or the reason it failed.
    static func write(_ path: String, _ bytes: [UInt8], exists: Bool) -> Result<Status, WriteFailure> {
        if !exists {
            let descriptor: Int32
            do throws(System.Failure) {
                descriptor = try System.open(path, .writingNew, permissions: 0o666)
            } catch  where error.isAlreadyExisting {
                // Someone put a file there since the folder was listed: replace it below.
                return write(path, bytes, exists: true)
            } catch {
                return .failure(WriteFailure(reason: error.description))
            }
            do throws(System.Failure) {
                return .success(try write(bytes, to: descriptor))
            } catch {
                // The file is this run's own (created exclusively): a short one is not left
                // for the build to compile (a full disk, a quota).
                try? System.unlink(path)
                return .failure(WriteFailure(reason: error.description))
            }
        }
        let temporary = path + ".loggen-\(System.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        do throws(System.Failure) {
            let status = try write(bytes, to: try System.open(temporary, .writingNew, permissions: 0o666))
            try System.rename(temporary, to: path)
            return .success(status)
        } catch {
            try? System.unlink(temporary)
            return .failure(WriteFailure(reason: error.description))
        }
    }

    /// Why ``write(_:_:exists:)`` failed, as `System` says it.
    struct WriteFailure: Error {
        var reason: String
    }

    /// Writes every byte through a new descriptor, then closes it; the status is taken before
    /// the close (a rename keeps the inode, so it is also the renamed file's status).
    private static func write(_ bytes: [UInt8], to descriptor: Int32) throws(System.Failure) -> Status {
        let status: System.FileStatus
        do throws(System.Failure) {
            try bytes.withUnsafeBytes { buffer in Result { () throws(System.Failure) in try System.writeAll(descriptor, buffer) } }.get()
            status = try System.status(descriptor)
        } catch {
            System.close(descriptor)
            throw error
        }
        try System.closeAfterWriting(descriptor)
        return Status(status)
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

extension OutputFile.Status {
    init(_ status: System.FileStatus) {
        self.init(
            size: status.size, modifiedSeconds: status.modifiedSeconds,
            modifiedNanoseconds: status.modifiedNanoseconds, inode: status.inode)
    }
}
