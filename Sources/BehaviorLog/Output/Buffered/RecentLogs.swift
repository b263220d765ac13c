import LogStore

/// The logs an outbox appended last, kept in memory so that the sender reads its chunks
/// from here instead of reading back (and checksumming) what was just written: the same
/// records, byte for byte, sharing the encoded bodies. Bounded by a count and a byte size;
/// the oldest go first. Sequences are contiguous: after a gap (a failed append) it starts
/// over. Acknowledged logs are forgotten at the next append. A read that does not start inside it (a backlog from an earlier run, or logs
/// behind a failing backend that it no longer holds) goes to the store.
struct RecentLogs {
    private var records: [LogRecord] = []
    /// The index in `records` of the oldest record kept.
    private var start = 0
    private var bytes = 0
    let maximumCount: Int
    let maximumBytes: Int

    init(maximumCount: Int, maximumBytes: Int) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = maximumBytes
    }

    private var count: Int { records.count - start }

    /// Keeps the logs just appended with sequence numbers `sequences`, and forgets those up
    /// to `acknowledged`. Forgetting here, on the appending thread, frees each body on the
    /// thread that allocated it (the allocator's fast path), not on the sender.
    mutating func add(_ entries: [LogEntry], sequences: ClosedRange<UInt64>, acknowledged: UInt64) {
        while start < records.count && records[start].sequence <= acknowledged { dropFirst() }
        guard sequences.count == entries.count else { return removeAll() }
        if let last = records.last, last.sequence + 1 != sequences.lowerBound { removeAll() }
        for (offset, entry) in entries.enumerated() {
            records.append(LogRecord(
                sequence: sequences.lowerBound + UInt64(offset), tag: entry.tag, timestamp: entry.timestamp,
                uuid: entry.uuid, payload: entry.payload))
            bytes += entry.payload.count
        }
        while count > maximumCount || (bytes > maximumBytes && count > 1) { dropFirst() }
        compact()
    }

    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        start = 0
        bytes = 0
    }

    /// The logs after `sequence` up to `durable`, at most `maxCount` and about `maxBytes` bytes
    /// (at least one log); `nil` when the log after `sequence` is not held here.
    func read(after sequence: UInt64, durable: UInt64, maxCount: Int, maxBytes: Int) -> [LogRecord]? {
        guard start < records.count, records[start].sequence <= sequence + 1, records[records.count - 1].sequence > sequence else { return nil }
        let first = start + Int(sequence + 1 - records[start].sequence)
        var result: [LogRecord] = []
        var total = 0
        var index = first
        while index < records.count && result.count < maxCount {
            let record = records[index]
            guard record.sequence <= durable else { break }
            if !result.isEmpty && total + record.payload.count > maxBytes { break }
            total += record.payload.count
            result.append(record)
            index += 1
        }
        return result
    }

    private mutating func dropFirst() {
        bytes -= records[start].payload.count
        records[start] = LogRecord(sequence: records[start].sequence, tag: "", timestamp: records[start].timestamp, uuid: records[start].uuid, payload: [])
        start += 1
    }

    /// Moves the kept records to the front once half the array is dropped ones.
    private mutating func compact() {
        if start == records.count {
            removeAll()
        } else if start > 1024 && start * 2 > records.count {
            records.removeFirst(start)
            start = 0
        }
    }
}
