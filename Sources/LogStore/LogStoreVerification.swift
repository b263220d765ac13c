/// The result of reading every frame of a store (``LogStoreReader/verify()``).
public struct LogStoreVerification: Hashable, Sendable, Codable {
    /// Segment files read.
    public var segments = 0
    /// Bytes in those files.
    public var bytes = 0
    /// Good records (checksum verified).
    public var records = 0
    /// Bytes of the good records, framing included.
    public var recordBytes = 0
    /// The first sequence number seen; `nil` when there are no records.
    public var firstSequence: UInt64?
    /// The highest sequence number seen; `nil` when there are no records.
    public var lastSequence: UInt64?
    /// Damaged regions in the middle of a segment that were passed over (records after them kept).
    public var corruptSkipped = 0
    /// Bytes in those regions.
    public var skippedBytes = 0
    /// Bytes after the last good record of each segment (torn or unfinished writes).
    public var tornTailBytes = 0
    /// Segments whose header is damaged (their records are still read).
    public var damagedHeaders = 0
    /// Good records whose sequence number is not above the one before (never expected).
    public var sequenceRegressions = 0
    /// Closed segments with no usable index (rebuilt by the next writer; readers scan instead).
    public var indexesMissingOrStale = 0

    /// An empty result, filled in by a scan.
    public init() {}

    /// Whether nothing is wrong beyond an unfinished write at the very end.
    public var isIntact: Bool {
        corruptSkipped == 0 && damagedHeaders == 0 && sequenceRegressions == 0
    }
}
