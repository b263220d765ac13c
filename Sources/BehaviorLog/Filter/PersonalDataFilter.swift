import Foundation
import LogCore
import LogStore

/// Redacts the fields marked `[pii]` in the definitions, in the payload and in the common
/// payload: drops them, or replaces each value with a salted hash.
///
/// A hashed value is the string `"sha256:"` followed by the first 16 bytes (32 hex digits)
/// of SHA-256 over the salt and the value's JSON text, so that the same user gives the
/// same hash on one install — logs can still be joined — but the value cannot be looked
/// up without the install's salt. `null` stays `null` (absence is not personal).
///
/// ```swift
/// let filter = PersonalDataFilter(mode: .saltedHash(try PersonalDataSalt(directory: supportDirectory)))
/// ```
///
/// The install's salt is made once, when its file does not exist. When the file exists but
/// cannot be read — an Apple device locked before its first unlock keeps it unreadable — the
/// personal values are *held back* (removed from the log and counted in ``withheldValues``),
/// never hashed with a new salt, which would silently change every hash of the install.
public struct PersonalDataFilter: LogFilter {
    /// What happens to a personal value.
    public enum Mode: Sendable {
        /// The field is removed from the log.
        case drop
        /// The value is replaced by a salted SHA-256 hash.
        case hash(salt: [UInt8])
        /// The value is replaced by a SHA-256 hash salted with the install's salt, which
        /// `BehaviorLogger.eraseAllData()` replaces.
        case saltedHash(PersonalDataSalt)

        /// The salt and its generation (0 for a fixed salt); `nil` when dropping, or while the
        /// install's salt cannot be read.
        var salt: (bytes: [UInt8], generation: UInt64)? {
            switch self {
            case .drop: nil
            case .hash(let salt): (salt, 0)
            case .saltedHash(let salt): salt.current
            }
        }
    }

    public internal(set) var mode: Mode
    /// Hashes of recent values: the common payload's personal fields repeat on every log.
    /// Set in `init`: an initial value here was a function of its own in every app (issue 26).
    private let cache: HashCache
    /// Personal fields named here by tag, besides those the events declare
    /// (`LogEvent.personalDataFields`) — for logs posted by tag, or generated code that does
    /// not declare them.
    public internal(set) var additionalFields: [String: [String]]

    /// - Parameters:
    ///   - mode: Drop or hash.
    ///   - additionalFields: More personal payload keys by tag (`["user_post_detail.show": ["author_nickname"]]`).
    /// Personal values removed because the install's salt could not be read at the time
    /// (``Mode/saltedHash(_:)``; see ``PersonalDataSalt``).
    public var withheldValues: UInt64 {
        if case .saltedHash(let salt) = mode { return salt.withheld.load() }
        return 0
    }

    public init(mode: Mode, additionalFields: [String: [String]] = [:]) {
        self.mode = mode
        self.additionalFields = additionalFields
        cache = HashCache()
    }

    public func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
        redact(&envelope, extraFields: additionalFields[envelope.tag] ?? [])
    }

    /// The filter for one tag, with its additional fields looked up once.
    public func specialized(forTag tag: String) -> any LogFilter {
        ForTag(filter: self, extraFields: additionalFields[tag] ?? [])
    }

    /// A class, not a struct: a struct in an existential brings its value witnesses into every
    /// app; this is made once per tag.
    private final class ForTag: LogFilter {
        let filter: PersonalDataFilter
        let extraFields: [String]

        init(filter: PersonalDataFilter, extraFields: [String]) {
            self.filter = filter
            self.extraFields = extraFields
        }

        func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
            filter.redact(&envelope, extraFields: extraFields)
        }
    }

    private func redact(_ envelope: inout LogEnvelope, extraFields: [String]) -> LogFilterDecision {
        if !extraFields.isEmpty {
            redact(&envelope.payload, fields: envelope.personalDataFields + extraFields)
        } else if !envelope.personalDataFields.isEmpty {
            redact(&envelope.payload, fields: envelope.personalDataFields)
        }
        if !envelope.commonPersonalDataFields.isEmpty {
            // The common payload is usually the same value log after log: redact it once.
            let generation = cache.generation(of: mode)
            let known = cache.lastCommon.withLock { output(of: $0, for: envelope.common, fields: envelope.commonPersonalDataFields, generation: generation) }
            if let known {
                envelope.common = known
            } else {
                let input = envelope.common
                redact(&envelope.common, fields: envelope.commonPersonalDataFields)
                let redaction: CommonRedaction = (input, envelope.commonPersonalDataFields, envelope.common, generation)
                cache.lastCommon.withLock { $0 = redaction }
            }
        }
        return .pass
    }

    /// Redacts the personal fields in place: the payload usually has the only reference to
    /// its storage, so nothing is copied or allocated but the hashes.
    private func redact(_ payload: inout LogPayload, fields personal: [String]) {
        switch mode {
        case .drop:
            payload.removeFields(in: personal)
        case .hash, .saltedHash:
            guard let (bytes, generation) = mode.salt else {
                // The install's salt cannot be read now: hold the values back, never hash them
                // with another salt.
                let removed = payload.removeFields(in: personal)
                if case .saltedHash(let salt) = mode { salt.withheld.add(UInt64(removed)) }
                return
            }
            payload.updateValues { key, value in
                guard value != .null, personal.contains(key) else { return }
                value = .string(cache.hash(value, generation: generation) { Self.hash($0, salt: bytes) })
            }
        }
    }

    /// Makes a new install salt (`.saltedHash`) and forgets the hashes made with the old one;
    /// nothing for the other modes (`BehaviorLogger.eraseAllData()`).
    public func eraseAllData() throws {
        guard case .saltedHash(let salt) = mode else { return }
        try salt.renew()
        cache.forget(before: salt.generation)
    }

    /// The salted hash of a value: `"sha256:"` and 32 hex digits.
    static func hash(_ value: LogValue, salt: [UInt8]) -> String {
        var writer = JSONWriter(capacity: 64)
        writer.value(value)
        let digest = SHA256.hash(salt + writer.bytes)
        var text: [UInt8] = Array("sha256:".utf8)
        text.reserveCapacity(39)
        Hex.append(digest.prefix(16), to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The install's salt, kept in `directory/pii-salt` (32 random bytes, mode 0600), made
    /// when — and only when — the file does not exist.
    /// - Throws: ``PersonalDataSaltError`` naming the file when it exists but cannot be read
    ///   (protected data unavailable, a damaged file): a new salt would change every hash of
    ///   the install, so none is made. Or when a new one cannot be written.
    public static func installSalt(in directory: URL) throws -> [UInt8] {
        let path = directory.appendingPathComponent("pii-salt").path
        switch readSalt(at: path) {
        case .salt(let salt):
            return salt
        case .missing:
            return try makeSalt(at: path, in: directory)
        case .damaged(let count):
            throw PersonalDataSaltError(
                path: path, reason: "it holds \(count) bytes, not 32 (damaged)",
                fix: "delete it to make a new salt; hashes made before will no longer match", existsButUnusable: true)
        case .unreadable(let failure):
            throw PersonalDataSaltError(
                path: path, reason: "it exists but cannot be read: \(failure)",
                fix: "read it again later (a locked device makes it readable at its first unlock); no new salt is made",
                existsButUnusable: true)
        }
    }

    private enum SaltRead {
        case salt([UInt8]), missing, damaged(Int), unreadable(System.Failure)
    }

    private static func readSalt(at path: String) -> SaltRead {
        let descriptor: Int32
        do {
            descriptor = try System.open(path, .readOnly)
        } catch {
            return error.isNotFound ? .missing : .unreadable(error)
        }
        defer { System.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 33)
        var result: Result<Int, System.Failure> = .success(0)
        bytes.withUnsafeMutableBytes { raw in
            result = Result { () throws(System.Failure) -> Int in try System.read(descriptor, into: raw.baseAddress!, count: raw.count, at: 0) }
        }
        switch result {
        case .failure(let failure): return .unreadable(failure)
        case .success(let count): return count == 32 ? .salt(Array(bytes.prefix(32))) : .damaged(count)
        }
    }

    private static func makeSalt(at path: String, in directory: URL) throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let temporary = path + ".tmp"
        var failure: (any Error)?
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            failure = error
        }
        if failure == nil {
            salt.withUnsafeBytes { raw in
                do {
                    let descriptor = try System.open(temporary, .replacing)
                    defer { System.close(descriptor) }
                    try System.writeAll(descriptor, raw)
                    try System.sync(descriptor, method: .full)
                    try System.rename(temporary, to: path)
                } catch {
                    failure = error
                }
            }
        }
        if let failure {
            try? System.unlink(temporary)
            throw PersonalDataSaltError(path: path, reason: "\(failure)", fix: "give a writable directory")
        }
        return salt
    }
}

/// The hashes of the last values seen (at most 1,024, then it starts over), so that a
/// value that repeats on every log — the device's ID in the common payload — is hashed once.
///
/// Hashes are kept with the generation of the salt they were made with (issue 17: a renewed
/// salt must never be mixed with a hash of the old one, even one a concurrent post computes).
private final class HashCache: Sendable {
    private let hashes = Locked<(generation: UInt64, values: [LogValue: String])>((0, [:]))
    /// The last common payload redacted, with its personal fields and the result.
    let lastCommon = Locked<CommonRedaction>((LogPayload(), [], nil, 0))

    func hash(_ value: LogValue, generation: UInt64, _ compute: (LogValue) -> String) -> String {
        if let known = hashes.withLock({ $0.generation == generation ? $0.values[value] : nil }) { return known }
        let hashed = compute(value)
        hashes.withLock { hashes in
            guard generation >= hashes.generation else { return }  // made with a salt since replaced
            if generation > hashes.generation || hashes.values.count >= 1_024 {
                hashes.values.removeAll(keepingCapacity: true)
                hashes.generation = generation
            }
            hashes.values[value] = hashed
        }
        return hashed
    }

    /// The salt generation a redaction is made under (0 without a renewable salt).
    func generation(of mode: PersonalDataFilter.Mode) -> UInt64 {
        guard case .saltedHash(let salt) = mode else { return 0 }
        return salt.generation
    }

    /// Forgets every hash made with a salt older than `generation`.
    func forget(before generation: UInt64) {
        hashes.withLock { hashes in
            guard hashes.generation < generation else { return }
            hashes = (generation, [:])
        }
        lastCommon.withLock { $0 = (LogPayload(), [], nil, 0) }
    }
}

/// A common payload, its personal fields, and the payload redacted, with the salt generation.
/// Read in place under the cache's lock: only the answer is copied out (an optional, or a
/// class, read with `if let` would be copied or retained first). A tuple, not a struct of its
/// own: `Locked` is generic and in another module, so a struct's metadata and value witnesses
/// would be linked into every app.
private typealias CommonRedaction = (input: LogPayload, fields: [String], output: LogPayload?, generation: UInt64)

/// The redacted payload, when `common` with these personal fields is the one `redaction`
/// redacted, under the same salt.
private func output(of redaction: CommonRedaction, for common: LogPayload, fields personal: [String], generation: UInt64) -> LogPayload? {
    guard redaction.output != nil, redaction.generation == generation, redaction.fields == personal,
        redaction.input.sharesStorage(with: common) || redaction.input == common
    else { return nil }
    return redaction.output
}

/// The install's salt could not be kept.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class PersonalDataSaltError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// What to do about it.
    public let fix: String
    /// The salt file exists but cannot be used (unreadable now, or damaged): no new salt is made.
    let existsButUnusable: Bool

    init(path: String, reason: String, fix: String = "give a writable directory", existsButUnusable: Bool = false) {
        self.path = path
        self.reason = reason
        self.fix = fix
        self.existsButUnusable = existsButUnusable
    }

    public var description: String {
        "cannot use the personal-data salt at \(path): \(reason); \(fix)"
    }
}
