#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("LogCore's platform layer knows Darwin, Glibc and Musl")
#endif

/// The one seam between the package and the operating system, in the spirit of swift-nio's
/// `System.swift`: every system call of the libraries an app links (`LogStore`, `BehaviorLog`,
/// `BehaviorLogTesting`, `BehaviorLogHTTP`, `LogQuery`), of `LogServer` and of the generator's
/// libraries (`LogMarkdown`, `LogCodegen`) is made here, `EINTR` is retried here once, and the
/// differences between Apple's systems and Linux are decided here and nowhere else
/// (`#if canImport(Darwin)` first). Only the files of `Sources/LogCore/Platform/` import
/// `Darwin` or `Glibc`; `make test` checks it (`mk/platform-check.py`).
///
/// The Darwin branch cannot be compiled on Linux; `make test` type-checks it against a
/// shadow `Darwin` module with Darwin's names, values and types (`Tests/PlatformShadow`).
/// See docs/Platforms.md for what that proves and what only an Apple build can.
public enum System {
    /// An error number (`errno`) from a failed call.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public internal(set) var code: Int32
        public init(_ code: Int32) { self.code = code }
        /// The last call's `errno`.
        public static var last: Failure { Failure(errno) }

        public var isNotFound: Bool { code == ENOENT }
        /// The reader of a pipe went away (`head`, a closed pager).
        public var isBrokenPipe: Bool { code == EPIPE }
        public var isAlreadyExisting: Bool { code == EEXIST }
        public var isNotEmpty: Bool { code == ENOTEMPTY }
        public var isWouldBlock: Bool { code == EWOULDBLOCK || code == EAGAIN }
        /// The file is locked by data protection (an Apple device that is locked, a file of class
        /// `complete`): open and write fail with `EPERM` there until protected data is available.
        public var isProtectedDataUnavailable: Bool {
            #if canImport(Darwin) && !os(macOS)
            code == EPERM
            #else
            false
            #endif
        }
        /// The disk (or the quota) is full.
        public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT || code == EFBIG }

        public var description: String { System.describe(code) }

        public static let ioError = Failure(EIO)
        public static let notADirectory = Failure(ENOTDIR)
        public static let noSpace = Failure(ENOSPC)
    }

    /// The text of an error number, like `strerror`.
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Runs `call` until it does not fail with `EINTR`; a negative result throws `errno`.
    @inline(__always)
    private static func retrying<Result: BinaryInteger>(_ call: () -> Result) throws(Failure) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw Failure(code) }
        }
    }

    // MARK: Files

    /// How a file is opened. New files get mode 0600 unless said; a final link is not followed
    /// unless said; descriptors are closed on `exec`.
    ///
    /// A struct of `open`'s flags with the modes as static properties emitted into their callers,
    /// not an enum: an enum costs the runtime an app links value witnesses and synthesised
    /// `Equatable`/`Hashable` conformances that nothing uses (issue 26).
    public struct OpenMode: Sendable {
        /// The `open` flags of the mode.
        package let flags: Int32
        @usableFromInline init(_ flags: Int32) { self.flags = flags }

        @_alwaysEmitIntoClient public static var readOnly: OpenMode { OpenMode(O_RDONLY) }
        @_alwaysEmitIntoClient public static var readWrite: OpenMode { OpenMode(O_RDWR) }
        /// Read and write, created if missing.
        @_alwaysEmitIntoClient public static var readWriteCreating: OpenMode { OpenMode(O_RDWR | O_CREAT) }
        /// Write only, appending, created new (fails if the file exists).
        @_alwaysEmitIntoClient public static var appendingNew: OpenMode { OpenMode(O_WRONLY | O_CREAT | O_EXCL | O_APPEND) }
        /// Write only, appending, created if missing.
        @_alwaysEmitIntoClient public static var appending: OpenMode { OpenMode(O_WRONLY | O_CREAT | O_APPEND) }
        /// Write only, created or emptied.
        @_alwaysEmitIntoClient public static var replacing: OpenMode { OpenMode(O_WRONLY | O_CREAT | O_TRUNC) }
        /// Write only, created new (fails if the file exists).
        @_alwaysEmitIntoClient public static var writingNew: OpenMode { OpenMode(O_WRONLY | O_CREAT | O_EXCL) }
        /// A directory, to sync it.
        @_alwaysEmitIntoClient public static var directory: OpenMode { OpenMode(O_RDONLY | O_DIRECTORY) }
    }

    /// Opens a file.
    /// - Parameters:
    ///   - followingLinks: whether a final symbolic link is followed (the store's files: never,
    ///     `ELOOP`; a user's definitions or generated sources may be links).
    ///   - permissions: the mode of a file the call creates, before the umask.
    public static func open(_ path: String, _ mode: OpenMode, followingLinks: Bool = false, permissions: Int = 0o600) throws(Failure) -> Int32 {
        BlockingCalls.check("open")
        let flags = mode.flags | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        return try retrying { sysOpen(path, flags, mode_t(permissions)) }
    }

    /// Closes a descriptor. Not retried on `EINTR`: the descriptor is gone either way (POSIX
    /// leaves it unspecified, Linux and Darwin both release it).
    public static func close(_ descriptor: Int32) {
        _ = sysClose(descriptor)
    }

    /// Closes a descriptor a file was written through, reporting what `close` reports (a
    /// network file system may report a failed write only there). Not retried either.
    public static func closeAfterWriting(_ descriptor: Int32) throws(Failure) {
        BlockingCalls.check("close after writing")
        if sysClose(descriptor) != 0 { throw .last }
    }

    /// The write-all loop: writes every byte (a short write continues), retrying `EINTR`.
    /// A write that returns 0 is reported as `EIO`. The one copy of this loop in the package.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        BlockingCalls.check("write")
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = try retrying { sysWrite(descriptor, next, remaining) }
            if written == 0 { throw .ioError }
            next += written
            remaining -= written
        }
    }

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(Failure) -> Int {
        BlockingCalls.check("read")
        var total = 0
        while total < count {
            let got = try retrying { sysPread(descriptor, buffer + total, count - total, off_t(offset + total)) }
            if got == 0 { break }
            total += got
        }
        return total
    }

    /// Every byte of an open file from its start, also when it grows while it is read.
    @_alwaysEmitIntoClient
    public static func readAll(_ descriptor: Int32) throws(Failure) -> [UInt8] {
        // One byte more than the size, so that the read that sees the end needs no growth.
        var bytes = [UInt8](repeating: 0, count: try size(descriptor) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {  // the file grew while being read
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096)))
            }
            let wanted = bytes.count - filled
            let got = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(Failure) -> Int in try read(descriptor, into: buffer.baseAddress! + filled, count: wanted, at: filled) }
            }
            filled += try got.get()
            if try got.get() < wanted { break }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The size of an open file, in bytes.
    public static func size(_ descriptor: Int32) throws(Failure) -> Int {
        var info = stat()
        _ = try retrying { fstat(descriptor, &info) }
        return Int(info.st_size)
    }

    public static func truncate(_ descriptor: Int32, to length: Int) throws(Failure) {
        BlockingCalls.check("truncate")
        _ = try retrying { ftruncate(descriptor, off_t(length)) }
    }

    public static func duplicate(_ descriptor: Int32) throws(Failure) -> Int32 {
        try retrying { dup(descriptor) }
    }

    /// Takes an exclusive advisory lock (`flock`) without waiting; `isWouldBlock` when taken.
    public static func lockExclusively(_ descriptor: Int32) throws(Failure) {
        _ = try retrying { flock(descriptor, LOCK_EX | LOCK_NB) }
    }

    public static func rename(_ source: String, to destination: String) throws(Failure) {
        BlockingCalls.check("rename")
        _ = try retrying { sysRename(source, destination) }
    }

    public static func unlink(_ path: String) throws(Failure) {
        BlockingCalls.check("unlink")
        _ = try retrying { sysUnlink(path) }
    }

    public static func removeDirectory(_ path: String) throws(Failure) {
        BlockingCalls.check("rmdir")
        _ = try retrying { rmdir(path) }
    }

    /// What is at a path, without following a final link: `nil` when nothing is. A struct with
    /// static properties emitted into their callers, not an enum, for the reason ``OpenMode`` gives.
    public struct FileKind: Equatable, Sendable {
        @usableFromInline let code: UInt8
        @usableFromInline init(_ code: UInt8) { self.code = code }

        @_alwaysEmitIntoClient public static var directory: FileKind { FileKind(0) }
        @_alwaysEmitIntoClient public static var regular: FileKind { FileKind(1) }
        @_alwaysEmitIntoClient public static var other: FileKind { FileKind(2) }

        /// The kind of a `stat` mode.
        fileprivate init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: code = 0
            case S_IFREG: code = 1
            default: code = 2
            }
        }
    }

    public static func kind(of path: String) throws(Failure) -> FileKind? {
        var info = stat()
        do {
            _ = try retrying { lstat(path, &info) }
        } catch  where error.isNotFound {
            return nil
        }
        return FileKind(mode: info.st_mode)
    }

    /// What `stat` says of a file: enough to tell that its bytes changed without reading them,
    /// as `git` and build tools do (a rename gives a new inode).
    public struct FileStatus: Equatable, Sendable {
        public let kind: FileKind
        public let size: Int64
        public let modifiedSeconds: Int64
        public let modifiedNanoseconds: Int64
        public let inode: UInt64

        fileprivate init(_ info: stat) {
            kind = FileKind(mode: info.st_mode)
            size = Int64(info.st_size)
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            modifiedSeconds = Int64(modified.tv_sec)
            modifiedNanoseconds = Int64(modified.tv_nsec)
            inode = UInt64(info.st_ino)
        }
    }

    /// The status of what is at a path, following a final link (`stat`; ``kind(of:)`` does not).
    public static func status(of path: String) throws(Failure) -> FileStatus {
        var info = stat()
        _ = try retrying { stat(path, &info) }
        return FileStatus(info)
    }

    /// The status of an open file (`fstat`).
    public static func status(_ descriptor: Int32) throws(Failure) -> FileStatus {
        var info = stat()
        _ = try retrying { fstat(descriptor, &info) }
        return FileStatus(info)
    }

    /// Creates a directory with mode 0700 (`isAlreadyExisting` when something is there).
    public static func makeDirectory(_ path: String) throws(Failure) {
        BlockingCalls.check("mkdir")
        _ = try retrying { mkdir(path, 0o700) }
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    ///
    /// Each name is read through a pointer up to its NUL, never by copying `d_name`: the
    /// kernel's records are only as long as their name, and the fixed-size array (256 bytes
    /// on Linux, 1,024 on Darwin) can reach past the end of the last record of a buffer into
    /// unmapped memory (a crash seen in release builds).
    public static func listDirectory(_ path: String) throws(Failure) -> [String] {
        BlockingCalls.check("readdir")
        guard let handle = opendir(path) else { throw Failure.last }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 && errno != EINTR { throw Failure.last }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    // MARK: Durability

    /// Makes what was written to a file survive a power loss, as `method` says.
    ///
    /// - Linux: `fsync`, which flushes the drive's cache too (both methods).
    /// - Darwin: `fsync` only hands the data to the drive, whose cache a power loss can still
    ///   lose. `.full` asks for `F_FULLFSYNC` (the drive flushes its cache), falling back to
    ///   `fsync` where the file system refuses it, as SQLite does; `.barrier` asks for
    ///   `F_BARRIERFSYNC` (writes before it reach the disk before writes after it: ordering,
    ///   not flushing), falling back to `fsync`.
    public static func sync(_ descriptor: Int32, method: SyncMethod) throws(Failure) {
        BlockingCalls.check("fsync")
        #if canImport(Darwin)
        let command = method.isFull ? F_FULLFSYNC : F_BARRIERFSYNC
        if (try? retrying({ fcntl(descriptor, command) })) != nil { return }
        #endif
        _ = try retrying { fsync(descriptor) }
    }

    /// How a sync is made (see ``sync(_:method:)``). A struct with static properties emitted
    /// into their callers, not an enum, for the reason ``OpenMode`` gives.
    public struct SyncMethod: Sendable {
        /// 1 for `.full`, 0 for `.barrier`: a byte, not a `Bool`, since a type of a `Bool`'s
        /// layout needs value witnesses of its own and a byte's are the standard library's.
        @usableFromInline let code: UInt8
        @usableFromInline init(code: UInt8) { self.code = code }

        @_alwaysEmitIntoClient public static var full: SyncMethod { SyncMethod(code: 1) }
        @_alwaysEmitIntoClient public static var barrier: SyncMethod { SyncMethod(code: 0) }
        /// Whether the method is `.full`.
        @_alwaysEmitIntoClient public var isFull: Bool { code == 1 }
    }

    // MARK: Processes and threads

    /// Past a file-size limit (`ulimit -f`) a write fails with `EFBIG` instead of killing the process.
    public static func ignoreFileSizeSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    public static func sleep(microseconds: UInt32) {
        usleep(microseconds)
    }

    /// Names the calling thread for the kernel too, so that `top -H`, `perf`, Instruments and
    /// crash reports tell the logger's threads apart (`Thread.name` alone does not reach the
    /// kernel on Linux). Linux cuts names to 15 bytes: put the distinctive part first.
    public static func nameCurrentThread(_ name: String) {
        #if canImport(Darwin)
        _ = pthread_setname_np(name)
        #else
        // `pthread_setname_np` and `prctl` are not visible from Swift's Glibc module; the
        // kernel takes the name written to this file too.
        guard let file = try? open("/proc/thread-self/comm", .readWrite) else { return }
        defer { close(file) }
        // The first 15 bytes in place: `Array(name.utf8.prefix(15))` linked two specialisations
        // of generic collection code (issue 26).
        name.withUTF8Bytes { bytes in try? writeAll(file, UnsafeRawBufferPointer(start: bytes.baseAddress, count: min(bytes.count, 15))) }
        #endif
    }

    /// The calling thread's identity (`pthread_self`), to compare with one taken on another
    /// thread: a thread that must never wait for itself knows it is that thread.
    public static func currentThreadIdentifier() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Standard output's descriptor.
    public static let standardOutput: Int32 = 1
    /// Standard error's descriptor.
    public static let standardError: Int32 = 2

    /// Hands what `print` and the C library buffered to the descriptors (`fflush`), so that what
    /// is written next to another descriptor comes after it.
    public static func flushOutputStreams() {
        fflush(nil)
    }

    /// Ends the process with `code`, standard output flushed first (`exit`).
    public static func exit(_ code: Int32) -> Never {
        sysExit(code)
    }

    /// The process's identifier.
    public static var processIdentifier: Int32 { Int32(getpid()) }

    /// The working directory, `nil` when it cannot be read (it was deleted, say).
    public static func currentDirectory() -> String? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether a descriptor is a terminal.
    @_alwaysEmitIntoClient
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The value of an environment variable.
    @_alwaysEmitIntoClient
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    // MARK: Clocks

    /// A monotonic clock in nanoseconds, for intervals (not a required-reason API on Apple's
    /// list: `clock_gettime(CLOCK_MONOTONIC)`, not `mach_absolute_time` or boot time).
    public static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The wall clock in microseconds since 1970.
    public static func realtimeMicroseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
    }

    // MARK: Memory

    /// Whether `count` bytes at `left` and `right` are equal (`memcmp`).
    @inline(__always)
    public static func bytesEqual(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }

    /// The offset of the first `byte` in `count` bytes at `start`, `nil` when there is none (`memchr`).
    @_alwaysEmitIntoClient
    @inline(__always)
    public static func firstOffset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard let found = memchr(start, Int32(byte), count) else { return nil }
        return start.distance(to: UnsafeRawPointer(found))
    }
}

// The calls whose Swift names the layer reuses under the same names, named once per platform.
#if canImport(Darwin)
@inline(__always) private func sysOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
@inline(__always) private func sysClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
@inline(__always) private func sysWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(descriptor, bytes, count) }
@inline(__always) private func sysPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    Darwin.pread(descriptor, buffer, count, offset)
}
@inline(__always) private func sysRename(_ source: String, _ destination: String) -> Int32 { Darwin.rename(source, destination) }
@inline(__always) private func sysUnlink(_ path: String) -> Int32 { Darwin.unlink(path) }
@inline(__always) private func sysExit(_ code: Int32) -> Never { Darwin.exit(code) }
#elseif canImport(Glibc)
@inline(__always) private func sysOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
@inline(__always) private func sysClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
@inline(__always) private func sysWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(descriptor, bytes, count) }
@inline(__always) private func sysPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    Glibc.pread(descriptor, buffer, count, offset)
}
@inline(__always) private func sysRename(_ source: String, _ destination: String) -> Int32 { Glibc.rename(source, destination) }
@inline(__always) private func sysUnlink(_ path: String) -> Int32 { Glibc.unlink(path) }
@inline(__always) private func sysExit(_ code: Int32) -> Never { Glibc.exit(code) }
#elseif canImport(Musl)
@inline(__always) private func sysOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Musl.open(path, flags, mode) }
@inline(__always) private func sysClose(_ descriptor: Int32) -> Int32 { Musl.close(descriptor) }
@inline(__always) private func sysWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Musl.write(descriptor, bytes, count) }
@inline(__always) private func sysPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    Musl.pread(descriptor, buffer, count, offset)
}
@inline(__always) private func sysRename(_ source: String, _ destination: String) -> Int32 { Musl.rename(source, destination) }
@inline(__always) private func sysUnlink(_ path: String) -> Int32 { Musl.unlink(path) }
@inline(__always) private func sysExit(_ code: Int32) -> Never { Musl.exit(code) }
#endif
