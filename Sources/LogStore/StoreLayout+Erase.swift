import Foundation
import LogCore

// Deleting files for erasure (issue 17): BehaviorLog's privacy features delete stores and the
// personal-data salt through these, so that no system call is made above LogStore.
extension StoreLayout {
    /// Whether the directory exists.
    var exists: Bool {
        (try? fileSystem.kind(of: directory)) == .some(.directory)
    }

    /// Removes the directory if it is empty, then syncs its parent; leaves it (no error) when
    /// something else is in it.
    func removeDirectoryIfEmpty() throws(LogStoreError) {
        do {
            try System.removeDirectory(directory)
        } catch {
            if error.isNotEmpty || error.isAlreadyExisting || error.isNotFound { return }
            throw .system(operation: "remove directory", path: directory, errno: error.code)
        }
        try StoreLayout(directory: (directory as NSString).deletingLastPathComponent).syncDirectory()
    }
}

/// Durable deletion of single files, for the data BehaviorLog keeps beside its stores.
package enum DurableFileRemoval {
    /// Deletes the file at `path` (a missing file is no error) and syncs its directory, so the
    /// name is gone from disk when this returns.
    package static func remove(_ path: String) throws(LogStoreError) {
        let layout = StoreLayout(directory: (path as NSString).deletingLastPathComponent)
        try layout.remove(path)
        try StoreLayout(directory: (path as NSString).deletingLastPathComponent).syncDirectory()
    }

    /// Syncs the directory at `path`, so that a file just created or renamed in it stays.
    package static func syncDirectory(_ path: String) throws(LogStoreError) {
        try StoreLayout(directory: path).syncDirectory()
    }
}
