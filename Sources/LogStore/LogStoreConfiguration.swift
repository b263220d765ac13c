import LogCore
/// How a ``LogStoreWriter`` batches, syncs, rotates and caps. Validated when built: the sizes,
/// the age cap and the sync method are read-only (`public internal(set)`), set through the
/// validating initializer, so an app links no setters for them (issue 26).
public struct LogStoreConfiguration: Sendable {
    /// A segment is closed and a new one started when it reaches this size (default 8 MiB).
    public internal(set) var segmentBytes: Int
    /// Appended records are kept in memory and written with one `write` when this many bytes are
    /// pending (default 256 KiB), or on `flush`, `sync`, `read` and `close`.
    public internal(set) var writeBufferBytes: Int
    /// Group commit by count: `fsync` after this many records since the last sync (default 1,000).
    public var syncEveryRecords: Int
    /// Group commit by time: `fsync` at the first append (or ``LogStoreWriter/syncIfDue()``) this
    /// long after the last sync (default 200 ms; not negative).
    public var syncInterval: Duration {
        didSet { syncIntervalNanoseconds = Self.nanoseconds(syncInterval) }
    }
    /// `syncInterval` in nanoseconds, for the check on every append.
    package private(set) var syncIntervalNanoseconds: UInt64
    /// Cap on the store's total size: the oldest closed segments are dropped beyond it
    /// (default 256 MiB; `nil` for none).
    public var maximumTotalBytes: Int?
    /// Cap on age: closed segments whose newest record is older are dropped (default 30 days,
    /// at least 1 second; `nil` for none).
    public internal(set) var maximumAge: Duration?
    /// Called (outside the writer's lock, on the appending thread) whenever the durable sequence
    /// number advances.
    public var onDurable: (@Sendable (UInt64) -> Void)?
    /// How a sync is made: what it guarantees after a power loss, on Apple's systems
    /// (default ``LogStoreSyncMethod/full``; on Linux both are `fsync`).
    public internal(set) var syncMethod: LogStoreSyncMethod
    /// The data-protection class of a store directory the writer creates, on Apple devices
    /// (default ``LogFileProtection/completeUntilFirstUserAuthentication``; nothing elsewhere).
    public var fileProtection: LogFileProtection
    /// Whether the records behind every cursor stay until the caps drop them (a history that a
    /// buffered output sends from, through its cursor, keeps what was sent); by default (false) the
    /// closed segments every cursor has passed are deleted.
    package var keepsAcknowledgedRecords: Bool
    /// Where the files are: the operating system's file system, or a test's.
    package var fileSystem: any StoreFileSystem
    // (The values above are set in `init`, none at its declaration: an initial value there was a
    // function of its own in every app; issue 26.)

    // Never inlined: `standard` had its own copy of the checks and their messages (800 bytes).
    /// A configuration; every value has a default suited to a phone or a small server.
    /// - Throws: ``LogStoreError/invalidConfiguration(_:)`` for a value out of range.
    @inline(never)
    public init(
        segmentBytes: Int = 8 << 20,
        writeBufferBytes: Int = 256 << 10,
        syncEveryRecords: Int = 1_000,
        syncInterval: Duration = .milliseconds(200),
        maximumTotalBytes: Int? = 256 << 20,
        maximumAge: Duration? = .seconds(30 * 24 * 3600),
        syncMethod: LogStoreSyncMethod = .full,
        fileProtection: LogFileProtection = .completeUntilFirstUserAuthentication,
        onDurable: (@Sendable (UInt64) -> Void)? = nil
    ) throws(LogStoreError) {
        guard segmentBytes >= 4096 else { throw .invalidConfiguration("segmentBytes \(segmentBytes) is below the minimum of 4096") }
        guard writeBufferBytes >= 0 else { throw .invalidConfiguration("writeBufferBytes must not be negative") }
        guard syncEveryRecords >= 1 else { throw .invalidConfiguration("syncEveryRecords must be at least 1") }
        guard syncInterval >= .zero else { throw .invalidConfiguration("syncInterval \(syncInterval) must not be negative") }
        if let maximumTotalBytes, maximumTotalBytes < segmentBytes {
            throw .invalidConfiguration("maximumTotalBytes \(maximumTotalBytes) is below segmentBytes \(segmentBytes); the cap must hold at least one segment")
        }
        if let maximumAge, maximumAge < .seconds(1) { throw .invalidConfiguration("maximumAge \(maximumAge) is below 1 second; write nil for no age cap") }
        self.segmentBytes = segmentBytes
        self.writeBufferBytes = writeBufferBytes
        self.syncEveryRecords = syncEveryRecords
        self.syncInterval = syncInterval
        syncIntervalNanoseconds = Self.nanoseconds(syncInterval)
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumAge = maximumAge
        self.syncMethod = syncMethod
        self.fileProtection = fileProtection
        self.onDurable = onDurable
        keepsAcknowledgedRecords = false
        fileSystem = PosixFileSystem.shared
    }

    /// A duration in whole nanoseconds, saturating (`UInt64.max` stands for "never").
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (total, overflowAdding) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflowAdding ? .max : total
    }

    /// The defaults.
    public static var standard: LogStoreConfiguration {
        // The defaults are in range, so this cannot throw.
        try! LogStoreConfiguration()
    }
}

/// What a store's sync promises after a power loss or a kernel panic (an app that is killed
/// loses nothing that reached `write`, whatever the method). See docs/Store.md.
///
/// A struct with the methods as static properties, not an enum: an enum's value witnesses, raw
/// values and `Hashable`/`CaseIterable` conformances were in every app (issue 26).
public struct LogStoreSyncMethod: Equatable, Sendable, CustomStringConvertible {
    /// The platform layer's method.
    let system: System.SyncMethod
    @usableFromInline init(_ system: System.SyncMethod) { self.system = system }

    /// The data is on stable storage: `F_FULLFSYNC` on Apple's systems (the drive flushes its
    /// cache; `fsync` where the file system refuses it), `fsync` on Linux.
    @_alwaysEmitIntoClient public static var full: LogStoreSyncMethod { LogStoreSyncMethod(.full) }
    /// Apple's `F_BARRIERFSYNC`: writes before the sync reach storage before writes after it, so
    /// a power loss can lose a tail of the store but never leave a hole; cheaper than a full
    /// flush. `fsync` on Linux (which flushes).
    @_alwaysEmitIntoClient public static var barrier: LogStoreSyncMethod { LogStoreSyncMethod(.barrier) }

    public static func == (left: LogStoreSyncMethod, right: LogStoreSyncMethod) -> Bool {
        left.system.isFull == right.system.isFull
    }

    /// The method's name, as the enum it was printed (`full`).
    public var description: String { system.isFull ? "full" : "barrier" }
}
