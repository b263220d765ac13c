/// The state of a store (``LogStoreReader/stats()``, ``LogStoreWriter/stats()``).
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class LogStoreStats: Sendable {
    /// Every segment, oldest first; the last is the one being written.
    public let segments: [LogSegmentInfo]
    /// Consumers' positions.
    public let cursors: [LogCursorState]
    /// Records dropped by the caps (size, age) since the store was created.
    public let droppedByCaps: UInt64

    /// Bytes in all segment files. (Emitted into its callers, as ``sequenceRange`` is: the
    /// runtime does not read it, and every function of LogStore is in every app; issue 26.)
    @_alwaysEmitIntoClient
    public var totalBytes: Int { segments.reduce(0) { $0 + $1.fileBytes } }
    /// Good records in all segments.
    public var recordCount: Int { segments.reduce(0) { $0 + $1.recordCount } }
    /// The first and last sequence numbers stored; `nil` when the store is empty.
    @_alwaysEmitIntoClient
    public var sequenceRange: ClosedRange<UInt64>? {
        let ranges = segments.compactMap(\.sequenceRange)
        guard let first = ranges.first, let last = ranges.last else { return nil }
        return first.lowerBound...last.upperBound
    }

    /// State as the writer and readers report it.
    public init(segments: [LogSegmentInfo], cursors: [LogCursorState], droppedByCaps: UInt64) {
        self.segments = segments
        self.cursors = cursors
        self.droppedByCaps = droppedByCaps
    }

    /// Records with a sequence number above `acknowledged`: counted from segment summaries
    /// (exact unless a failed write left a gap in the numbers of a segment).
    static func pending(after acknowledged: UInt64, in segments: [LogSegmentInfo]) -> Int {
        var count = 0
        for segment in segments {
            guard let range = segment.sequenceRange, range.upperBound > acknowledged else { continue }
            if range.lowerBound > acknowledged {
                count += segment.recordCount
            } else {
                count += min(segment.recordCount, Int(range.upperBound - acknowledged))
            }
        }
        return count
    }
}
