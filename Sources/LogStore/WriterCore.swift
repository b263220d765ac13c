import Foundation
import LogCore

/// The writer's state and logic. ``LogStoreWriter`` keeps it in a `Locked` and touches it only
/// inside `withLock`; `@unchecked Sendable` only lets the lock's closures hand it around, the
/// mutex is what makes that safe.
final class WriterCore: @unchecked Sendable {
    let layout: StoreLayout
    let configuration: LogStoreConfiguration
    /// The open `LOCK` file; nil in a core that never opened (``init(notOpenedAt:configuration:)``).
    private let lockFile: SystemFile?
    /// False for a stand-in made while the device kept the store's files closed:
    /// ``LogStoreWriter`` replaces it by an open core at the first call that needs the store.
    let isOpen: Bool
    let reading: StoreReadingCore

    /// Closed segments, oldest first.
    private(set) var closedSegments: [LogSegmentInfo] = []
    private var active: ActiveSegment?
    private let buffer: WriteBuffer
    private var nextSegmentNumber: UInt64 = 1
    /// Segments with no records, deleted once a newer segment exists (see ``deleteWhenSuperseded(_:)``).
    private var emptySegments: [UInt64] = []
    /// Recovery scanned a segment (no index: the last writer did not close it).
    private var scannedAtOpen = false
    /// Recovery found a segment file.
    private var foundSegmentAtOpen = false
    /// The store directory's entry in its parent may not be durable yet: made without a sync
    /// (``StoreLayout/createDirectory(protection:)``), so that a launch that logs nothing makes
    /// no sync. The first segment syncs it (``StoreLayout/syncEntries()``) before it is named,
    /// so that no record is made durable in a directory a power loss could take back. Kept in
    /// the `LOCK` file for the next writer (``LockRecord``).
    private var ownEntryUnsynced = false

    private(set) var nextSequence: UInt64 = 1
    /// The last sequence handed to `write(2)`.
    private(set) var writtenSequence: UInt64 = 0
    private(set) var durableSequence: UInt64 = 0
    /// Set when the durable sequence advanced; the wrapper reports it outside the lock.
    var durableAdvanced = false
    private var recordsSinceSync = 0
    private var lastSyncNanoseconds: UInt64
    private(set) var cursors: [String: UInt64] = [:]
    /// Cursors written without a sync since, each once; made durable on close. An array: a
    /// store has a few cursors, and a `Set` of strings brought its own hash table code (2 KB an
    /// app links).
    private var cursorsNotDurable: [String] = []
    private(set) var droppedByCaps: UInt64 = 0
    private var droppedUnrecorded = false
    private(set) var isClosed = false
    /// Tests set this to make the next fsync fail with that errno (a real EIO cannot be provoked).
    var injectedSyncFailure: Int32?

    /// A final class, not a struct: at `-Osize` a struct of this many references is copied and
    /// destroyed through value witnesses of its own (2.5 KB the runtime carried; issue 26).
    private final class ActiveSegment {
        let file: SystemFile
        let number: UInt64
        /// Bytes in the file.
        var size: Int
        /// The summary of what is in the file.
        var written: LogSegmentInfo
        /// The summary including the records still in the buffer.
        var buffered: LogSegmentInfo

        init(file: SystemFile, number: UInt64, size: Int, written: LogSegmentInfo, buffered: LogSegmentInfo) {
            self.file = file
            self.number = number
            self.size = size
            self.written = written
            self.buffered = buffered
        }
    }

    init(directory: String, configuration: LogStoreConfiguration) throws(LogStoreError) {
        layout = StoreLayout(directory: directory, fileSystem: configuration.fileSystem, syncMethod: configuration.syncMethod.system)
        self.configuration = configuration
        let created = try layout.createDirectory(protection: configuration.fileProtection)
        let lockFile = try SystemFile.open(layout.lockPath, .readWriteCreating, in: layout.fileSystem)
        self.lockFile = lockFile
        isOpen = true
        // A lock that is busy for a moment is not always another writer: a child process forked
        // (by this app) between fork and exec shares the descriptor of a writer that has just
        // closed. Wait up to 250 ms before reporting another writer.
        var attempts = 0
        while true {
            do {
                try layout.fileSystem.lockExclusively(lockFile.descriptor)
                break
            } catch  where error.isWouldBlock && attempts < 50 {
                attempts += 1
                System.sleep(microseconds: 5_000)
            } catch {
                lockFile.close()
                if error.isWouldBlock { throw .lockedByAnotherWriter(directory: layout.directory) }
                throw .system(operation: "lock", path: layout.lockPath, errno: error.code)
            }
        }
        // Past a file-size limit (ulimit -f) a write must fail with EFBIG, not kill the process.
        System.ignoreFileSizeSignal()
        reading = StoreReadingCore(layout: layout)
        buffer = WriteBuffer(capacity: max(configuration.writeBufferBytes, 64 << 10) + 4096)
        lastSyncNanoseconds = WriterCore.monotonicNanoseconds()
        do throws(LogStoreError) {
            if created {
                ownEntryUnsynced = true
                LockRecord.markWaiting(lockFile)
            }
            try recover()
            if !created {
                // What the writer that made the directory left in `LOCK`; without it (a store of
                // an older version, or a writer that stopped before it wrote it), a store with a
                // segment has its entry synced (its first segment synced it), one without may not.
                ownEntryUnsynced = LockRecord.read(lockFile) ?? !foundSegmentAtOpen
            }
            // No segment yet: the first append creates it, so a launch that logs nothing creates
            // no segment and makes no sync (not even for the directory it made). Unless no
            // segment file is left to carry the numbering (every one dropped by the caps): a new
            // one keeps the sequence and segment numbers going for the next writer, never giving
            // one again.
            // And after a crash (a segment had to be scanned): recovery goes on in a new
            // segment at once, as it always did.
            if (closedSegments.isEmpty && emptySegments.isEmpty && (nextSequence > 1 || nextSegmentNumber > 1)) || scannedAtOpen {
                try startSegment()
            }
        } catch {
            isClosed = true  // deinit must not close the lock file a second time
            lockFile.close()
            throw error
        }
    }

    /// A stand-in for a store that cannot be opened yet: no file is touched; every sequence is 0.
    init(notOpenedAt directory: String, configuration: LogStoreConfiguration) {
        layout = StoreLayout(directory: directory, fileSystem: configuration.fileSystem, syncMethod: configuration.syncMethod.system)
        self.configuration = configuration
        lockFile = nil
        isOpen = false
        reading = StoreReadingCore(layout: layout)
        buffer = WriteBuffer(capacity: 0)
        lastSyncNanoseconds = WriterCore.monotonicNanoseconds()
    }

    deinit {
        if !isClosed { try? close() }
    }

    static func monotonicNanoseconds() -> UInt64 {
        System.monotonicNanoseconds()
    }

    // MARK: Recovery

    /// Summarises every segment (from its index, or by a scan that also cuts a torn tail),
    /// drops empty segments and leftovers, and finds the next sequence number.
    private func recover() throws(LogStoreError) {
        let listing = try layout.list()
        for name in listing.temporaryFiles { try? layout.remove(layout.directory + "/" + name) }
        for number in listing.indexes where !listing.segments.contains(number) { try? layout.remove(layout.indexPath(number)) }
        for name in listing.cursors {
            cursors[name] = try CursorFile.read(layout, name: name)
        }
        droppedByCaps = try CursorFile.readDropped(layout)
        var next: UInt64 = 1
        foundSegmentAtOpen = !listing.segments.isEmpty
        for number in listing.segments {
            nextSegmentNumber = max(nextSegmentNumber, number + 1)
            let file = try SystemFile.open(layout.segmentPath(number), .readWrite, in: layout.fileSystem)
            defer { file.close() }
            let size = try file.size()
            var info: LogSegmentInfo
            if let indexed = SegmentIndexFile.load(layout, number: number, segmentBytes: size) {
                info = indexed
            } else {
                guard let segment = try OpenSegment.open(layout, number: number) else { continue }
                defer { segment.file.close() }
                scannedAtOpen = true
                info = try LogSegmentInfo.scan(segment)
                if let header = segment.header { next = max(next, header.baseSequence) }
                if info.tornTailBytes > 0 {
                    // Never append after a recovered tail: cut it, then write to a new segment.
                    // The summary (and its index) keeps `tornTailBytes`: what was cut is counted.
                    try file.truncate(to: info.validBytes)
                    info.fileBytes = info.validBytes
                }
                try file.sync(layout.syncMethod)
                if info.recordCount > 0 { writeIndex(info) }
            }
            next = max(next, info.baseSequence)
            if let range = info.sequenceRange { next = max(next, range.upperBound + 1) }
            if info.recordCount == 0 {
                deleteWhenSuperseded(number)
            } else {
                closedSegments.append(info)
            }
        }
        if let highest = cursors.values.max() { next = max(next, highest + 1) }
        nextSequence = next
        writtenSequence = next - 1
        durableSequence = next - 1
        try enforceCaps()
    }

    private func writeIndex(_ info: LogSegmentInfo) {
        // The index is a cache: if it cannot be written, readers scan the segment instead.
        try? layout.replaceFile(at: layout.indexPath(info.number), with: SegmentIndexFile.encode(info), durable: false)
    }

    private func deleteSegment(_ number: UInt64) {
        try? layout.remove(layout.segmentPath(number))
        try? layout.remove(layout.indexPath(number))
    }

    /// Deletes an empty segment, but only once a newer segment exists. The next writer numbers
    /// its segments after the highest file it finds; were the newest file deleted, that number
    /// would be given again, and a reader still holding the deleted file under it would read
    /// the old file and skip everything the new writer puts in the reused one.
    private func deleteWhenSuperseded(_ number: UInt64) {
        emptySegments.append(number)
    }

    // MARK: Segments

    /// Creates the next segment, whole: its header is written and synced under a temporary
    /// name, then the file is renamed into place. A crash at any moment (a kill between
    /// creating the file and writing its header, as the crash loops found) leaves either no
    /// segment or one with its header, never a headerless one; a leftover `.tmp` is deleted
    /// when the store is next opened.
    ///
    /// The first segment of a store whose directory was made without a sync syncs its entry
    /// first (before it is named: a segment file says the entry is durable).
    private func startSegment() throws(LogStoreError) {
        if ownEntryUnsynced {
            layout.syncEntries()
            ownEntryUnsynced = false
            LockRecord.clear(layout)
        }
        let number = nextSegmentNumber
        let path = layout.segmentPath(number)
        let temporary = path + ".tmp"
        let created = try SystemFile.open(temporary, .appendingNew, in: layout.fileSystem, operation: "create segment")
        nextSegmentNumber += 1
        // Named by its final path from here on: errors of later writes and syncs name the segment.
        let file = SystemFile(descriptor: created.descriptor, path: path, fileSystem: created.fileSystem)
        var renamed = false
        do throws(LogStoreError) {
            let header = SegmentHeader(baseSequence: nextSequence, segmentNumber: number).encoded()
            try header.withBytes { (raw) throws(LogStoreError) in try created.writeAll(raw) }
            try created.sync(layout.syncMethod)
            do {
                try layout.fileSystem.rename(temporary, to: path)
            } catch {
                throw .system(operation: "create segment", path: path, errno: error.code)
            }
            renamed = true
            try layout.syncDirectory()
        } catch {
            file.close()
            try? layout.remove(renamed ? path : temporary)
            throw error
        }
        let info = LogSegmentInfo(number: number, baseSequence: nextSequence)
        for empty in emptySegments { deleteSegment(empty) }
        emptySegments.removeAll()
        active = ActiveSegment(file: file, number: number, size: SegmentHeader.byteCount, written: info, buffered: info)
    }

    /// Writes, syncs and indexes the active segment, then closes it.
    private func closeActiveSegment() throws(LogStoreError) {
        guard active != nil else { return }
        try writeBuffer()
        try syncActive()
        guard let segment = active else { return }
        var info = segment.written
        info.fileBytes = segment.size
        segment.file.close()
        active = nil
        if info.recordCount > 0 {
            writeIndex(info)
            closedSegments.append(info)
        } else {
            deleteWhenSuperseded(info.number)
        }
    }

    /// Gives up on the active segment after a failed write or sync: close the descriptor (never
    /// fsync it again), summarise what reached the file, and leave the next append a new segment.
    private func abandonActiveSegment() {
        guard let segment = active else { return }
        segment.file.close()
        active = nil
        buffer.removeAll()
        guard let reopened = try? OpenSegment.open(layout, number: segment.number) else { return }
        defer { reopened.file.close() }
        guard let info = try? LogSegmentInfo.scan(reopened) else { return }
        if info.recordCount > 0 {
            writeIndex(info)
            closedSegments.append(info)
        } else {
            deleteWhenSuperseded(segment.number)
        }
    }

    // MARK: Appending

    /// Appends one record to the buffer; writes it out when the buffer is full (unless batching).
    func append(tag: String, timestamp: LogTimestamp, uuid: UUID, payload: UnsafeRawBufferPointer, batching: Bool) throws(LogStoreError) -> UInt64 {
        guard !isClosed else { throw .closed }
        let tagBytes = tag.utf8.count
        guard tagBytes >= 1 && tagBytes <= LogStoreLimits.maximumTagBytes else { throw .invalidTag(tag) }
        let frameBytes = RecordFrame.frameBytes(tagBytes: tagBytes, payloadBytes: payload.count)
        guard frameBytes <= LogStoreLimits.maximumRecordBytes else {
            throw .recordTooLarge(bytes: frameBytes, limit: LogStoreLimits.maximumRecordBytes)
        }
        if active == nil { try startSegment() }
        if let segment = active, segment.buffered.recordCount > 0,
            segment.size + buffer.count + frameBytes > configuration.segmentBytes
        {
            try closeActiveSegment()
            try enforceCaps()
            try startSegment()
        }
        let sequence = nextSequence
        let destination = buffer.reserve(frameBytes)
        // A native tag lends its UTF-8 in place; only a foreign one is copied first.
        tag.withUTF8Bytes { utf8 in
            RecordFrame.encode(
                into: destination, sequence: sequence, timestamp: timestamp, uuid: uuid,
                tag: UnsafeRawBufferPointer(utf8), payload: payload)
        }
        active!.buffered.add(
            sequence: sequence, timestamp: timestamp, tag: tag,
            offset: active!.size + buffer.count, frameBytes: frameBytes)
        buffer.commit(frameBytes)
        nextSequence += 1
        recordsSinceSync += 1
        if !batching && buffer.count >= configuration.writeBufferBytes { try writeBuffer() }
        return sequence
    }

    /// One `write` of everything buffered. On failure the file is cut back to before the write
    /// (or, if that fails too, the segment is abandoned) and the buffered records are dropped.
    func writeBuffer() throws(LogStoreError) {
        guard buffer.count > 0, let segment = active else { return }
        do throws(LogStoreError) {
            try segment.file.writeAll(buffer.bytes)
        } catch {
            do throws(LogStoreError) {
                try segment.file.truncate(to: segment.size)
                active!.buffered = segment.written
                buffer.removeAll()
            } catch {
                abandonActiveSegment()
            }
            throw error
        }
        active!.size += buffer.count
        active!.written = active!.buffered
        active!.written.fileBytes = active!.size
        writtenSequence = nextSequence - 1
        buffer.removeAll()
    }

    private func syncActive() throws(LogStoreError) {
        guard let segment = active else { return }
        do throws(LogStoreError) {
            if let code = injectedSyncFailure {
                injectedSyncFailure = nil
                throw .syncFailed(path: segment.file.path, errno: code)
            }
            try segment.file.sync(layout.syncMethod)
        } catch {
            syncFailures += 1
            abandonActiveSegment()
            throw error
        }
        recordsSinceSync = 0
        lastSyncNanoseconds = WriterCore.monotonicNanoseconds()
        if writtenSequence > durableSequence {
            durableSequence = writtenSequence
            durableAdvanced = true
        }
    }

    /// A sync begun under the lock whose `fsync` runs outside it (``beginSync()``,
    /// ``finishSync(_:failure:)``), so that appends and reads go on during the `fsync`.
    ///
    /// Immutable, and a final class, not a struct, for the reason ``ActiveSegment`` gives.
    final class PendingSync {
        /// A duplicate of the segment's descriptor: the writer may close (rotate) the segment
        /// meanwhile; `fsync` on the duplicate still syncs the same file.
        let descriptor: Int32
        let path: String
        let fileSystem: any StoreFileSystem
        let method: System.SyncMethod
        let segmentNumber: UInt64
        /// Everything up to here was written to the file before the `fsync` began.
        let target: UInt64
        let failuresBefore: UInt64

        init(
            descriptor: Int32, path: String, fileSystem: any StoreFileSystem, method: System.SyncMethod, segmentNumber: UInt64,
            target: UInt64, failuresBefore: UInt64
        ) {
            self.descriptor = descriptor
            self.path = path
            self.fileSystem = fileSystem
            self.method = method
            self.segmentNumber = segmentNumber
            self.target = target
            self.failuresBefore = failuresBefore
        }
    }

    /// Sync failures so far: a sync that another sync's failure overtook does not count as durable.
    private var syncFailures: UInt64 = 0

    /// Writes the buffer and prepares an `fsync` to run outside the lock; `nil` when there is
    /// nothing to sync (no open segment, or everything written is durable).
    func beginSync() throws(LogStoreError) -> PendingSync? {
        guard !isClosed else { throw .closed }
        try writeBuffer()
        guard let segment = active, writtenSequence > durableSequence || injectedSyncFailure != nil else { return nil }
        let duplicate = try? layout.fileSystem.duplicate(segment.file.descriptor)
        guard let duplicate, injectedSyncFailure == nil else {
            if let duplicate { layout.fileSystem.close(duplicate) }
            try syncActive()  // the failure path (or no descriptor to spare): under the lock
            return nil
        }
        recordsSinceSync = 0
        lastSyncNanoseconds = WriterCore.monotonicNanoseconds()
        return PendingSync(
            descriptor: duplicate, path: segment.file.path, fileSystem: layout.fileSystem, method: layout.syncMethod, segmentNumber: segment.number,
            target: writtenSequence, failuresBefore: syncFailures)
    }

    /// Records the outcome of a sync's `fsync` (`failure` is its errno): the durable sequence
    /// advances, or the segment is given up as after any failed sync.
    func finishSync(_ pending: PendingSync, failure: Int32?) throws(LogStoreError) {
        if let failure {
            syncFailures += 1
            if active?.number == pending.segmentNumber { abandonActiveSegment() }
            throw .syncFailed(path: pending.path, errno: failure)
        }
        // A failure reported meanwhile (to this sync's file) may be one this fsync did not see again.
        guard syncFailures == pending.failuresBefore else { throw .syncFailed(path: pending.path, errno: System.Failure.ioError.code) }
        if pending.target > durableSequence {
            durableSequence = pending.target
            durableAdvanced = true
        }
    }

    /// Writes and fsyncs; returns the durable sequence number.
    func sync() throws(LogStoreError) -> UInt64 {
        guard !isClosed else { throw .closed }
        try writeBuffer()
        try syncActive()
        return durableSequence
    }

    /// Group commit: syncs when enough records or enough time has passed since the last sync.
    func syncIfDue() throws(LogStoreError) -> Bool {
        guard recordsSinceSync > 0 else { return false }
        // Reading the clock costs more than the rest of a buffered append: in a fast stream look
        // every 32 records (microseconds apart); a slow trickle looks at every record.
        let checkClock = recordsSinceSync < 32 || recordsSinceSync % 32 == 0
        let due =
            recordsSinceSync >= configuration.syncEveryRecords
            || (checkClock && WriterCore.monotonicNanoseconds() - lastSyncNanoseconds >= configuration.syncIntervalNanoseconds)
        if due { _ = try sync() }
        return due
    }

    func close() throws(LogStoreError) {
        guard !isClosed else { return }
        isClosed = true
        guard isOpen else { return }
        defer {
            reading.closeFiles()
            lockFile?.close()
        }
        try closeActiveSegment()
        var names = cursorsNotDurable
        names.sort()
        for name in names {
            if let sequence = cursors[name] { try CursorFile.write(layout, name: name, sequence: sequence, durable: true) }
        }
        cursorsNotDurable.removeAll()
    }

    // MARK: Consumption

    func acknowledgedSequence(cursor name: String) throws(LogStoreError) -> UInt64 {
        try StoreLayout.validateCursorName(name)
        return cursors[name] ?? 0
    }

    private func markNotDurable(_ name: String) {
        if !cursorsNotDurable.contains(name) { cursorsNotDurable.append(name) }
    }

    /// Moves cursor `name` to `sequence` (never backwards), then deletes the closed segments
    /// that every cursor has passed. `durably`: the cursor file is synced before the deletion;
    /// otherwise it is written without a sync, and synced on close.
    func acknowledge(cursor name: String, through sequence: UInt64, durably: Bool) throws(LogStoreError) {
        guard !isClosed else { throw .closed }
        let target = min(sequence, nextSequence - 1)
        let current = try acknowledgedSequence(cursor: name)
        // A durable acknowledgement of a position written without a sync still syncs it.
        guard target > current || cursors[name] == nil || (durably && cursorsNotDurable.contains(name)) else { return }
        cursors[name] = max(target, current)
        do {
            try CursorFile.write(layout, name: name, sequence: max(target, current), durable: durably)
            if !durably {
                markNotDurable(name)
            } else if let index = cursorsNotDurable.firstIndex(of: name) {
                cursorsNotDurable.remove(at: index)
            }
        } catch {
            // The cursor file could not be written (a full disk): the records behind the cursor
            // are acknowledged all the same, so their segments are deleted — a cursor that a
            // crash takes back only reads acknowledged records again, never skips one — and
            // that frees the space the next write needs. The file is written at the next chance.
            markNotDurable(name)
            deleteConsumedSegments()
            throw error
        }
        deleteConsumedSegments()
    }

    /// Sets the count of unacknowledged records the caps dropped back to 0, durably: a store that
    /// a consumer starts reading (a history that a buffered output starts sending from) counts
    /// only what was dropped before that consumer had it.
    func resetDroppedCount() throws(LogStoreError) {
        guard !isClosed else { throw .closed }
        try CursorFile.writeDropped(layout, count: 0)
        droppedByCaps = 0
        droppedUnrecorded = false
    }

    func removeCursor(named name: String) throws(LogStoreError) {
        let path = try layout.cursorPath(name)
        cursors[name] = nil
        try layout.remove(path)
        deleteConsumedSegments()
    }

    /// Cursor first, then delete: a crash in between leaves segments that are deleted next time.
    /// With no active segment (none is made until the first append), the newest closed one is
    /// kept: a store needs one segment file to carry its sequence numbers to the next writer.
    private func deleteConsumedSegments() {
        guard !configuration.keepsAcknowledgedRecords, let minimum = cursors.values.min() else { return }
        while let oldest = closedSegments.first, active != nil || closedSegments.count > 1, (oldest.sequenceRange?.upperBound ?? 0) <= minimum {
            deleteSegment(oldest.number)
            closedSegments.removeFirst()
        }
    }

    /// Drops the oldest closed segments while the store is over its size or age cap, recording
    /// how many unacknowledged records went with them.
    func enforceCaps() throws(LogStoreError) {
        var total = closedSegments.reduce(0) { $0 + $1.fileBytes } + (active?.size ?? 0)
        let oldestAllowed = configuration.maximumAge.map {
            LogTimestamp.now().microsecondsSince1970 - Int64(clamping: LogStoreConfiguration.nanoseconds($0) / 1_000)
        }
        let acknowledged = cursors.values.min() ?? 0
        var dropped: [LogSegmentInfo] = []
        // The newest segment stays while no active one exists (as in ``deleteConsumedSegments()``).
        for segment in closedSegments.dropLast(active == nil ? 1 : 0) {
            let overSize = configuration.maximumTotalBytes.map { total > $0 } ?? false
            let tooOld = oldestAllowed.map { (segment.timeRange?.upperBound.microsecondsSince1970 ?? .min) < $0 } ?? false
            guard overSize || tooOld else { break }
            dropped.append(segment)
            total -= segment.fileBytes
        }
        guard !dropped.isEmpty || droppedUnrecorded else { return }
        let count = UInt64(LogStoreStats.pending(after: acknowledged, in: dropped))
        droppedByCaps += count
        // Record the count before deleting. If the count cannot be written (a full disk), delete
        // anyway — the caps must never block the app — and write the count at the next chance.
        do throws(LogStoreError) {
            if count > 0 || droppedUnrecorded { try CursorFile.writeDropped(layout, count: droppedByCaps) }
            droppedUnrecorded = false
        } catch {
            droppedUnrecorded = true
        }
        for segment in dropped { deleteSegment(segment.number) }
        closedSegments.removeFirst(dropped.count)
    }

    // MARK: Erasure (issue 17)

    /// Deletes every segment, index, cursor, the drop count and leftover temporary files, and
    /// syncs the directory. Unless `removingStore`, writing goes on in a new, empty segment whose
    /// sequence numbers continue (so a consumer's position in memory never points past the store);
    /// with `removingStore` the lock file goes too and the writer is closed.
    func eraseAll(removingStore: Bool) throws(LogStoreError) {
        guard !isClosed else { throw .closed }
        if let segment = active {
            segment.file.close()
            active = nil
        }
        buffer.removeAll()
        reading.closeFiles()
        let listing = try layout.list()
        for number in listing.segments { deleteSegment(number) }
        for number in listing.indexes { try? layout.remove(layout.indexPath(number)) }
        for name in listing.cursors { try? layout.remove(try layout.cursorPath(name)) }
        for name in listing.temporaryFiles { try? layout.remove(layout.directory + "/" + name) }
        try? layout.remove(layout.droppedPath)
        closedSegments.removeAll()
        emptySegments.removeAll()
        cursors.removeAll()
        droppedByCaps = 0
        droppedUnrecorded = false
        recordsSinceSync = 0
        writtenSequence = nextSequence - 1
        if writtenSequence > durableSequence {
            durableSequence = writtenSequence
            durableAdvanced = true
        }
        if removingStore {
            try? layout.remove(layout.lockPath)
            isClosed = true
            lockFile?.close()
            try layout.syncDirectory()
            return
        }
        // Creating the new segment syncs the directory: the deletions are durable with it.
        try startSegment()
    }

    // MARK: State

    /// Summaries of every segment, the active one including buffered records.
    var segmentInfos: [LogSegmentInfo] {
        var infos = closedSegments
        if let segment = active {
            var info = segment.buffered
            info.fileBytes = segment.size + buffer.count
            infos.append(info)
        }
        return infos
    }

    func pendingCount(cursor name: String) throws(LogStoreError) -> Int {
        LogStoreStats.pending(after: try acknowledgedSequence(cursor: name), in: segmentInfos)
    }

    func stats() -> LogStoreStats {
        let infos = segmentInfos
        var names = Array(cursors.keys)
        names.sort()
        var states: [LogCursorState] = []
        for name in names {
            let acknowledged = cursors[name]!
            states.append(LogCursorState(name: name, acknowledgedSequence: acknowledged, pendingRecords: LogStoreStats.pending(after: acknowledged, in: infos)))
        }
        return LogStoreStats(segments: infos, cursors: states, droppedByCaps: droppedByCaps)
    }
}

/// What the `LOCK` file holds besides its lock: whether the store directory's entry in its
/// parent may not be durable yet (``WriterCore/ownEntryUnsynced``), as a checksummed number, 1
/// or 0 (``StoreLayout/encodeNumber(_:magic:)``). Written without a sync: after a power loss a
/// directory that is still there is on disk, whatever the record says; before one (a writer that
/// stopped, the next opening in the same boot) it is read back as written.
enum LockRecord {
    static let magic = "BLOGLCK1"

    /// Records that the entry waits, in a `LOCK` file just made (empty); best effort: a store
    /// whose record is missing and that has no segment counts its entry as waiting.
    static func markWaiting(_ lockFile: SystemFile) {
        guard (try? lockFile.size()) == 0 else { return }
        let bytes = StoreLayout.encodeNumber(1, magic: magic)
        try? bytes.withBytes { (raw) throws(LogStoreError) in try lockFile.writeAll(raw) }
    }

    /// The record; `nil` when `LOCK` holds none (an older version's empty file).
    static func read(_ lockFile: SystemFile) -> Bool? {
        guard let bytes = try? lockFile.readAll(limit: 64), let value = StoreLayout.decodeNumber(bytes, magic: magic) else { return nil }
        return value != 0
    }

    /// Records that the entry is durable (a record in place is overwritten; none is made).
    static func clear(_ layout: StoreLayout) {
        _ = try? layout.overwriteInPlace(at: layout.lockPath, with: StoreLayout.encodeNumber(0, magic: magic))
    }
}
