import Foundation
import LogCore

/// The names of the files in a store directory. Only names built here are ever opened, so no
/// path from outside (a cursor name, a listed file) can point out of the directory.
///
/// ```
/// LOCK                          the writer's flock(2) lock file; whether the directory's entry waits for a sync (LockRecord)
/// segment-0000000000000001.log  segments, numbered from 1 in the order they were created
/// segment-0000000000000001.idx  the index of a closed segment (a cache, rebuilt when damaged)
/// cursor-<name>                 a consumer's acknowledged sequence number
/// dropped                       how many records the caps dropped, in total
/// ```
///
/// Immutable, and a final class, not a struct: at `-Osize` a struct of references is copied and destroyed
/// through value witnesses of its own, which cost the runtime an app links more than a class (issue 26).
final class StoreLayout: Sendable {
    let directory: String
    /// Where the files are: the operating system's, or a test's.
    let fileSystem: any StoreFileSystem
    /// How the store's syncs are made.
    let syncMethod: System.SyncMethod

    init(directory: String, fileSystem: any StoreFileSystem = PosixFileSystem.shared, syncMethod: System.SyncMethod = .full) {
        self.directory = StoreLayout.withoutTrailingSlashes(directory)
        self.fileSystem = fileSystem
        self.syncMethod = syncMethod
    }

    /// Not inlined: the optimiser makes two copies of the initialiser (for `any StoreFileSystem`
    /// and for `PosixFileSystem`), and each had this loop (issue 26).
    @inline(never)
    private static func withoutTrailingSlashes(_ directory: String) -> String {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    var lockPath: String { directory + "/LOCK" }
    var droppedPath: String { directory + "/dropped" }

    func segmentPath(_ number: UInt64) -> String { directory + "/" + StoreLayout.segmentName(number) + ".log" }
    func indexPath(_ number: UInt64) -> String { directory + "/" + StoreLayout.segmentName(number) + ".idx" }

    func cursorPath(_ name: String) throws(LogStoreError) -> String {
        try StoreLayout.validateCursorName(name)
        return directory + "/cursor-" + name
    }

    static func segmentName(_ number: UInt64) -> String {
        let digits = String(number)
        return "segment-" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    static func validateCursorName(_ name: String) throws(LogStoreError) {
        // A plain loop: `allSatisfy` with a closure linked a specialisation of its own (issue 26).
        var valid = !name.isEmpty && name.utf8.count <= 64
        for byte in name.utf8 where !byte.isNameByte {
            valid = false
            break
        }
        guard valid else { throw .invalidCursorName(name) }
    }

    /// What the directory holds, from one listing.
    struct Listing {
        var segments: [UInt64] = []
        /// Index files, in the directory's order (each name is listed once; only iterated, so
        /// not a `Set`, whose hash table code is 1.3 KB an app links).
        var indexes: [UInt64] = []
        var cursors: [String] = []
        var temporaryFiles: [String] = []
    }

    func list() throws(LogStoreError) -> Listing {
        let names: [String]
        do {
            names = try fileSystem.listDirectory(directory)
        } catch {
            if error.isNotFound || error == .notADirectory { throw .notAStore(directory: directory) }
            throw .system(operation: "list", path: directory, errno: error.code)
        }
        var listing = Listing()
        // Segment names, sorted as text: their numbers have sixteen digits, so the text's order is
        // the numbers', and the store links one sort (of strings, which cursors need) instead of two.
        var segmentNames: [String] = []
        for name in names {
            if StoreLayout.segmentNumber(name, suffix: ".log") != nil {
                segmentNames.append(name)
            } else if let number = StoreLayout.segmentNumber(name, suffix: ".idx") {
                listing.indexes.append(number)
            } else if name.hasPrefix("cursor-"), (try? StoreLayout.validateCursorName(String(name.dropFirst(7)))) != nil {
                listing.cursors.append(String(name.dropFirst(7)))
            } else if name.hasSuffix(".tmp") {
                listing.temporaryFiles.append(name)
            }
        }
        segmentNames.sort()
        listing.segments.reserveCapacity(segmentNames.count)
        for name in segmentNames {
            if let number = StoreLayout.segmentNumber(name, suffix: ".log") { listing.segments.append(number) }
        }
        listing.cursors.sort()
        listing.temporaryFiles.sort()
        return listing
    }

    private static func segmentNumber(_ name: String, suffix: String) -> UInt64? {
        guard name.hasPrefix("segment-"), name.hasSuffix(suffix) else { return nil }
        let bytes = name.utf8
        guard bytes.count == 8 + 16 + suffix.utf8.count else { return nil }
        // Sixteen decimal digits, read by hand: `UInt64(_:)` on text brings the standard library's
        // generic integer parser (2 KB an app links), and took a leading `+` too.
        var number: UInt64 = 0
        var index = bytes.index(bytes.startIndex, offsetBy: 8)
        for _ in 0..<16 {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + UInt64(byte - UInt8(ascii: "0"))
            bytes.formIndex(after: &index)
        }
        return number > 0 ? number : nil
    }

    /// Creates the store's directory, and its missing parents, with mode 0700. A parent made on
    /// the way has its entry synced into its parent at once; the store's own directory does not
    /// (``syncEntries()`` does, before the first segment), so that a launch that logs nothing
    /// pays no sync for it. A parent's entry cannot wait so: another store may be made in it
    /// later, and nothing would tell that store that the entry above it is not durable.
    ///
    /// Only the store's own directory gets `protection` (Apple devices) and is excluded from
    /// backups; the files the store creates in it inherit both. A parent created on the way is
    /// created plainly: it is not the store's. `Application Support`, which iOS does not create
    /// at install, is where an app later keeps its own files (a Core Data or SwiftData store),
    /// and those must keep the app's backup and protection choices, not the log store's.
    ///
    /// - Returns: Whether it made the store's directory (false when it was there): its entry in
    ///   its parent is then not synced.
    func createDirectory(protection: LogFileProtection = .completeUntilFirstUserAuthentication) throws(LogStoreError) -> Bool {
        let kind: System.FileKind?
        do { kind = try fileSystem.kind(of: directory) } catch { throw .system(operation: "create directory", path: directory, errno: error.code) }
        if let kind {
            guard kind == .directory else { throw .system(operation: "use as a store directory", path: directory, errno: System.Failure.notADirectory.code) }
            return false
        }
        guard try makeDirectoryAndMissingParents(directory, syncingItsEntry: false) else { return false }
        fileSystem.protect(directory: directory, with: protection)
        return true
    }

    /// Creates `path` after its missing parents, none of them protected, and syncs the entries
    /// of the parents (and of `path` when `syncingItsEntry`); returns whether it made `path`
    /// (false when another process made it first).
    private func makeDirectoryAndMissingParents(_ path: String, syncingItsEntry: Bool) throws(LogStoreError) -> Bool {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path && (try? fileSystem.kind(of: parent)) == .some(nil) {
            _ = try makeDirectoryAndMissingParents(parent, syncingItsEntry: true)
        }
        do {
            try fileSystem.makeDirectory(path)
        } catch {
            if error.isAlreadyExisting { return false }
            throw .system(operation: "create directory", path: path, errno: error.code)
        }
        // The new directory's entry is in its parent, and a power loss can take back an entry
        // whose directory was not synced: the directory, and every record synced below it, with it.
        if syncingItsEntry { StoreLayout.syncBestEffort(StoreLayout.parent(of: path), fileSystem: fileSystem, syncMethod: syncMethod) }
        return true
    }

    /// Syncs the store directory's entry into its parent (``createDirectory(protection:)`` made
    /// it without), and the entry of every store directory above it: a store made inside
    /// another's directory (an outbox's `rejected` store) may be made before the enclosing one
    /// has synced its own entry, and a record synced into the inner store would go with it.
    /// Best effort, as every directory entry's sync: a parent that cannot be opened for reading
    /// (mode `--x`) is no reason to refuse a store that works until the power fails.
    func syncEntries() {
        var parents = [StoreLayout.parent(of: directory)]
        var ancestor = parents[0]
        while ancestor != "/" && ancestor != "." {
            if (try? fileSystem.kind(of: ancestor + "/LOCK")) == .some(.regular) { parents.append(StoreLayout.parent(of: ancestor)) }
            ancestor = StoreLayout.parent(of: ancestor)
        }
        for parent in parents.reversed() { StoreLayout.syncBestEffort(parent, fileSystem: fileSystem, syncMethod: syncMethod) }
    }

    /// The directory `path` is in ("." for a relative path's last parent).
    private static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    private static func syncBestEffort(_ directory: String, fileSystem: any StoreFileSystem, syncMethod: System.SyncMethod) {
        try? StoreLayout(directory: directory, fileSystem: fileSystem, syncMethod: syncMethod).syncDirectory()
    }

    /// Makes renames, new files and deletions in the directory durable.
    func syncDirectory() throws(LogStoreError) {
        let handle = try SystemFile.open(directory, .directory, in: fileSystem)
        defer { handle.close() }
        try handle.sync(syncMethod)
    }

    /// Deletes a file; a file already gone is no error.
    func remove(_ path: String) throws(LogStoreError) {
        do {
            try fileSystem.unlink(path)
        } catch  where !error.isNotFound {
            throw .system(operation: "delete", path: path, errno: error.code)
        } catch {}
    }

    /// Replaces a small file atomically: write a temporary file, sync it, rename it over, sync
    /// the directory (when not `durable`, neither is synced).
    func replaceFile(at path: String, with bytes: [UInt8], durable: Bool) throws(LogStoreError) {
        let temporary = path + ".tmp"
        let file = try SystemFile.open(temporary, .replacing, in: fileSystem)
        do throws(LogStoreError) {
            try bytes.withBytes { (raw) throws(LogStoreError) in try file.writeAll(raw) }
            if durable { try file.sync(syncMethod) }
            file.close()
        } catch {
            file.close()
            try? remove(temporary)
            throw error
        }
        do {
            try fileSystem.rename(temporary, to: path)
        } catch {
            try? remove(temporary)
            throw .system(operation: "rename over", path: path, errno: error.code)
        }
        if durable { try syncDirectory() }
    }

    /// Overwrites a small file of exactly `bytes.count` bytes in place, without a sync; `false`
    /// (nothing written) when it is missing or another size.
    func overwriteInPlace(at path: String, with bytes: [UInt8]) throws(LogStoreError) -> Bool {
        guard let file = try? SystemFile.open(path, .readWrite, in: fileSystem) else { return false }
        defer { file.close() }
        guard (try? file.size()) == bytes.count else { return false }
        try bytes.withBytes { (raw) throws(LogStoreError) in try file.writeAll(raw) }
        return true
    }

    /// A small checksummed file holding one number (cursors and the dropped count):
    /// 8-byte magic (`magic`, eight ASCII characters), 8-byte value, 4-byte CRC-32C of the first 16 bytes.
    static func encodeNumber(_ value: UInt64, magic: String) -> [UInt8] {
        var bytes = Array(magic.utf8)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: CRC32C.checksum(bytes).littleEndian) { bytes += $0 }
        return bytes
    }

    static func decodeNumber(_ bytes: [UInt8], magic: String) -> UInt64? {
        guard bytes.count == 20, String(decoding: bytes[0..<8], as: UTF8.self) == magic else { return nil }
        let crc = bytes[16..<20].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard crc == CRC32C.checksum(Array(bytes[0..<16])) else { return nil }
        return bytes[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// Reads a number file; `nil` when it is missing or damaged.
    ///
    /// - Throws: when the file exists but cannot be opened or read — on an Apple device, a file
    ///   of class `complete` or `completeUnlessOpen` while the device is locked (`EPERM`). That
    ///   is not a missing file: a cursor read as 0 would send everything again, and a count of
    ///   dropped logs read as 0 would be written back smaller.
    func readNumber(at path: String, magic: String) throws(LogStoreError) -> UInt64? {
        guard let file = try SystemFile.openForReadingIfPresent(path, in: fileSystem) else { return nil }
        defer { file.close() }
        // Twice: a cursor is overwritten in place (CursorFile.write), and a read racing that
        // write may see half of each.
        for _ in 0..<2 {
            if let value = StoreLayout.decodeNumber(try file.readAll(limit: 64), magic: magic) { return value }
        }
        return nil
    }
}
