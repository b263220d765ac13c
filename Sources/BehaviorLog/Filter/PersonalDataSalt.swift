import Foundation
import LogStore

/// The install's personal-data salt, kept in `directory/pii-salt`, that
/// `Logger.eraseAllData()` can replace: give it to `PersonalDataFilter(mode: .saltedHash(salt))`
/// and erasure deletes the file (durably) and makes a new salt, so that hashes made before no
/// longer match those made after.
///
/// ```swift
/// let salt = try PersonalDataSalt(directory: appSupportDirectory)
/// FilterSetting(PersonalDataFilter(mode: .saltedHash(salt)))
/// ```
public final class PersonalDataSalt: Sendable {
    /// Where the salt file is.
    public let directory: URL
    private let state: Locked<(bytes: [UInt8], generation: UInt64)>

    /// Reads the install's salt, or makes it (32 random bytes, mode 0600) on first use.
    /// - Throws: `PersonalDataSaltError` naming the file when it cannot be read or written.
    public init(directory: URL) throws {
        self.directory = directory
        state = Locked((try PersonalDataFilter.installSalt(in: directory), 0))
    }

    /// The salt's bytes now.
    public var bytes: [UInt8] { state.withLock { $0.bytes } }

    /// The bytes and how many times the salt was renewed, read together.
    var current: (bytes: [UInt8], generation: UInt64) { state.withLock { $0 } }

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
        state.withLock { $0 = (fresh, $0.generation + 1) }
    }
}
