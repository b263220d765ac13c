/// The result of reading every frame of a store (``LogStoreReader/verify()``).
public struct LogStoreVerification: Equatable, Sendable {
    /// Segment files read.
    public internal(set) var segments: Int
    /// Bytes in those files.
    public internal(set) var bytes: Int
    /// Good records (checksum verified).
    public internal(set) var records: Int
    /// Bytes of the good records, framing included.
    public internal(set) var recordBytes: Int
    /// The first sequence number seen; `nil` when there are no records.
    public internal(set) var firstSequence: UInt64?
    /// The highest sequence number seen; `nil` when there are no records.
    public internal(set) var lastSequence: UInt64?
    /// Damaged regions in the middle of a segment that were passed over (records after them kept).
    public internal(set) var corruptSkipped: Int
    /// Bytes in those regions.
    public internal(set) var skippedBytes: Int
    /// Bytes after the last good record of each segment (torn or unfinished writes).
    public internal(set) var tornTailBytes: Int
    /// Segments whose header is damaged (their records are still read).
    public internal(set) var damagedHeaders: Int
    /// Good records whose sequence number is not above the one before (never expected).
    public internal(set) var sequenceRegressions: Int
    /// Closed segments with no usable index (rebuilt by the next writer; readers scan instead).
    public internal(set) var indexesMissingOrStale: Int

    /// An empty result, filled in by a scan. (The counts are set here, not at their
    /// declarations: an initial value there was a function of its own in every app; issue 26.)
    init() {
        segments = 0
        bytes = 0
        records = 0
        recordBytes = 0
        corruptSkipped = 0
        skippedBytes = 0
        tornTailBytes = 0
        damagedHeaders = 0
        sequenceRegressions = 0
        indexesMissingOrStale = 0
    }

    /// Whether nothing is wrong beyond an unfinished write at the very end.
    /// (Emitted into its callers, the tools; issue 26.)
    @_alwaysEmitIntoClient
    public var isIntact: Bool {
        corruptSkipped == 0 && damagedHeaders == 0 && sequenceRegressions == 0
    }
}
