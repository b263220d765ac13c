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
public enum LogFileProtection: String, Sendable, CaseIterable {
    /// Unreadable and unwritable while the device is locked (and after boot until the first
    /// unlock): every write made while it is locked fails, even to a file that is open.
    case complete
    /// A file can be created while the device is locked, and a file open before it locked stays
    /// usable; but once closed, a file cannot be opened again until the device is unlocked. The
    /// store keeps its current segment open, so appends go on while the device is locked; what
    /// it cannot do is open the store (its lock file, last segment and cursors are closed files)
    /// or read a closed segment, index or cursor — so a store opened while the device is locked
    /// waits for the unlock, and a buffered output's sender waits with it.
    case completeUnlessOpen
    /// Readable and writable from the first unlock after boot on, locked or not (the default).
    case completeUntilFirstUserAuthentication
    /// No protection beyond the device's own encryption: readable even before the first unlock.
    case none

    /// The platform layer's name for the class (``System/protect(directory:with:)`` applies it).
    var dataProtection: System.DataProtection {
        switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        case .none: .none
        }
    }
}
