/// The result of reading every frame of a store (``LogStoreReader/verify()``).
public struct LogStoreVerification: Equatable, Sendable {
    /// Segment files read.
    public internal(set) var segments = 0
    /// Bytes in those files.
    public internal(set) var bytes = 0
    /// Good records (checksum verified).
    public internal(set) var records = 0
    /// Bytes of the good records, framing included.
    public internal(set) var recordBytes = 0
    /// The first sequence number seen; `nil` when there are no records.
    public internal(set) var firstSequence: UInt64?
    /// The highest sequence number seen; `nil` when there are no records.
    public internal(set) var lastSequence: UInt64?
    /// Damaged regions in the middle of a segment that were passed over (records after them kept).
    public internal(set) var corruptSkipped = 0
    /// Bytes in those regions.
    public internal(set) var skippedBytes = 0
    /// Bytes after the last good record of each segment (torn or unfinished writes).
    public internal(set) var tornTailBytes = 0
    /// Segments whose header is damaged (their records are still read).
    public internal(set) var damagedHeaders = 0
    /// Good records whose sequence number is not above the one before (never expected).
    public internal(set) var sequenceRegressions = 0
    /// Closed segments with no usable index (rebuilt by the next writer; readers scan instead).
    public internal(set) var indexesMissingOrStale = 0

    /// An empty result, filled in by a scan.
    init() {}

    /// Whether nothing is wrong beyond an unfinished write at the very end.
    /// (Emitted into its callers, the tools; issue 26.)
    @_alwaysEmitIntoClient
    public var isIntact: Bool {
        corruptSkipped == 0 && damagedHeaders == 0 && sequenceRegressions == 0
    }
}
