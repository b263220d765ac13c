import LogCore

/// The distinct tags a reader has met, each kept once as a `String` with whether the current
/// filter accepts it, so that a scan looks a record's tag up by its bytes: no `String` and no
/// allocation per record.
///
/// A value type so that a scan can own it in a local variable for its duration: lookups then
/// need neither reference counting nor the run-time exclusivity checks of a class's storage.
struct TagTable {
    private struct Entry {
        var string: String
        /// Where the tag's bytes are in `arena`.
        var start: Int
        var count: Int
        /// The filter generation `matches` was computed for.
        var generation: Int
        var matches: Bool
    }

    private var entries: [Entry] = []
    /// Every tag's bytes, one after another.
    private var arena: [UInt8] = []
    /// Open addressing by hash, linear probing: entry indexes, -1 for an empty slot. Never
    /// more than half full.
    private var slots = [Int32](repeating: -1, count: 256)
    private var filter = LogRecordFilter.all
    private var generation = 0

    /// Makes later lookups answer for `filter`.
    mutating func use(_ filter: LogRecordFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        generation += 1
    }

    /// The entry of the tag `bytes` (made on first sight); see ``matches(_:)`` and ``tag(_:)``.
    mutating func lookUp(_ bytes: UnsafeRawBufferPointer) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: TagTable.hash(bytes)) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return insert(bytes) }
            if equal(entries[index], bytes) { return index }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the filter's tags and categories accept the tag of entry `index`.
    mutating func matches(_ index: Int) -> Bool {
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

    private mutating func insert(_ bytes: UnsafeRawBufferPointer) -> Int {
        entries.append(
            Entry(
                string: String(decoding: bytes, as: UTF8.self), start: arena.count, count: bytes.count,
                generation: -1, matches: false))
        arena.append(contentsOf: bytes)
        if entries.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for index in entries.indices { place(index) }
        } else {
            place(entries.count - 1)
        }
        return entries.count - 1
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        let entry = entries[index]
        var slot =
            arena.withUnsafeBytes { arena in
                Int(truncatingIfNeeded: TagTable.hash(UnsafeRawBufferPointer(rebasing: arena[entry.start..<entry.start + entry.count])))
            } & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    @inline(__always)
    private func equal(_ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
        entry.count == bytes.count && arena.withUnsafeBytes { System.bytesEqual($0.baseAddress! + entry.start, bytes.baseAddress!, count: bytes.count) }
    }

    /// The length and the first and last eight bytes, mixed: tags of one category share
    /// their start, so their ends and lengths tell them apart.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var first: UInt64 = 0
        var last: UInt64 = 0
        if bytes.count >= 8 {
            first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            last = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        } else {
            for (offset, byte) in bytes.enumerated() { first |= UInt64(byte) << (8 * UInt64(offset)) }
        }
        var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &+ UInt64(bytes.count))
        hash = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 29)
    }
}
