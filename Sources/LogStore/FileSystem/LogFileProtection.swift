import LogCore

/// The data-protection class of a store's files on an Apple device: when the system keeps
/// them encrypted and unreadable. On macOS and Linux it changes nothing.
///
/// The default, ``completeUntilFirstUserAuthentication``, lets an app write logs in the
/// background while the device is locked (after the first unlock since boot). With
/// ``complete`` every write made while the device is locked fails until it is unlocked: the
/// runtime then keeps those logs in memory and writes them when protected data becomes
/// available again (see docs/Platforms.md).
public enum LogFileProtection: String, Sendable, CaseIterable {
    /// Readable and writable only while the device is unlocked.
    case complete
    /// Files open when the device locks stay writable; new ones cannot be created while locked.
    case completeUnlessOpen
    /// Readable and writable from the first unlock after boot on (the default).
    case completeUntilFirstUserAuthentication
    /// No protection beyond the device's own encryption.
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
