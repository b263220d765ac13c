/// What one segment holds: read from its index file, or from a scan when the index is missing,
/// damaged or stale (the segment being written has none).
public struct LogSegmentInfo: Equatable, Sendable {
    /// The segment's number; segments are created in increasing order.
    public internal(set) var number: UInt64
    /// Every record in the segment has a sequence number at least this.
    public internal(set) var baseSequence: UInt64
    /// The first and last sequence numbers of the good records; `nil` when there are none.
    public internal(set) var sequenceRange: ClosedRange<UInt64>?
    /// The earliest and latest record timestamps; `nil` when there are no records.
    public internal(set) var timeRange: ClosedRange<LogTimestamp>?
    /// The number of good records.
    public internal(set) var recordCount: Int
    /// Records per tag.
    public var tagCounts: [String: Int] {
        guard runCount > 0 else { return countedTags }
        var counts = countedTags
        counts[runTag, default: 0] += runCount
        return counts
    }
    /// The counts of the runs before the latest; the index file's reader fills it directly (a
    /// setter of `tagCounts` would copy the dictionary once per tag, and was linked into every app).
    var countedTags: [String: Int]
    /// The tag of the latest run of records, not yet in `countedTags`.
    private var runTag: String
    private var runCount: Int

    private mutating func flushTagRun() {
        if runCount > 0 { countedTags[runTag, default: 0] += runCount }
        runCount = 0
    }

    public static func == (lhs: LogSegmentInfo, rhs: LogSegmentInfo) -> Bool {
        lhs.number == rhs.number && lhs.baseSequence == rhs.baseSequence && lhs.sequenceRange == rhs.sequenceRange
            && lhs.timeRange == rhs.timeRange && lhs.recordCount == rhs.recordCount && lhs.tagCounts == rhs.tagCounts
            && lhs.fileBytes == rhs.fileBytes && lhs.corruptSkipped == rhs.corruptSkipped && lhs.skippedBytes == rhs.skippedBytes
            && lhs.tornTailBytes == rhs.tornTailBytes && lhs.sparseSequences == rhs.sparseSequences
            && lhs.sparseOffsets == rhs.sparseOffsets && lhs.validBytes == rhs.validBytes
    }

    /// The file size when the summary was made.
    public internal(set) var fileBytes: Int
    /// Damaged regions passed over in the middle of the segment.
    public internal(set) var corruptSkipped: Int
    /// Bytes in those regions.
    public internal(set) var skippedBytes: Int
    /// Bytes after the last good record that are not a record (a torn or unfinished write); in
    /// a segment that recovery cut back to its last good record, the bytes it cut.
    public internal(set) var tornTailBytes: Int

    /// Sparse (sequence, offset) pairs: a frame boundary about every 64 KiB, for seeking.
    var sparseSequences: [UInt64]
    var sparseOffsets: [Int]
    /// The offset just after the last good record.
    var validBytes: Int

    static let sparseStride = 64 << 10

    init(number: UInt64, baseSequence: UInt64) {
        self.number = number
        self.baseSequence = baseSequence
        self.recordCount = 0
        self.countedTags = [:]
        self.fileBytes = SegmentHeader.byteCount
        self.corruptSkipped = 0
        self.skippedBytes = 0
        self.tornTailBytes = 0
        self.validBytes = SegmentHeader.byteCount
        // Set here, not at the declarations: an initial value there was a function of its own
        // in every app (issue 26).
        runTag = ""
        runCount = 0
        sparseSequences = []
        sparseOffsets = []
    }

    /// Counts one good record that starts at `offset`.
    mutating func add(sequence: UInt64, timestamp: LogTimestamp, tag: String, offset: Int, frameBytes: Int) {
        if let range = sequenceRange {
            sequenceRange = range.lowerBound...max(range.upperBound, sequence)
        } else {
            sequenceRange = sequence...sequence
        }
        if let range = timeRange {
            timeRange = min(range.lowerBound, timestamp)...max(range.upperBound, timestamp)
        } else {
            timeRange = timestamp...timestamp
        }
        recordCount += 1
        // Logs come in runs of one tag: count a run, and hash the tag once per run.
        if tag == runTag {
            runCount += 1
        } else {
            flushTagRun()
            runTag = tag
            runCount = 1
        }
        if sparseOffsets.isEmpty || offset - sparseOffsets[sparseOffsets.count - 1] >= LogSegmentInfo.sparseStride {
            sparseSequences.append(sequence)
            sparseOffsets.append(offset)
        }
        validBytes = offset + frameBytes
        fileBytes = max(fileBytes, validBytes)
    }

    /// Scans a whole segment.
    static func scan(_ segment: OpenSegment) throws(LogStoreError) -> LogSegmentInfo {
        let scanner = segment.scanner()
        var info = LogSegmentInfo(number: segment.number, baseSequence: segment.header?.baseSequence ?? 0)
        var sawRecord = false
        scan: while true {
            switch try scanner.next() {
            case .record(let header, let bytes, let offset):
                if !sawRecord && segment.header == nil { info.baseSequence = header.sequence }
                sawRecord = true
                info.add(
                    sequence: header.sequence, timestamp: header.timestamp,
                    tag: RecordFrame.tag(bytes, header: header), offset: offset, frameBytes: header.frameBytes)
            case .skipped(let bytes):
                info.corruptSkipped += 1
                info.skippedBytes += bytes
            case .end(let trailing):
                info.tornTailBytes = trailing
                break scan
            }
        }
        info.fileBytes = max(try segment.file.size(), info.validBytes)
        return info
    }

    /// The offset of the last indexed frame at or before `sequence`, and the sequence before it.
    func seekPoint(for sequence: UInt64) -> (offset: Int, lastSequence: UInt64?)? {
        var low = 0
        var high = sparseSequences.count
        while low < high {
            let middle = (low + high) / 2
            if sparseSequences[middle] <= sequence { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let found = sparseSequences[low - 1]
        return (sparseOffsets[low - 1], found > 0 ? found - 1 : nil)
    }
}
