import Glibc

/// The distinct tags a reader has met, each kept once as a `String` with whether the current
/// filter accepts it, so that a scan looks a record's tag up by its bytes: no `String` and no
/// allocation per record.
final class TagTable {
    private struct Entry {
        var bytes: [UInt8]
        var string: String
        /// The filter generation `matches` was computed for.
        var generation: Int
        var matches: Bool
        /// The next entry with the same hash, or -1.
        var next: Int
    }

    private var entries: [Entry] = []
    private var firstByHash: [UInt64: Int] = [:]
    private var filter = LogRecordFilter.all
    private var generation = 0
    /// The entry of the previous lookup: logs come in runs of one tag.
    private var last = -1
    /// Entry indexes by the low bits of the hash (-1: none): most lookups end here, without
    /// the dictionary's own hashing.
    private var slots = [Int](repeating: -1, count: 256)

    /// Makes later lookups answer for `filter`.
    func use(_ filter: LogRecordFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        generation += 1
    }

    /// The entry of the tag `bytes` (made on first sight); see ``matches(_:)`` and ``tag(_:)``.
    func lookUp(_ bytes: UnsafeRawBufferPointer) -> Int {
        if last >= 0, TagTable.equal(entries[last].bytes, bytes) { return last }
        let hash = TagTable.hash(bytes)
        let slot = Int(truncatingIfNeeded: hash & 255)
        let cached = slots[slot]
        if cached >= 0, TagTable.equal(entries[cached].bytes, bytes) {
            last = cached
            return cached
        }
        var index = firstByHash[hash] ?? -1
        while index >= 0 {
            if TagTable.equal(entries[index].bytes, bytes) {
                last = index
                slots[slot] = index
                return index
            }
            index = entries[index].next
        }
        let string = String(decoding: bytes, as: UTF8.self)
        entries.append(Entry(bytes: Array(bytes), string: string, generation: -1, matches: false, next: firstByHash[hash] ?? -1))
        firstByHash[hash] = entries.count - 1
        last = entries.count - 1
        slots[slot] = last
        return last
    }

    /// Whether the filter's tags and categories accept the tag of entry `index`.
    func matches(_ index: Int) -> Bool {
        if entries[index].generation != generation {
            entries[index].matches = filter.matches(tag: entries[index].string)
            entries[index].generation = generation
        }
        return entries[index].matches
    }

    /// The tag of entry `index`, one `String` shared by every lookup.
    func tag(_ index: Int) -> String {
        entries[index].string
    }

    private static func equal(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        stored.count == bytes.count && stored.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// FNV-1a over the tag bytes.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
