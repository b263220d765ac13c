/// Walks the frames of one segment file through a 1 MiB read window, without copying records.
///
/// Damage handling, the same for recovery, reads and verification:
/// - a bad frame followed (anywhere later in the file) by a good frame that continues the
///   sequence is *skipped*: ``Event/skipped(bytes:)``, then the good frame;
/// - a bad frame with no good frame after it is the *tail*: ``Event/end(trailingBytes:)``. In
///   the segment being written the tail may be a write in progress, so the scanner stays put and
///   a later call sees the completed frame.
final class SegmentScanner {
    enum Event {
        /// A good frame at `offset`; `bytes` starts at the frame and is valid until the next call.
        case record(FrameHeader, bytes: UnsafeRawBufferPointer, offset: Int)
        /// Damaged bytes were passed over to reach the next good frame.
        case skipped(bytes: Int)
        /// No more good frames; `trailingBytes` bytes after the last good frame are not a record.
        case end(trailingBytes: Int)
    }

    /// The largest gap between consecutive sequence numbers that a resynchronisation accepts;
    /// keeps a random byte run from passing as a record.
    static let maximumSequenceGap: UInt64 = 1 << 40

    let file: SystemFile
    /// The file offset of the next frame.
    private(set) var position: Int
    /// The last good sequence number seen (or the segment's base sequence minus one).
    private(set) var lastSequence: UInt64?
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var windowStart = 0
    private var windowCount = 0
    /// Where the frames passed over unchecked by ``next(wanting:)`` began, and the sequence
    /// number before them; `nil` when every frame so far was checked.
    private var unchecked: (offset: Int, lastSequence: UInt64?)?
    /// Frames before this offset are always checked: they were passed over unchecked once and
    /// followed by something that is not a good frame.
    private var checkedBelow = 0

    init(file: SystemFile, position: Int, lastSequence: UInt64?, windowBytes: Int = 1 << 20) {
        self.file = file
        self.position = position
        self.lastSequence = lastSequence
        self.capacity = windowBytes
        self.buffer = UnsafeMutableRawPointer.allocate(byteCount: windowBytes, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// Moves to a known frame boundary (from an index or an earlier scan).
    func seek(to offset: Int, lastSequence: UInt64?) {
        position = offset
        self.lastSequence = lastSequence
        unchecked = nil
        checkedBelow = 0
    }

    /// The bytes from `offset` on, at least `count` of them unless the file ends first.
    private func bytes(at offset: Int, count: Int) throws(LogStoreError) -> UnsafeRawBufferPointer {
        if offset >= windowStart && offset + count <= windowStart + windowCount {
            return UnsafeRawBufferPointer(start: buffer + (offset - windowStart), count: windowStart + windowCount - offset)
        }
        if count > capacity {
            buffer.deallocate()
            capacity = count
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
        windowStart = offset
        windowCount = 0
        // Trust only bytes below the size seen *before* reading. A write(2) that runs while we
        // read may be copied into a later page of our window but not yet into an earlier one;
        // the file size only grows once the bytes below it are in place.
        let completeBytes = try file.size() - offset
        guard completeBytes > 0 else { return UnsafeRawBufferPointer(start: buffer, count: 0) }
        windowCount = try file.read(into: buffer, count: min(capacity, completeBytes), at: offset)
        return UnsafeRawBufferPointer(start: buffer, count: windowCount)
    }

    /// Parses at `offset`, widening the window when a frame crosses its end.
    private func parse(
        at offset: Int, afterSequence: UInt64?, checksum: Bool = true
    ) throws(LogStoreError) -> (RecordFrame.Parse, UnsafeRawBufferPointer) {
        var view = try bytes(at: offset, count: RecordFrame.prefixBytes)
        var outcome = RecordFrame.parse(view, afterSequence: afterSequence, checksum: checksum)
        if case .incomplete(let needed) = outcome, view.count < needed, needed > RecordFrame.prefixBytes {
            view = try bytes(at: offset, count: needed)
            outcome = RecordFrame.parse(view, afterSequence: afterSequence, checksum: checksum)
        }
        return (outcome, view)
    }

    /// The good frame at `offset` as a record event (moving past it), or `nil`.
    private func record(at offset: Int) throws(LogStoreError) -> Event? {
        let (outcome, view) = try parse(at: offset, afterSequence: nil)
        guard case .valid(let header) = outcome else { return nil }
        position = offset + header.frameBytes
        lastSequence = header.sequence
        return .record(header, bytes: UnsafeRawBufferPointer(rebasing: view[0..<header.frameBytes]), offset: offset)
    }

    /// The next event, passing over the frames that `wants` turns down without computing their
    /// checksums: a filtered scan checks only the records it hands out.
    ///
    /// `wants` sees the sequence number, time and tag bytes of a frame whose framing is
    /// plausible and that continues the sequence by exactly one. A damaged length among the
    /// frames passed over would misplace the next frame: so when anything but a good frame
    /// follows them (damage, a frame still being written, the end of the file), the scanner
    /// goes back to the first of them and checks every frame up to that point, as ``next()``
    /// does. What this returns is therefore exactly what ``next()`` returns, less the unwanted
    /// records; an unwanted record may still be returned (checked) after such a return trip.
    func next(wanting wants: (_ sequence: UInt64, _ timestamp: LogTimestamp, _ tag: UnsafeRawBufferPointer) -> Bool) throws(LogStoreError) -> Event {
        while position >= checkedBelow, let last = lastSequence {
            let (outcome, view) = try parse(at: position, afterSequence: nil, checksum: false)
            guard case .valid(let header) = outcome, header.sequence == last &+ 1,
                !wants(header.sequence, header.timestamp, UnsafeRawBufferPointer(rebasing: view[42..<42 + header.tagLength]))
            else { break }
            if unchecked == nil { unchecked = (position, lastSequence) }
            position += header.frameBytes
            lastSequence = header.sequence
        }
        if let record = try record(at: position) {
            unchecked = nil
            return record
        }
        if let (offset, sequence) = unchecked {
            checkedBelow = position
            position = offset
            lastSequence = sequence
            unchecked = nil
        }
        return try next()
    }

    func next() throws(LogStoreError) -> Event {
        if let record = try record(at: position) { return record }
        // The window may be older than bytes written since: look again with a fresh read before
        // calling anything damage (a just-created segment read empty a moment ago is the usual case).
        let end = max(try file.size(), position)
        if end == position { return .end(trailingBytes: 0) }
        windowCount = 0
        if let record = try record(at: position) { return record }
        // Look for the next good frame that continues the sequence.
        var candidate = position + 1
        while candidate + RecordFrame.prefixBytes + RecordFrame.minimumBodyBytes <= end {
            let (found, _) = try parse(at: candidate, afterSequence: lastSequence)
            if case .valid = found {
                let skipped = candidate - position
                position = candidate
                return .skipped(bytes: skipped)
            }
            candidate += 1
        }
        return .end(trailingBytes: end - position)
    }
}
