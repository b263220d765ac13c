/// The reading machinery shared by ``LogStoreReader`` and ``LogStoreWriter``: ordered chunked
/// reads with a remembered position, segment summaries and verification. Never writes.
/// Not thread-safe: its owners keep it in a `Locked` (`@unchecked Sendable` only lets the lock's
/// closures hand it around).
final class StoreReadingCore: @unchecked Sendable {
    let layout: StoreLayout
    /// Segment numbers in increasing order, and the base sequence each one's header gives (a
    /// header never changes; a damaged or unwritten one is not kept). Sorted arrays, not a
    /// dictionary, for the reason `summaries` gives.
    private var baseNumbers: [UInt64] = []
    private var baseSequences: [UInt64] = []
    /// Summaries of closed segments in increasing number (each knows its number), valid while the
    /// file size is unchanged. A sorted array, not a dictionary keyed by number: the dictionary's
    /// specialised code (insert, filter) cost the runtime an app links 2 KB (issue 26).
    private var summaries: [LogSegmentInfo] = []
    /// Where the previous read stopped, so that the next chunk continues without a search.
    private var continuation: Continuation?
    private var current: (segment: OpenSegment, scanner: SegmentScanner)?
    /// The tags met so far, so that a scan matches tags by their bytes.
    private var tagTable = TagTable()

    /// Immutable, and a final class, not a struct: at `-Osize` a struct of references is copied
    /// and destroyed through value witnesses of its own, which cost more than a class (issue 26).
    private final class Continuation {
        let after: UInt64
        let filter: LogRecordFilter
        let segment: UInt64
        let offset: Int
        let lastSequence: UInt64?

        init(after: UInt64, filter: LogRecordFilter, segment: UInt64, offset: Int, lastSequence: UInt64?) {
            self.after = after
            self.filter = filter
            self.segment = segment
            self.offset = offset
            self.lastSequence = lastSequence
        }
    }

    init(layout: StoreLayout) {
        self.layout = layout
    }

    deinit {
        current?.segment.file.close()
    }

    func closeFiles() {
        current?.segment.file.close()
        current = nil
    }

    // MARK: Reading records

    /// Up to `limit` records with a sequence number above `after`, in sequence order.
    func read(after: UInt64, limit: Int, filter: LogRecordFilter) throws(LogStoreError) -> [LogRecord] {
        var records: [LogRecord] = []
        records.reserveCapacity(min(max(limit, 0), 4096))
        do {
            try scan(after: after, limit: limit, filter: filter) { (record) throws(Never) in
                // `record` is inlined here, so the payload's copy is specialized (about 75
                // instructions a record fewer than a call of the getter).
                records.append(record.record)
                return .continue
            }
        } catch let error as LogStoreError {
            throw error
        } catch {
            preconditionFailure("only the scan throws, and only a LogStoreError")
        }
        return records
    }

    /// Lends up to `limit` records with a sequence number above `after` that match `filter`,
    /// in sequence order, to `body`, until it returns ``LogScanDecision/stop``.
    /// - Returns: how many records `body` was given.
    ///
    /// Generic over `body`'s error and never specialized, so that there is one copy of the loop:
    /// the optimizer would otherwise clone all of it (6.6 KB an app links) for
    /// ``read(after:limit:filter:)``'s closure, which saves a call per record lent (closures
    /// passed to a generic function are not cloned into it).
    @discardableResult
    @_semantics("optimize.sil.specialize.generic.never")
    func scan<BodyFailure: Error>(
        after: UInt64, limit: Int, filter: LogRecordFilter, _ body: (borrowing BorrowedLogRecord) throws(BodyFailure) -> LogScanDecision
    ) throws -> Int {
        guard limit > 0 else { return 0 }
        let segments = try layout.list().segments
        guard !segments.isEmpty else { return 0 }
        // The scan owns the table while it runs (see ``TagTable``).
        var tags = TagTable()
        swap(&tags, &tagTable)
        defer { swap(&tags, &tagTable) }
        tags.use(filter)
        // The window as plain values: the loop below must not copy the filter (and retain its
        // sets) for every record.
        let from = filter.from ?? LogTimestamp(microsecondsSince1970: .min)
        let until = filter.until
        let checksEverything = filter.matchesEverything
        var handedOut = 0
        var startIndex: Int
        var resume: Continuation?
        if let continuation, continuation.after == after, continuation.filter == filter,
            let found = segments.firstIndex(of: continuation.segment)
        {
            startIndex = found
            resume = continuation
        } else {
            startIndex = try firstSegmentIndex(holdingAfter: after, in: segments)
        }
        var lastSequence = after
        for index in startIndex..<segments.count {
            let number = segments[index]
            let isClosed = index < segments.count - 1
            if isClosed, resume == nil || resume?.segment != number, let summary = try summary(of: number) {
                if let range = summary.sequenceRange, range.upperBound <= after { continue }
                if !filter.matchesEverything && !filter.mayMatch(summary) { continue }
                if summary.sequenceRange == nil { continue }
            }
            guard let scanner = try scanner(for: number) else { continue }
            if let point = resume, point.segment == number {
                scanner.seek(to: point.offset, lastSequence: point.lastSequence)
            } else if case (true, let found) = summaryIndex(of: number), let point = summaries[found].seekPoint(for: after + 1) {
                scanner.seek(to: point.offset, lastSequence: point.lastSequence)
            } else {
                let segment = current!.segment
                scanner.seek(to: SegmentHeader.byteCount, lastSequence: segment.header.flatMap { $0.baseSequence > 0 ? $0.baseSequence - 1 : nil })
            }
            resume = nil
            scan: while true {
                let event =
                    try checksEverything
                    ? scanner.next()
                    : scanner.next { sequence, timestamp, tag in
                        // Only what the loop below would hand out is checked and lent.
                        guard sequence > lastSequence, timestamp >= from else { return false }
                        if let until, timestamp >= until { return false }
                        return tags.matches(tags.lookUp(tag))
                    }
                switch event {
                case .record(let header, let bytes, _):
                    guard header.sequence > lastSequence else { continue }
                    if header.timestamp < from { continue }
                    if let until, header.timestamp >= until { continue }
                    let tag = tags.lookUp(UnsafeRawBufferPointer(rebasing: bytes[42..<42 + header.tagLength]))
                    guard tags.matches(tag) else { continue }
                    lastSequence = header.sequence
                    handedOut += 1
                    let decision = try body(BorrowedLogRecord(frame: bytes, header: header, tag: tags.tag(tag)))
                    if decision.code != 0 || handedOut == limit {
                        continuation = Continuation(
                            after: lastSequence, filter: filter, segment: number,
                            offset: scanner.position, lastSequence: scanner.lastSequence)
                        return handedOut
                    }
                case .skipped:
                    continue
                case .end:
                    break scan
                }
            }
            continuation = Continuation(
                after: lastSequence, filter: filter, segment: number,
                offset: scanner.position, lastSequence: scanner.lastSequence)
        }
        return handedOut
    }

    /// The scanner of segment `number`, reusing the open one; `nil` if the segment is gone.
    private func scanner(for number: UInt64) throws(LogStoreError) -> SegmentScanner? {
        if let current, current.segment.number == number { return current.scanner }
        closeFiles()
        guard let segment = try OpenSegment.open(layout, number: number) else { return nil }
        let scanner = segment.scanner()
        current = (segment, scanner)
        return scanner
    }

    /// The last segment whose base sequence is at most `after + 1` (the first one if none is).
    private func firstSegmentIndex(holdingAfter after: UInt64, in segments: [UInt64]) throws(LogStoreError) -> Int {
        for index in stride(from: segments.count - 1, through: 0, by: -1) {
            let base: UInt64?
            let (cached, at) = Self.position(of: segments[index], in: baseNumbers)
            if cached {
                base = baseSequences[at]
            } else {
                guard let segment = try OpenSegment.open(layout, number: segments[index]) else { continue }
                segment.file.close()
                base = segment.header?.baseSequence
                // A header not written yet (a segment being created) is looked at again next time.
                if let base {
                    baseNumbers.insert(segments[index], at: at)
                    baseSequences.insert(base, at: at)
                }
            }
            if let base, base <= after &+ 1 { return index }
            if base == nil { continue }
        }
        return 0
    }

    // MARK: Summaries

    /// The summary of a closed segment: its index when intact and current, else a scan.
    func summary(of number: UInt64) throws(LogStoreError) -> LogSegmentInfo? {
        guard let segment = try OpenSegment.open(layout, number: number) else { return nil }
        defer { segment.file.close() }
        let size = try segment.file.size()
        let (cached, index) = summaryIndex(of: number)
        if cached, summaries[index].fileBytes == size { return summaries[index] }
        let info: LogSegmentInfo
        if let indexed = SegmentIndexFile.load(layout, number: number, segmentBytes: size) {
            info = indexed
        } else {
            info = try LogSegmentInfo.scan(segment)
        }
        if cached { summaries[index] = info } else { summaries.insert(info, at: index) }
        return info
    }

    /// Where the summary of segment `number` is in `summaries`, or would be inserted (a binary search).
    private func summaryIndex(of number: UInt64) -> (found: Bool, index: Int) {
        var low = 0
        var high = summaries.count
        while low < high {
            let middle = (low + high) / 2
            let other = summaries[middle].number
            if other == number { return (true, middle) }
            if other < number { low = middle + 1 } else { high = middle }
        }
        return (false, low)
    }

    /// Where `number` is in the increasing `numbers`, or would be inserted (a binary search).
    private static func position(of number: UInt64, in numbers: [UInt64]) -> (found: Bool, index: Int) {
        var low = 0
        var high = numbers.count
        while low < high {
            let middle = (low + high) / 2
            if numbers[middle] == number { return (true, middle) }
            if numbers[middle] < number { low = middle + 1 } else { high = middle }
        }
        return (false, low)
    }

    /// Summaries of every segment, oldest first; the last (the one being written) is scanned
    /// unless its writer has closed it with an index that matches its size.
    func segmentInfos() throws(LogStoreError) -> [LogSegmentInfo] {
        let segments = try layout.list().segments
        var infos: [LogSegmentInfo] = []
        for (index, number) in segments.enumerated() {
            if index < segments.count - 1 {
                if let info = try summary(of: number) { infos.append(info) }
            } else if let segment = try OpenSegment.open(layout, number: number) {
                defer { segment.file.close() }
                let size = try segment.file.size()
                if let indexed = SegmentIndexFile.load(layout, number: number, segmentBytes: size) {
                    infos.append(indexed)
                } else {
                    infos.append(try LogSegmentInfo.scan(segment))
                }
            }
        }
        var kept: [LogSegmentInfo] = []
        for summary in summaries where segments.contains(summary.number) { kept.append(summary) }
        summaries = kept
        return infos
    }

    // MARK: Verification

    /// Reads every frame of every segment and checks it, ignoring the indexes.
    func verify() throws(LogStoreError) -> LogStoreVerification {
        var result = LogStoreVerification()
        let listing = try layout.list()
        for (index, number) in listing.segments.enumerated() {
            guard let segment = try OpenSegment.open(layout, number: number) else { continue }
            defer { segment.file.close() }
            result.segments += 1
            if segment.header == nil { result.damagedHeaders += 1 }
            let scanner = segment.scanner()
            scan: while true {
                switch try scanner.next() {
                case .record(let header, _, _):
                    result.records += 1
                    result.recordBytes += header.frameBytes
                    if let last = result.lastSequence, header.sequence <= last { result.sequenceRegressions += 1 }
                    if result.firstSequence == nil { result.firstSequence = header.sequence }
                    result.lastSequence = max(result.lastSequence ?? 0, header.sequence)
                case .skipped(let bytes):
                    result.corruptSkipped += 1
                    result.skippedBytes += bytes
                case .end(let trailing):
                    result.tornTailBytes += trailing
                    break scan
                }
            }
            let size = try segment.file.size()
            result.bytes += size
            if index < listing.segments.count - 1, SegmentIndexFile.load(layout, number: number, segmentBytes: size) == nil {
                result.indexesMissingOrStale += 1
            }
        }
        return result
    }
}
