import Foundation

extension System {
    /// An Apple data-protection class: when the system keeps a file encrypted and unreadable.
    /// The store's public ``LogFileProtection`` names the same four classes.
    /// A struct with static properties emitted into their callers, not an enum: an enum costs the
    /// runtime an app links value witnesses and synthesised `Equatable`/`Hashable` conformances
    /// that nothing uses (issue 26).
    public struct DataProtection: Sendable {
        package let code: UInt8
        @usableFromInline init(_ code: UInt8) { self.code = code }

        /// Unreadable and unwritable while the device is locked (`NSFileProtectionComplete`).
        @_alwaysEmitIntoClient public static var complete: DataProtection { DataProtection(0) }
        /// Can be created while the device is locked, and a file open then stays usable; once
        /// closed it cannot be opened again until the device is unlocked
        /// (`NSFileProtectionCompleteUnlessOpen`).
        @_alwaysEmitIntoClient public static var completeUnlessOpen: DataProtection { DataProtection(1) }
        /// Readable and writable from the first unlock after boot on
        /// (`NSFileProtectionCompleteUntilFirstUserAuthentication`).
        @_alwaysEmitIntoClient public static var completeUntilFirstUserAuthentication: DataProtection { DataProtection(2) }
        /// No protection beyond the device's own encryption (`NSFileProtectionNone`).
        @_alwaysEmitIntoClient public static var none: DataProtection { DataProtection(3) }
    }

    /// Gives a directory a data-protection class and excludes it from backups (logs are not
    /// user data). New files inherit the class of their directory, so a store sets it on its
    /// directory when it creates it (segments, cursors and indexes created later inherit it).
    /// On macOS only the backup exclusion applies; on Linux nothing does.
    public static func protect(directory path: String, with protection: DataProtection) {
        #if canImport(Darwin) && !os(macOS)
        let type: FileProtectionType =
            switch protection.code {
            case 0: .complete
            case 1: .completeUnlessOpen
            case 2: .completeUntilFirstUserAuthentication
            default: .none
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
