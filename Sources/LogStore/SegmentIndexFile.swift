/// The side file of a closed segment: its ``LogSegmentInfo`` (ranges, counts per tag, sparse
/// offsets), so that queries skip segments without reading them and seeks start near the target.
///
/// Little-endian: magic `BLOGIDX1`, the fixed fields, the tag counts, the sparse offsets, then a
/// CRC-32C of everything before it. A missing, damaged or stale index (its recorded file size is
/// not the segment's size) is ignored and rebuilt by scanning the segment.
enum SegmentIndexFile {
    static let magic = Array("BLOGIDX1".utf8)

    static func encode(_ info: LogSegmentInfo) -> [UInt8] {
        var bytes = magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        put(info.number)
        put(info.baseSequence)
        put(info.sequenceRange.map { _ in UInt8(1) } ?? 0)
        put(info.sequenceRange?.lowerBound ?? 0)
        put(info.sequenceRange?.upperBound ?? 0)
        put(info.timeRange?.lowerBound.microsecondsSince1970 ?? 0)
        put(info.timeRange?.upperBound.microsecondsSince1970 ?? 0)
        for value in [info.recordCount, info.fileBytes, info.validBytes, info.corruptSkipped, info.skippedBytes, info.tornTailBytes] {
            put(UInt64(value))
        }
        // Tags in order, with `Array.sort` (the store's one sort of strings), not a sort of pairs.
        let counts = info.tagCounts
        var tags = Array(counts.keys)
        tags.sort()
        put(UInt32(tags.count))
        for tag in tags {
            let utf8 = Array(tag.utf8)
            put(UInt16(utf8.count))
            bytes += utf8
            put(UInt64(counts[tag]!))
        }
        put(UInt32(info.sparseOffsets.count))
        for (sequence, offset) in zip(info.sparseSequences, info.sparseOffsets) {
            put(sequence)
            put(UInt64(offset))
        }
        put(CRC32C.checksum(bytes))
        return bytes
    }

    /// The summary in `bytes`, or `nil` if anything about it is wrong.
    static func decode(_ bytes: [UInt8], number: UInt64) -> LogSegmentInfo? {
        guard bytes.count >= magic.count + 4, bytes.withUnsafeBytes({ magic.isPrefix(of: $0) }) else { return nil }
        let body = bytes.count - 4
        let stored = bytes[body...].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == CRC32C.checksum(Array(bytes[0..<body])) else { return nil }
        var offset = magic.count
        // One reader of `size` little-endian bytes (1, 2, 4 or 8), not one generic over the
        // integer type: its specialisations and inlined copies were 1 KB of every app (issue 26).
        // Called, not inlined: its twenty inlined copies were 2 KB more (an index is read once
        // per segment, not per record).
        @inline(never) func take(_ size: Int) -> UInt64? {
            guard offset + size <= body else { return nil }
            var value: UInt64 = 0
            for index in stride(from: offset + size - 1, through: offset, by: -1) { value = value << 8 | UInt64(bytes[index]) }
            offset += size
            return value
        }
        func count(_ value: UInt64?) -> Int? { value.flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil } }
        guard let storedNumber = take(8), storedNumber == number,
            let base = take(8), let hasRecords = take(1),
            let first = take(8), let last = take(8),
            let earliestBits = take(8), let latestBits = take(8),
            let recordCount = count(take(8)), let fileBytes = count(take(8)),
            let validBytes = count(take(8)), let corrupt = count(take(8)),
            let skipped = count(take(8)), let torn = count(take(8)),
            let tagCount = take(4), first <= last, Int64(bitPattern: earliestBits) <= Int64(bitPattern: latestBits)
        else { return nil }
        let earliest = Int64(bitPattern: earliestBits)
        let latest = Int64(bitPattern: latestBits)
        var info = LogSegmentInfo(number: number, baseSequence: base)
        if hasRecords == 1 {
            info.sequenceRange = first...last
            info.timeRange = LogTimestamp(microsecondsSince1970: earliest)...LogTimestamp(microsecondsSince1970: latest)
        }
        info.recordCount = recordCount
        info.fileBytes = fileBytes
        info.validBytes = validBytes
        info.corruptSkipped = corrupt
        info.skippedBytes = skipped
        info.tornTailBytes = torn
        for _ in 0..<tagCount {
            guard let length = take(2), offset + Int(length) <= body else { return nil }
            let tag = String(decoding: bytes[offset..<offset + Int(length)], as: UTF8.self)
            offset += Int(length)
            guard let tagRecords = count(take(8)) else { return nil }
            info.countedTags[tag] = tagRecords
        }
        guard let sparseCount = take(4), Int(sparseCount) <= (body - offset) / 16 else { return nil }
        for _ in 0..<sparseCount {
            guard let sequence = take(8), let position = count(take(8)) else { return nil }
            info.sparseSequences.append(sequence)
            info.sparseOffsets.append(position)
        }
        guard offset == body else { return nil }
        return info
    }

    /// The index of segment `number` if it exists, is intact and describes the file as it is now.
    static func load(_ layout: StoreLayout, number: UInt64, segmentBytes: Int) -> LogSegmentInfo? {
        guard let file = try? SystemFile.openForReadingIfPresent(layout.indexPath(number), in: layout.fileSystem) else { return nil }
        defer { file.close() }
        guard let bytes = try? file.readAll(limit: 16 << 20), let info = decode(bytes, number: number),
            info.fileBytes == segmentBytes, info.validBytes <= segmentBytes
        else { return nil }
        return info
    }
}
