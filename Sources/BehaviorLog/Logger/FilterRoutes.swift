/// The filter chain of each tag, resolved once per tag, for `Logger.post`.
///
/// Generated events pass the same `String` object for a tag on every post (the tag comes
/// ready-made from their table), so a tag's chain is found first by the address of its
/// UTF-8 storage — a few loads, no hashing — and only then by the tag's text. An entry
/// keeps its tag, so the address cannot be reused by another string while it is cached.
/// Not thread-safe: the logger keeps it behind a lock.
struct FilterRoutes {
    private struct Entry {
        var identity: UInt
        var count: Int
        var tag: String
        var filters: [any LogFilter]
    }

    private static let slotCount = 512
    private var byTag: [String: [any LogFilter]] = [:]
    private var slots: [Entry?] = Array(repeating: nil, count: FilterRoutes.slotCount)

    /// The address of the tag's UTF-8 storage, or 0 when it has none that lasts: a small
    /// string (15 bytes or fewer) is stored inline, and lends only a temporary copy.
    static func identity(of tag: String) -> UInt {
        guard tag.utf8.count > 15 else { return 0 }
        return tag.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } ?? 0
    }

    private static func slot(_ identity: UInt) -> Int {
        Int(truncatingIfNeeded: (identity >> 4) ^ (identity >> 13)) & (slotCount - 1)
    }

    /// The chain of `tag`, if resolved before; a tag found by its text takes the address
    /// slot, so that its next post finds it there.
    mutating func filters(for tag: String, identity: UInt) -> [any LogFilter]? {
        guard identity != 0 else { return byTag[tag] }
        let slot = Self.slot(identity)
        // Read in place, so that a hit retains the chain only.
        if slots[slot]?.identity == identity, slots[slot]?.count == tag.utf8.count, let filters = slots[slot]?.filters {
            return filters
        }
        guard let filters = byTag[tag] else { return nil }
        slots[slot] = Entry(identity: identity, count: tag.utf8.count, tag: tag, filters: filters)
        return filters
    }

    mutating func add(_ filters: [any LogFilter], for tag: String, identity: UInt) {
        byTag[tag] = filters
        if identity != 0 {
            slots[Self.slot(identity)] = Entry(identity: identity, count: tag.utf8.count, tag: tag, filters: filters)
        }
    }
}
