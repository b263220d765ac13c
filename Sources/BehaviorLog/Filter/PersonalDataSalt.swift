import Foundation
import LogCore
import LogStore

/// The install's personal-data salt, kept in `directory/pii-salt`, that
/// `BehaviorLogger.eraseAllData()` can replace: give it to `PersonalDataFilter(mode: .saltedHash(salt))`
/// and erasure deletes the file (durably) and makes a new salt, so that hashes made before no
/// longer match those made after.
///
/// ```swift
/// let salt = try PersonalDataSalt(directory: supportDirectory)
/// let filter = FilterSetting(PersonalDataFilter(mode: .saltedHash(salt)))
/// ```
public final class PersonalDataSalt: Sendable {
    /// Where the salt file is.
    public let directory: URL
    /// The salt (`nil` while the file exists but cannot be read), its generation, and when it
    /// was last read. A tuple, not a struct of its own: `Locked` is generic and in another
    /// module, so a struct's metadata and value witnesses would be linked into every app.
    private let state: Locked<(bytes: [UInt8]?, generation: UInt64, lastAttempt: UInt64)>
    /// Personal values held back while the salt could not be read. Set in `init`: an initial
    /// value here was a function of its own in every app (issue 26).
    let withheld: AtomicCounter

    /// Reads the install's salt, or makes it (32 random bytes, mode 0600) when its file does
    /// not exist. When the file exists but cannot be read now (protected data unavailable),
    /// nothing is made: the salt is read again, at most once a second, when a value needs it,
    /// and meanwhile personal values are held back.
    /// - Throws: `PersonalDataSaltError` naming the file when a missing salt cannot be written.
    public init(directory: URL) throws {
        self.directory = directory
        withheld = AtomicCounter()
        var bytes: [UInt8]?
        do {
            bytes = try PersonalDataFilter.installSalt(in: directory)
        } catch let error as PersonalDataSaltError where error.existsButUnusable {
            bytes = nil
        }
        state = Locked((bytes, 0, System.monotonicNanoseconds()))
    }

    /// The salt's bytes now (`nil` while the file cannot be read).
    public var bytes: [UInt8]? { current.map(\.bytes) }

    /// The bytes and how many times the salt was renewed, read together; `nil` while the salt
    /// cannot be read (tried again at most once a second).
    var current: (bytes: [UInt8], generation: UInt64)? {
        state.withLock { state in
            if let bytes = state.bytes { return (bytes, state.generation) }
            let now = System.monotonicNanoseconds()
            guard now &- state.lastAttempt >= 1_000_000_000 else { return nil }
            state.lastAttempt = now
            state.bytes = try? PersonalDataFilter.installSalt(in: directory)
            return state.bytes.map { ($0, state.generation) }
        }
    }

    /// How many times the salt was renewed.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// The salt file's path.
    var file: URL { directory.appendingPathComponent("pii-salt") }

    /// Deletes the salt file (its directory synced, so it is gone from disk) and makes a new salt.
    /// - Throws: `PersonalDataSaltError` naming the file.
    public func renew() throws {
        do {
            try DurableFileRemoval.remove(file.path)
        } catch {
            throw PersonalDataSaltError(path: file.path, reason: "\(error)")
        }
        let fresh = try PersonalDataFilter.installSalt(in: directory)
        do {
            try DurableFileRemoval.syncDirectory(directory.path)
        } catch {
            throw PersonalDataSaltError(path: file.path, reason: "\(error)")
        }
        state.withLock { state in
            state.bytes = fresh
            state.generation += 1
        }
    }
}
