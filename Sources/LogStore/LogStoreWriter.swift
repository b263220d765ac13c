import Foundation
import LogCore

/// The one writer of a store: appends records, group-commits them with `fsync`, rotates and caps
/// segments, and moves consumers' cursors.
///
/// Opening takes an exclusive `flock(2)` on `LOCK` in the store directory, so a second writer —
/// in this process or another — fails with ``LogStoreError/lockedByAnotherWriter(directory:)``.
/// Opening also recovers: torn tails are cut, missing indexes rebuilt, and writing always
/// continues in a new segment.
///
/// On an Apple device whose protected data is unavailable (locked, with the store's files of
/// class `complete` or `completeUnlessOpen`, or before the first unlock), opening cannot read
/// the store's files. The writer is then made all the same and opens at the first call that
/// needs the store once the device is unlocked: until then appends and reads throw
/// ``LogStoreError/protectedDataUnavailable(directory:)`` (the runtime's outputs hold those logs
/// in memory), and a sync has nothing to do.
///
/// Thread-safe: every method runs under an internal mutex, so the writer can be shared; the
/// usual owner is one background writer task. Opening sets `SIGXFSZ` to ignored, so that a file
/// size limit surfaces as an `EFBIG` error rather than killing the process.
///
/// ```swift
/// let writer = try LogStoreWriter(directory: URL(fileURLWithPath: "/var/app/logs/http"))
/// let range = try writer.append(contentsOf: entries)   // one write(2)
/// let durable = try writer.sync()                      // fsync: everything ≤ durable survives a crash
/// let chunk = try writer.read(cursor: "http", limit: 500)
/// try writer.acknowledge(cursor: "http", through: chunk.last!.sequence)
/// ```
public final class LogStoreWriter: Sendable {
    /// A `pthread_mutex_t` (`Locked`), not `Synchronization.Mutex`: the thread sanitizer sees
    /// it, so a sanitizer run of the runtime, which appends, syncs and reads from different
    /// threads, proves something.
    ///
    /// The open core, or a stand-in (``WriterCore/isOpen`` false) while a locked device keeps the
    /// store's files closed: the first call that needs the store replaces it by an open one.
    private let core: Locked<WriterCore>
    private let configuration: LogStoreConfiguration
    private let onDurable: (@Sendable (UInt64) -> Void)?
    /// The store directory.
    public var directory: URL { URL(fileURLWithPath: path, isDirectory: true) }
    /// The store directory's path.
    package let path: String

    /// Opens (creating it with mode 0700 if needed) the store in `directory` for writing.
    /// - Throws: ``LogStoreError/lockedByAnotherWriter(directory:)`` if another writer has it,
    ///   or a system error naming the file that could not be created or read.
    ///
    /// The deferred writer, opened at once: one initialiser's code, not two (issue 26).
    package convenience init(directory: String, configuration: LogStoreConfiguration = .standard) throws(LogStoreError) {
        self.init(deferringOpenOf: directory, configuration: configuration)
        try open()
    }

    /// Makes the writer without touching the file system: the store is opened (created,
    /// recovered) by ``open()`` — on the thread its owner chooses, off the app's — or by the
    /// first call that needs it. Until then it is a writer whose store waits to open
    /// (``isOpen`` false): a sync has nothing to do, ``stats()`` is empty.
    package init(deferringOpenOf directory: String, configuration: LogStoreConfiguration = .standard) {
        let layout = StoreLayout(directory: directory, fileSystem: configuration.fileSystem)
        self.path = layout.directory
        self.configuration = configuration
        self.onDurable = configuration.onDurable
        self.core = Locked(WriterCore(notOpenedAt: layout.directory, configuration: configuration))
    }

    /// Opens the store of a writer made with ``init(deferringOpenOf:configuration:)`` (or
    /// waiting for protected data), on the calling thread; nothing when it is open.
    /// - Returns: Whether it is open: false while the device's protected data is unavailable
    ///   (the first call that needs the store tries again).
    /// - Throws: What opening throws (another writer holds it, the directory cannot be
    ///   created), or ``LogStoreError/closed``. A later call tries again.
    @discardableResult
    package func open() throws(LogStoreError) -> Bool {
        try core.withLock { (core) throws(LogStoreError) -> Bool in
            guard !core.isOpen else { return !core.isClosed }
            guard !core.isClosed else { throw .closed }
            guard let opened = try Self.open(path, configuration) else { return false }
            core = opened
            return true
        }
    }

    /// Opens the store, or returns `nil` when the device's protected data is unavailable.
    private static func open(_ directory: String, _ configuration: LogStoreConfiguration) throws(LogStoreError) -> WriterCore? {
        do {
            return try WriterCore(directory: directory, configuration: configuration)
        } catch {
            if case .system(_, _, let code) = error, configuration.fileSystem.isProtectedDataUnavailable(code) { return nil }
            throw error
        }
    }

    /// Replaces a stand-in core by the open store, now that it may be openable.
    private func openNow(_ core: inout WriterCore) throws(LogStoreError) {
        guard !core.isClosed else { throw .closed }
        guard let opened = try Self.open(path, configuration) else { throw .protectedDataUnavailable(directory: path) }
        core = opened
    }

    /// Whether the store is open (false while a locked device keeps its files closed).
    public var isOpen: Bool {
        core.withLock { $0.isOpen && !$0.isClosed }
    }

    /// Opens the store at a file URL for writing.
    public convenience init(directory: URL, configuration: LogStoreConfiguration = .standard) throws(LogStoreError) {
        try self.init(directory: directory.path, configuration: configuration)
    }

    /// Runs `body` under the lock, then reports a durable-sequence advance outside it.
    ///
    /// This and ``lockedDeferringReport(reporting:_:)`` are never specialized: one copy of each, not one
    /// per public method and result type (the optimizer cloned them for each closure, about
    /// 6 KB an app links); what that costs is an indirect result per call.
    @_semantics("optimize.sil.specialize.generic.never")
    private func locked<Result>(_ body: (WriterCore) throws(LogStoreError) -> Result) throws(LogStoreError) -> Result {
        var advanced: UInt64?
        let result = try lockedDeferringReport(reporting: &advanced, body)
        reportDurable(advanced)
        return result
    }

    /// Calls `onDurable` with an advance a `…DeferringReport` call returned (nothing for nil).
    package func reportDurable(_ advanced: UInt64?) {
        if let advanced, let onDurable { onDurable(advanced) }
    }

    /// Runs `body` under the lock; returns its result, and sets `advanced` to the durable
    /// sequence if it advanced, for the caller to report (``reportDurable(_:)``). (Not a tuple:
    /// unspecialized, a `(Result, UInt64?)` would look its type up at run time on every call.)
    @_semantics("optimize.sil.specialize.generic.never")
    private func lockedDeferringReport<Result>(
        reporting advanced: inout UInt64?, _ body: (WriterCore) throws(LogStoreError) -> Result
    ) throws(LogStoreError) -> Result {
        try core.withLock { (core) throws(LogStoreError) -> Result in
            if !core.isOpen { try openNow(&core) }
            let result: Result
            do throws(LogStoreError) {
                result = try body(core)
            } catch {
                core.durableAdvanced = false
                throw error
            }
            defer { core.durableAdvanced = false }
            advanced = core.durableAdvanced ? core.durableSequence : nil
            return result
        }
    }

    // MARK: Appending

    /// Appends one record; it is written when the buffer fills or at the next flush or sync, and
    /// synced by the group-commit rules.
    /// - Returns: the record's sequence number.
    @discardableResult
    public func append(_ entry: LogEntry) throws(LogStoreError) -> UInt64 {
        try entry.payload.withBytes { (payload) throws(LogStoreError) -> UInt64 in
            try append(tag: entry.tag, timestamp: entry.timestamp, uuid: entry.uuid, payload: payload)
        }
    }

    /// Appends one record from raw payload bytes (copied into the write buffer, no allocation).
    /// - Returns: the record's sequence number.
    @discardableResult
    public func append(tag: String, timestamp: LogTimestamp, uuid: UUID, payload: UnsafeRawBufferPointer) throws(LogStoreError) -> UInt64 {
        try locked { (core) throws(LogStoreError) -> UInt64 in
            let sequence = try core.append(tag: tag, timestamp: timestamp, uuid: uuid, payload: payload, batching: false)
            _ = try core.syncIfDue()
            return sequence
        }
    }

    /// Appends a batch with one `write(2)`, then applies the group-commit rules.
    /// - Returns: the sequence numbers given, `nil` for an empty batch.
    /// - Throws: on an invalid entry (checked first) nothing of the batch is kept. On a write error
    ///   the part of the batch after the last rotation is not in the store; append the batch again
    ///   (the UUIDs let the receiver drop the duplicates).
    @discardableResult
    public func append(contentsOf entries: [LogEntry]) throws(LogStoreError) -> ClosedRange<UInt64>? {
        guard !entries.isEmpty else { return nil }
        // The entries are read in place (borrowed): copying each one out would retain and
        // release its tag and payload, twice per record.
        return try entries.withUnsafeBufferPointer { (entries) throws(LogStoreError) -> ClosedRange<UInt64> in
            for index in entries.indices {
                let tagBytes = entries[index].tag.utf8.count
                guard tagBytes >= 1 && tagBytes <= LogStoreLimits.maximumTagBytes else { throw .invalidTag(entries[index].tag) }
                let frameBytes = RecordFrame.frameBytes(tagBytes: tagBytes, payloadBytes: entries[index].payload.count)
                guard frameBytes <= LogStoreLimits.maximumRecordBytes else {
                    throw .recordTooLarge(bytes: frameBytes, limit: LogStoreLimits.maximumRecordBytes)
                }
            }
            return try locked { (core) throws(LogStoreError) -> ClosedRange<UInt64> in
                var first: UInt64?
                var last: UInt64 = 0
                for index in entries.indices {
                    last = try entries[index].payload.withBytes { (payload) throws(LogStoreError) -> UInt64 in
                        try core.append(
                            tag: entries[index].tag, timestamp: entries[index].timestamp, uuid: entries[index].uuid, payload: payload, batching: true)
                    }
                    if first == nil { first = last }
                }
                try core.writeBuffer()
                _ = try core.syncIfDue()
                return first!...last
            }
        }
    }

    /// Appends a batch like ``append(contentsOf:)``, and on a write error says how many of its
    /// entries — a prefix — are in the store all the same (written before a segment rotation in
    /// the batch), so that a caller can keep exact counts and append only the rest again.
    package func appendReportingKept(contentsOf entries: [LogEntry]) throws(LogStoreAppendFailure) -> ClosedRange<UInt64>? {
        let before = core.withLock { $0.writtenSequence }
        do {
            return try append(contentsOf: entries)
        } catch {
            let written = core.withLock { $0.writtenSequence }
            // Sequence numbers after `before` are this batch's (the writer is called from one
            // thread at a time by the outputs; a concurrent appender would make this an estimate).
            let kept = written > before ? min(entries.count, Int(written - before)) : 0
            throw LogStoreAppendFailure(kept: kept, lastKeptSequence: kept > 0 ? written : nil, error: error)
        }
    }

    /// Writes buffered records to the file (visible to readers, not yet durable).
    public func flush() throws(LogStoreError) {
        try locked { (core) throws(LogStoreError) in try core.writeBuffer() }
    }

    /// Writes buffered records and `fsync`s.
    /// - Returns: the durable sequence number: every record appended without error up to it
    ///   survives a crash.
    /// - Throws: ``LogStoreError/syncFailed(path:errno:)``: the segment was closed; records after
    ///   the previous durable sequence may be lost — append them again.
    ///
    /// The `fsync` itself runs outside the writer's lock: appends and reads from other threads
    /// go on meanwhile (a group commit on a background thread does not stall the appender).
    @discardableResult
    public func sync() throws(LogStoreError) -> UInt64 {
        let (durable, advanced) = try syncDeferringReport()
        reportDurable(advanced)
        return durable
    }

    /// ``sync()`` without calling `onDurable`: it returns the advance for the caller to report
    /// (``reportDurable(_:)``) once it holds no lock of its own, as a caller that makes one sync
    /// at a time under its lock must (`onDurable` is the app's code).
    package func syncDeferringReport() throws(LogStoreError) -> (durable: UInt64, advanced: UInt64?) {
        // Nothing was written to a store that never opened: no reason to ask the device again.
        guard !isWaitingForProtectedData else { return (0, nil) }
        var opened: UInt64?
        let pending = try lockedDeferringReport(reporting: &opened) { (core) throws(LogStoreError) -> WriterCore.PendingSync? in try core.beginSync() }
        guard let pending else { return (durableSequence, opened) }
        var failure: Int32?
        do {
            try pending.fileSystem.sync(pending.descriptor, method: pending.method)
        } catch {
            failure = error.code
        }
        pending.fileSystem.close(pending.descriptor)
        var advanced: UInt64?
        let durable = try lockedDeferringReport(reporting: &advanced) { (core) throws(LogStoreError) -> UInt64 in
            try core.finishSync(pending, failure: failure)
            return core.durableSequence
        }
        return (durable, advanced ?? opened)
    }

    /// Syncs if the group-commit count or interval is reached (call it from a timer so that the
    /// interval holds when appends stop).
    /// - Returns: the durable sequence number if a sync ran, else `nil`.
    @discardableResult
    public func syncIfDue() throws(LogStoreError) -> UInt64? {
        guard !isWaitingForProtectedData else { return nil }
        return try locked { (core) throws(LogStoreError) -> UInt64? in try core.syncIfDue() ? core.durableSequence : nil }
    }

    /// The highest sequence number known durable.
    public var durableSequence: UInt64 {
        core.withLock { $0.durableSequence }
    }

    private var isWaitingForProtectedData: Bool {
        core.withLock { !$0.isOpen && !$0.isClosed }
    }

    /// The sequence number of the last record appended (0 before any).
    public var lastSequence: UInt64 {
        core.withLock { $0.nextSequence - 1 }
    }

    // MARK: Consuming

    /// Up to `limit` records after `sequence`, in sequence order (buffered records are written
    /// first so that they are included).
    public func read(after sequence: UInt64, limit: Int, matching filter: LogRecordFilter = .all) throws(LogStoreError) -> [LogRecord] {
        try locked { (core) throws(LogStoreError) -> [LogRecord] in
            guard !core.isClosed else { throw .closed }
            try core.writeBuffer()
            return try core.reading.read(after: sequence, limit: limit, filter: filter)
        }
    }

    /// Up to `limit` records after the acknowledged position of cursor `name`. Reading does not
    /// move the cursor: until ``acknowledge(cursor:through:durably:)`` the same records come back.
    public func read(cursor name: String, limit: Int) throws(LogStoreError) -> [LogRecord] {
        try locked { (core) throws(LogStoreError) -> [LogRecord] in
            guard !core.isClosed else { throw .closed }
            let after = try core.acknowledgedSequence(cursor: name)
            try core.writeBuffer()
            return try core.reading.read(after: after, limit: limit, filter: .all)
        }
    }

    /// Moves cursor `name` (created if new) to `sequence`; never backwards. Then deletes the
    /// closed segments that every cursor has passed.
    /// - Parameter durably: Sync the cursor file before anything is deleted (the default).
    ///   Without, it is written but not synced until ``close()``: a power loss may then take the
    ///   cursor back (its records are read again), never forward.
    public func acknowledge(cursor name: String, through sequence: UInt64, durably: Bool = true) throws(LogStoreError) {
        try locked { (core) throws(LogStoreError) in try core.acknowledge(cursor: name, through: sequence, durably: durably) }
    }

    /// The acknowledged sequence of cursor `name` (0 if it does not exist).
    public func acknowledgedSequence(cursor name: String) throws(LogStoreError) -> UInt64 {
        try locked { (core) throws(LogStoreError) -> UInt64 in try core.acknowledgedSequence(cursor: name) }
    }

    /// Records after cursor `name`'s position (computed from segment summaries, no I/O).
    public func pendingCount(cursor name: String) throws(LogStoreError) -> Int {
        try locked { (core) throws(LogStoreError) -> Int in try core.pendingCount(cursor: name) }
    }

    /// Records after `sequence` (from segment summaries, no I/O): for a consumer whose position
    /// runs ahead of its cursor file, where a cap may have dropped records between the two.
    package func pendingCount(after sequence: UInt64) -> Int {
        core.withLock { LogStoreStats.pending(after: sequence, in: $0.segmentInfos) }
    }

    /// Sets ``LogStoreStats/droppedByCaps`` back to 0, durably: for a consumer that starts
    /// reading a store that had none (it counts only the records dropped before it had them).
    package func resetDroppedCount() throws(LogStoreError) {
        try locked { (core) throws(LogStoreError) in try core.resetDroppedCount() }
    }

    /// Deletes cursor `name`, so that it no longer holds segments back.
    public func removeCursor(named name: String) throws(LogStoreError) {
        try locked { (core) throws(LogStoreError) in try core.removeCursor(named: name) }
    }

    /// Segments, cursors with their pending counts, and the drop count (from memory, no I/O);
    /// empty while the store waits for protected data (see ``isOpen``).
    public func stats() -> LogStoreStats {
        core.withLock { $0.stats() }
    }

    // MARK: Erasure (issue 17)

    /// Deletes every record, index, cursor and the drop count, and syncs the directory, so the
    /// files are gone from disk when it returns; writing goes on in an empty store whose sequence
    /// numbers continue after the last one given.
    public func eraseAll() throws(LogStoreError) {
        try locked { (core) throws(LogStoreError) in try core.eraseAll(removingStore: false) }
    }

    /// Deletes the store in `directory` — every file it made, the lock file too — and the
    /// directory when nothing else is left in it, durably (the parent directory is synced).
    /// A missing directory is no error.
    /// - Throws: ``LogStoreError/lockedByAnotherWriter(directory:)`` while a writer has the store
    ///   open, or a system error naming the file that could not be deleted.
    public static func removeStore(directory: URL) throws(LogStoreError) {
        try removeStore(directory: directory.path)
    }

    /// The same by path, for this package's own callers.
    package static func removeStore(directory: String) throws(LogStoreError) {
        let layout = StoreLayout(directory: directory)
        guard layout.exists else { return }
        let writer = try LogStoreWriter(directory: directory, configuration: .standard)
        try writer.locked { (core) throws(LogStoreError) in try core.eraseAll(removingStore: true) }
        try layout.removeDirectoryIfEmpty()
    }

    /// Makes the next fsync fail with `code`, for the tests of the failure path.
    func injectSyncFailure(errno code: Int32) {
        core.withLock { $0.injectedSyncFailure = code }
    }

    /// Writes, syncs and indexes the active segment and releases the lock. Further calls throw
    /// ``LogStoreError/closed``. Also done, ignoring errors, when the writer is released.
    public func close() throws(LogStoreError) {
        // A stand-in closes without opening the store.
        let closedAStandIn = core.withLock { core in
            guard !core.isOpen else { return false }
            try? core.close()
            return true
        }
        if closedAStandIn { return }
        try locked { (core) throws(LogStoreError) in try core.close() }
    }
}

/// A batch append that failed part way: its first `kept` entries are in the store, the rest are not.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class LogStoreAppendFailure: Error, CustomStringConvertible {
    /// How many entries, from the first, the store kept.
    public let kept: Int
    /// The sequence number of the last entry kept.
    public let lastKeptSequence: UInt64?
    /// Why the rest were not.
    public let error: LogStoreError
    public var description: String { error.description }

    /// For the runtime's outputs, which refuse a batch themselves (a store that did not open).
    package init(kept: Int, lastKeptSequence: UInt64?, error: LogStoreError) {
        self.kept = kept
        self.lastKeptSequence = lastKeptSequence
        self.error = error
    }
}
