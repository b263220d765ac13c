import Foundation

extension BehaviorLogger {
    /// Where an app keeps its logs by default: `Application Support/BehaviorLog` in the app's
    /// container on Apple platforms (not visible to the user, kept across launches and updates;
    /// each store directory the runtime creates is excluded from backups and gets its
    /// data-protection class, see `LogStoreConfiguration.fileProtection`); on Linux,
    /// `$XDG_DATA_HOME/BehaviorLog` (or `~/.local/share/BehaviorLog`).
    ///
    /// ```swift
    /// let history = try LocalStoreOutput(directory: BehaviorLogger.defaultDirectory.appending(path: "history"))
    /// ```
    ///
    /// An app that shares its logs with an extension puts them in its App Group container
    /// instead (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`); see
    /// docs/Platforms.md for the one rule that then matters (a lock held while suspended).
    public static var defaultDirectory: URL {
        #if canImport(Darwin)
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        #else
        let base = ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        #endif
        return base.appendingPathComponent("BehaviorLog", isDirectory: true)
    }
}
