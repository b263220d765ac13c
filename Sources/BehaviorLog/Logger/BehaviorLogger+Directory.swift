import Foundation

extension BehaviorLogger {
    /// Where an app keeps its logs by default, a folder only this app uses:
    ///
    /// | platform | directory |
    /// |---|---|
    /// | iOS, iPadOS, watchOS, visionOS | `Library/Application Support/BehaviorLog` in the app's container |
    /// | macOS, Mac Catalyst | `~/Library/Application Support/<bundle identifier>/BehaviorLog` (a tool without one: its process name) |
    /// | tvOS | `Library/Caches/BehaviorLog`: the only place tvOS lets an app keep files, and the system purges it when it needs the space |
    /// | Linux | `$XDG_DATA_HOME/BehaviorLog` (or `~/.local/share/BehaviorLog`) |
    ///
    /// Each store directory the runtime creates in it is excluded from backups and gets its
    /// data-protection class (`LogStoreConfiguration.fileProtection`); the folders above it are
    /// created plainly. On tvOS a purge deletes logs not yet sent, without a word: docs/Platforms.md
    /// says what that means for a buffered output and for `logview`.
    ///
    /// ```swift
    /// let history = try LocalStoreOutput(directory: BehaviorLogger.defaultDirectory.appending(path: "history"))
    /// ```
    ///
    /// An app that shares its logs with an extension puts them in its App Group container
    /// instead (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`); see
    /// docs/Platforms.md for the one rule that then matters (a lock held while suspended).
    public static var defaultDirectory: URL {
        DefaultDirectory.current
    }
}
