import Foundation
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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else { throw DataErasureError(path: root, reason: "it is not a directory") }
    var stores: [String] = []
    var salts: [String] = []
    guard let walk = FileManager.default.enumerator(atPath: root) else {
        throw DataErasureError(path: root, reason: "it cannot be listed")
    }
    while let relative = walk.nextObject() as? String {
        let path = (root as NSString).appendingPathComponent(relative)
        let name = (relative as NSString).lastPathComponent
        if walk.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
            continue
        } else if name == "pii-salt" {
            salts.append(path)
        } else if name == "LOCK" || (name.hasPrefix("segment-") && (name.hasSuffix(".log") || name.hasSuffix(".idx"))) {
            let store = (path as NSString).deletingLastPathComponent
            if !stores.contains(store) { stores.append(store) }
        }
    }
    // The deepest first: an outbox's `rejected` store before the outbox (a path sorts after
    // every path it extends, so the reverse of the plain order puts it first; the plain order
    // is the sort the store already links, not another copy for a closure).
    for store in stores.sorted().reversed() {
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
public struct DataErasureError: Error, CustomStringConvertible {
    public internal(set) var path: String
    public internal(set) var reason: String
    public var description: String { "cannot erase \(path): \(reason)" }
}
