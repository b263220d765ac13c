import Foundation
import LogCore

/// A read-only view of a store, safe to use while a writer (in any process) appends, rotates,
/// restarts or deletes segments. It never creates, changes or deletes a file, takes no lock,
/// and rebuilds a missing index only in memory.
///
/// Thread-safe (calls are serialised by a mutex); it remembers where the last read stopped, so
/// one reader per consumer reads fastest.
///
/// ```swift
/// let reader = try LogStoreReader(directory: URL(fileURLWithPath: "/var/app/logs/http"))
/// var after: UInt64 = 0
/// while true {                                    // follow, like `tail -f`
///     let chunk = try reader.read(after: after, limit: 1000, matching: LogRecordFilter(categories: ["search"]))
///     for record in chunk { print(record.sequence, record.tag) }
///     after = chunk.last?.sequence ?? after       // a filtered read may skip ahead unseen
///     if chunk.isEmpty { sleep(1) }
/// }
/// ```
public final class LogStoreReader: Sendable {
    private let core: Locked<StoreReadingCore>
    private let layout: StoreLayout
    /// The store directory.
    public var directory: URL { URL(fileURLWithPath: path, isDirectory: true) }
    /// The store directory's path.
    package let path: String

    /// Opens the store in `directory` for reading.
    /// - Throws: ``LogStoreError/notAStore(directory:)`` if the directory does not exist.
    package convenience init(directory: String) throws(LogStoreError) {
        try self.init(directory: directory, fileSystem: PosixFileSystem.shared)
    }

    /// Opens a store on a file system of a test's.
    package init(directory: String, fileSystem: any StoreFileSystem) throws(LogStoreError) {
        let layout = StoreLayout(directory: directory, fileSystem: fileSystem)
        _ = try layout.list()
        self.core = Locked(StoreReadingCore(layout: layout))
        self.layout = layout
        self.path = layout.directory
    }

    /// Opens the store at a file URL for reading.
    public convenience init(directory: URL) throws(LogStoreError) {
        try self.init(directory: directory.path)
    }

    /// Up to `limit` records with a sequence number above `sequence`, in order, that match
    /// `filter`. Closed segments whose index shows no match are skipped unread. Successive calls
    /// with `after` set to the last sequence returned continue where the previous one stopped.
    public func read(after sequence: UInt64 = 0, limit: Int, matching filter: LogRecordFilter = .all) throws(LogStoreError) -> [LogRecord] {
        try core.withLock { (core) throws(LogStoreError) in try core.read(after: sequence, limit: limit, filter: filter) }
    }

    /// Lends the records with a sequence number above `sequence` that match `filter`, in order,
    /// to `body`, without copying them: the tag is shared, the payload is borrowed from the
    /// reader's buffer and valid only during the call. Every record lent has had its checksum
    /// verified; a damaged frame is never lent. (Frames the filter turns down are passed over
    /// without their checksums, yet never at the cost of a record: see docs/Store.md, "Filtered
    /// scans check what they hand out".) The scan ends after `limit` records, when `body`
    /// returns ``LogScanDecision/stop``, or at the end of the store; a later scan after the
    /// last sequence lent continues where this one stopped, and closed segments whose index
    /// shows no match are skipped unread, as with ``read(after:limit:matching:)``.
    ///
    /// `body` runs while the reader is locked: it must not use this reader.
    /// - Returns: how many records `body` was given.
    /// - Throws: a ``LogStoreError``, or what `body` throws (the scan then stops).
    @discardableResult
    public func scan(
        after sequence: UInt64 = 0, limit: Int = .max, matching filter: LogRecordFilter = .all,
        _ body: (borrowing BorrowedLogRecord) throws -> LogScanDecision
    ) throws -> Int {
        try core.withLock { core in try core.scan(after: sequence, limit: limit, filter: filter, body) }
    }

    /// Up to `limit` records after cursor `name`'s acknowledged position (the cursor is not moved).
    /// (Emitted into its callers, the tools: the runtime never reads by cursor here; issue 26.)
    @_alwaysEmitIntoClient
    public func read(cursor name: String, limit: Int) throws(LogStoreError) -> [LogRecord] {
        try read(after: try acknowledgedSequence(cursor: name), limit: limit)
    }

    /// The acknowledged sequence of cursor `name` (0 if it does not exist).
    public func acknowledgedSequence(cursor name: String) throws(LogStoreError) -> UInt64 {
        try CursorFile.read(layout, name: name)
    }

    /// Summaries of every segment, oldest first (indexes where intact; the active one scanned).
    public func segments() throws(LogStoreError) -> [LogSegmentInfo] {
        try core.withLock { (core) throws(LogStoreError) in try core.segmentInfos() }
    }

    /// Segments, cursors with pending counts, and records dropped by caps.
    public func stats() throws(LogStoreError) -> LogStoreStats {
        let infos = try segments()
        let names = try layout.list().cursors
        var cursors: [LogCursorState] = []
        for name in names {
            let acknowledged = try CursorFile.read(layout, name: name)
            cursors.append(
                LogCursorState(
                    name: name, acknowledgedSequence: acknowledged,
                    pendingRecords: LogStoreStats.pending(after: acknowledged, in: infos)))
        }
        return LogStoreStats(segments: infos, cursors: cursors, droppedByCaps: try CursorFile.readDropped(layout))
    }

    /// Reads and checks every frame of every segment (indexes are not trusted).
    public func verify() throws(LogStoreError) -> LogStoreVerification {
        try core.withLock { (core) throws(LogStoreError) in try core.verify() }
    }
}
