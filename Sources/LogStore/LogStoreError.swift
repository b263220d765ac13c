import LogCore

/// Why a store operation failed. Every case prints as one line that names the file and what to do.
public enum LogStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process (or another writer in this process) holds the store's write lock.
    case lockedByAnotherWriter(directory: String)
    /// The directory does not exist or is not a store (reading never creates one).
    case notAStore(directory: String)
    /// A system call failed: `operation` is what was attempted, `errno` the system's reason.
    case system(operation: String, path: String, errno: Int32)
    /// `fsync` failed. The segment was closed and will not be written again; appends go to a new
    /// segment. Records after ``LogStoreWriter/durableSequence`` may be lost: append them again.
    case syncFailed(path: String, errno: Int32)
    /// A cursor name that is not 1–64 characters of `A–Z a–z 0–9 _ -`.
    case invalidCursorName(String)
    /// A tag that is empty or longer than ``LogStoreLimits/maximumTagBytes`` bytes of UTF-8.
    case invalidTag(String)
    /// A record whose encoded size exceeds ``LogStoreLimits/maximumRecordBytes``.
    case recordTooLarge(bytes: Int, limit: Int)
    /// A configuration value out of range; the message says which and why.
    case invalidConfiguration(String)
    /// The writer was closed.
    case closed
    /// The device is locked and the store's files are of a protection class that keeps them
    /// closed until it is unlocked (Apple devices): the store opens at the first call after.
    case protectedDataUnavailable(directory: String)

    public var description: String {
        switch self {
        case .lockedByAnotherWriter(let directory):
            "store \(directory) is already open for writing by another writer (lock \(directory)/LOCK); open it read-only with LogStoreReader or stop the other writer"
        case .notAStore(let directory):
            "\(directory) is not a log store (no such directory); check the path"
        case .system(let operation, let path, let code):
            "cannot \(operation) \(path): \(System.describe(code)) (errno \(code))"
        case .syncFailed(let path, let code):
            "fsync of \(path) failed: \(System.describe(code)) (errno \(code)); the segment was closed, records after the last durable sequence must be appended again"
        case .invalidCursorName(let name):
            "invalid cursor name \"\(name)\": use 1–64 characters from A–Z, a–z, 0–9, '_' and '-'"
        case .invalidTag(let tag):
            "invalid tag \"\(tag.prefix(80))\": a tag is 1–\(LogStoreLimits.maximumTagBytes) bytes of UTF-8, like \"category.event\""
        case .recordTooLarge(let bytes, let limit):
            "record of \(bytes) bytes exceeds the limit of \(limit) bytes; split or shrink the payload"
        case .invalidConfiguration(let message):
            "invalid LogStore configuration: \(message)"
        case .closed:
            "the log store writer is closed; open a new LogStoreWriter"
        case .protectedDataUnavailable(let directory):
            "store \(directory) cannot be opened while the device is locked: its data-protection class keeps its files closed until the device is unlocked"
        }
    }
}
