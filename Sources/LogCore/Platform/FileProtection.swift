import Foundation

extension System {
    /// An Apple data-protection class: when the system keeps a file encrypted and unreadable.
    /// The store's public ``LogFileProtection`` names the same four classes.
    public enum DataProtection: Sendable {
        /// Unreadable and unwritable while the device is locked (`NSFileProtectionComplete`).
        case complete
        /// Can be created while the device is locked, and a file open then stays usable; once
        /// closed it cannot be opened again until the device is unlocked
        /// (`NSFileProtectionCompleteUnlessOpen`).
        case completeUnlessOpen
        /// Readable and writable from the first unlock after boot on
        /// (`NSFileProtectionCompleteUntilFirstUserAuthentication`).
        case completeUntilFirstUserAuthentication
        /// No protection beyond the device's own encryption (`NSFileProtectionNone`).
        case none
    }

    /// Gives a directory a data-protection class and excludes it from backups (logs are not
    /// user data). New files inherit the class of their directory, so a store sets it on its
    /// directory when it creates it (segments, cursors and indexes created later inherit it).
    /// On macOS only the backup exclusion applies; on Linux nothing does.
    public static func protect(directory path: String, with protection: DataProtection) {
        #if canImport(Darwin) && !os(macOS)
        let type: FileProtectionType =
            switch protection {
            case .complete: .complete
            case .completeUnlessOpen: .completeUnlessOpen
            case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
            case .none: .none
            }
        try? FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        #endif
        #if canImport(Darwin)
        var url = URL(fileURLWithPath: path, isDirectory: true)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try? url.setResourceValues(values)
        #endif
    }
}
