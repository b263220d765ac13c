import LogStore

/// The logs an outbox appended last, kept in memory so that the sender reads its chunks
/// from here instead of reading back (and checksumming) what was just written: the same
/// records, byte for byte, sharing the encoded bodies.
///
/// Kept as the batches were appended (each batch's entry array as it is, so that keeping a
/// batch retains one array, not every tag and body in it), bounded by a count and a byte
/// size; the oldest batches go first, the newest is always kept. Sequences are contiguous:
/// after a gap (a failed append) it starts over. Batches wholly acknowledged are forgotten at
/// the next append, on the appending thread (so the memory is freed where it was allocated).
/// A read that does not start inside it (a backlog from an earlier run, or logs behind a
/// failing backend that it no longer holds) goes to the store.
///
/// A class, not a struct: `Locked` is generic and in another module, so a struct's metadata and
/// value witnesses would be linked into every app; its fields are reached only under that lock
/// (no run-time exclusivity checks).
final class RecentLogs {
    /// A tuple, not a struct of its own: an array's element type needs metadata, and a
    /// struct's comes with value witnesses that every app would link.
    private typealias Batch = (first: UInt64, entries: [LogEntry], bytes: Int)

    private static func last(of batch: Batch) -> UInt64 { batch.first + UInt64(batch.entries.count) - 1 }

    @exclusivity(unchecked) private var batches: [Batch] = []
    /// The index in `batches` of the oldest batch kept.
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var bytes = 0
    let maximumCount: Int
    let maximumBytes: Int

    init(maximumCount: Int, maximumBytes: Int) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = maximumBytes
    }

    /// Keeps the logs just appended with sequence numbers `sequences`, and forgets the
    /// batches acknowledged up to `acknowledged`.
    func add(_ entries: [LogEntry], sequences: ClosedRange<UInt64>, acknowledged: UInt64) {
        while start < batches.count && Self.last(of: batches[start]) <= acknowledged { dropFirst() }
        guard !entries.isEmpty, sequences.count == entries.count else { return removeAll() }
        if start < batches.count, Self.last(of: batches[batches.count - 1]) + 1 != sequences.lowerBound { removeAll() }
        let batchBytes = entries.reduce(0) { $0 + $1.payload.count }
        batches.append((sequences.lowerBound, entries, batchBytes))
        count += entries.count
        bytes += batchBytes
        while (count > maximumCount || bytes > maximumBytes) && batches.count - start > 1 { dropFirst() }
        compact()
    }

    func removeAll() {
        batches.removeAll(keepingCapacity: true)
        start = 0
        count = 0
        bytes = 0
    }

    /// The logs after `sequence` up to `durable`, at most `maxCount` and about `maxBytes` bytes
    /// (at least one log); `nil` when the log after `sequence` is not held here.
    func read(after sequence: UInt64, durable: UInt64, maxCount: Int, maxBytes: Int) -> [LogRecord]? {
        guard start < batches.count, batches[start].first <= sequence + 1, Self.last(of: batches[batches.count - 1]) > sequence else { return nil }
        var batch = start
        while Self.last(of: batches[batch]) <= sequence { batch += 1 }
        var index = Int(sequence + 1 - batches[batch].first)
        var result: [LogRecord] = []
        var total = 0
        while batch < batches.count && result.count < maxCount {
            let first = batches[batch].first
            let entries = batches[batch].entries
            while index < entries.count && result.count < maxCount {
                let recordSequence = first + UInt64(index)
                guard recordSequence <= durable else { return result }
                if !result.isEmpty && total + entries[index].payload.count > maxBytes { return result }
                total += entries[index].payload.count
                result.append(
                    LogRecord(
                        sequence: recordSequence, tag: entries[index].tag, timestamp: entries[index].timestamp,
                        uuid: entries[index].uuid, payload: entries[index].payload))
                index += 1
            }
            batch += 1
            index = 0
        }
        return result
    }

    private func dropFirst() {
        count -= batches[start].entries.count
        bytes -= batches[start].bytes
        batches[start].entries = []
        start += 1
    }

    /// Moves the kept batches to the front once half the array is dropped ones.
    private func compact() {
        if start == batches.count {
            removeAll()
        } else if start > 64 && start * 2 > batches.count {
            batches.removeFirst(start)
            start = 0
        }
    }
}
