import Foundation
import LogCore
import LogStore

/// Deletes everything BehaviorLog keeps under `directory` — every store (history, outboxes,
/// logs set aside) with its segments, indexes and cursors, and every personal-data salt
/// (`pii-salt`) — for an app that erases before it configures a logger (at sign-out, after a
/// crash). Returns when the files are gone from disk (their directories synced). Other files
/// are left alone; a missing directory is no error. A running logger erases with
/// `BehaviorLogger.eraseAllData()` instead.
///
/// ```swift
/// try BehaviorLog.eraseAllData(in: BehaviorLogger.defaultDirectory)
/// ```
/// - Throws: `DataErasureError` naming what could not be deleted (a store a logger has open).
public func eraseAllData(in directory: URL) throws {
    let root = directory.standardizedFileURL.path
    guard let status = try? System.status(of: root) else { return }  // (as `fileExists` said)
    guard status.kind == .directory else { throw DataErasureError(path: root, reason: "it is not a directory") }
    var stores: [String] = []
    var salts: [String] = []
    // The walk goes through `System` (`readdir`, `lstat`: a link is not followed), not
    // FileManager's enumerator, whose bridging cost every app 2 KB of code. A directory that
    // cannot be listed is an error: a store in it would stay.
    var directories = [root]
    while let folder = directories.popLast() {
        guard let names = try? System.listDirectory(folder) else {
            throw DataErasureError(path: folder, reason: "it cannot be listed")
        }
        for name in names {
            let path = folder + "/" + name
            if (try? System.kind(of: path)) == .directory {
                directories.append(path)
            } else if name == "pii-salt" {
                salts.append(path)
            } else if name == "LOCK" || (name.hasPrefix("segment-") && (name.hasSuffix(".log") || name.hasSuffix(".idx"))) {
                if !stores.contains(folder) { stores.append(folder) }
            }
        }
    }
    // The deepest first: an outbox's `rejected` store before the outbox (a path sorts after
    // every path it extends, so the reverse of the plain order puts it first). `sort()` in
    // place, as the store sorts its names: `sorted()` linked a second copy of the sort.
    stores.sort()
    for store in stores.reversed() {
        do {
            try LogStoreWriter.removeStore(directory: store)
        } catch .lockedByAnotherWriter {
            throw DataErasureError(path: store, reason: "a logger has this store open; call logger.eraseAllData(), or shut the logger down first")
        } catch {
            throw DataErasureError(path: store, reason: "\(error)")
        }
    }
    for salt in salts {
        do { try DurableFileRemoval.remove(salt) } catch { throw DataErasureError(path: salt, reason: "\(error)") }
    }
}

/// `eraseAllData(in:)` could not delete something.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class DataErasureError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot erase \(path): \(reason)" }
}
