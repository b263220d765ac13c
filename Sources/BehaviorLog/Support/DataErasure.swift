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
    // One throw site: five built the error, boxed it and threw it inline, a kilobyte of code
    // in every app (issue 26).
    if let failure = eraseAllData(under: directory.standardizedFileURL.path) {
        throw DataErasureError(path: failure.path, reason: failure.reason)
    }
}

/// What `eraseAllData(in:)` could not delete, and why; `nil` when everything is gone.
private func eraseAllData(under root: String) -> (path: String, reason: String)? {
    guard let status = try? System.status(of: root) else { return nil }  // (as `fileExists` said)
    guard status.kind == .directory else { return (root, "it is not a directory") }
    var stores: [String] = []
    var salts: [String] = []
    // The walk goes through `System` (`readdir`, `lstat`: a link is not followed), not
    // FileManager's enumerator, whose bridging cost every app 2 KB of code. A directory that
    // cannot be listed is an error: a store in it would stay.
    var directories = [root]
    while let folder = directories.popLast() {
        guard let names = try? System.listDirectory(folder) else {
            return (folder, "it cannot be listed")
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
            return (store, "a logger has this store open; call logger.eraseAllData(), or shut the logger down first")
        } catch {
            return (store, "\(error)")
        }
    }
    for salt in salts {
        do { try DurableFileRemoval.remove(salt) } catch { return (salt, "\(error)") }
    }
    return nil
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
