import LogCore

/// The data-protection class of a store's files on an Apple device: when the system keeps
/// them encrypted and unreadable. The store sets it on the directory it creates, and the files it
/// creates there inherit it. On macOS and Linux it changes nothing.
///
/// The default, ``completeUntilFirstUserAuthentication``, lets an app write logs in the
/// background while the device is locked (after the first unlock since boot). With the two
/// stricter classes, what the store cannot do while the device is locked it does after: appends
/// refused (``complete``), or a store that cannot be opened (both), leave the runtime's outputs
/// holding those logs in memory, said in their statistics (`heldLogs`, `lastError`), and writing
/// them in order once the device is unlocked (docs/Platforms.md, "File protection").
///
/// A struct with the classes as static properties, not an enum: an enum's value witnesses, raw
/// values and `Hashable`/`CaseIterable` conformances were in every app (issue 26).
public struct LogFileProtection: Equatable, Sendable, CustomStringConvertible {
    /// The platform layer's name for the class (``System/protect(directory:with:)`` applies it).
    let dataProtection: System.DataProtection
    @usableFromInline init(_ dataProtection: System.DataProtection) { self.dataProtection = dataProtection }

    /// Unreadable and unwritable while the device is locked (and after boot until the first
    /// unlock): every write made while it is locked fails, even to a file that is open.
    @_alwaysEmitIntoClient public static var complete: LogFileProtection { LogFileProtection(.complete) }
    /// A file can be created while the device is locked, and a file open before it locked stays
    /// usable; but once closed, a file cannot be opened again until the device is unlocked. The
    /// store keeps its current segment open, so appends go on while the device is locked; what
    /// it cannot do is open the store (its lock file, last segment and cursors are closed files)
    /// or read a closed segment, index or cursor — so a store opened while the device is locked
    /// waits for the unlock, and a buffered output's sender waits with it.
    @_alwaysEmitIntoClient public static var completeUnlessOpen: LogFileProtection { LogFileProtection(.completeUnlessOpen) }
    /// Readable and writable from the first unlock after boot on, locked or not (the default).
    @_alwaysEmitIntoClient public static var completeUntilFirstUserAuthentication: LogFileProtection {
        LogFileProtection(.completeUntilFirstUserAuthentication)
    }
    /// No protection beyond the device's own encryption: readable even before the first unlock.
    @_alwaysEmitIntoClient public static var none: LogFileProtection { LogFileProtection(.none) }

    public static func == (left: LogFileProtection, right: LogFileProtection) -> Bool {
        left.dataProtection.code == right.dataProtection.code
    }

    /// The class's name, as the enum it was printed (`complete`).
    public var description: String {
        switch dataProtection.code {
        case 0: "complete"
        case 1: "completeUnlessOpen"
        case 2: "completeUntilFirstUserAuthentication"
        default: "none"
        }
    }
}
