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

    /// Makes later lookups answer for `filter`.
    func use(_ filter: LogRecordFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        generation += 1
    }

    /// The interned tag for `bytes`, and whether the filter's tags and categories accept it.
    func lookUp(_ bytes: UnsafeRawBufferPointer) -> (tag: String, matches: Bool) {
        if last >= 0, entries[last].bytes.withUnsafeBytes({ $0.elementsEqual(bytes) }) { return answer(last) }
        let hash = TagTable.hash(bytes)
        var index = firstByHash[hash] ?? -1
        while index >= 0 {
            if entries[index].bytes.withUnsafeBytes({ $0.elementsEqual(bytes) }) {
                last = index
                return answer(index)
            }
            index = entries[index].next
        }
        let string = String(decoding: bytes, as: UTF8.self)
        entries.append(Entry(bytes: Array(bytes), string: string, generation: -1, matches: false, next: firstByHash[hash] ?? -1))
        firstByHash[hash] = entries.count - 1
        last = entries.count - 1
        return answer(last)
    }

    private func answer(_ index: Int) -> (tag: String, matches: Bool) {
        if entries[index].generation != generation {
            entries[index].matches = filter.matches(tag: entries[index].string)
            entries[index].generation = generation
        }
        return (entries[index].string, entries[index].matches)
    }

    /// FNV-1a over the tag bytes.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
