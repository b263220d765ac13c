/// The filter chain of each tag, resolved once per tag, for `BehaviorLogger.post`.
///
/// Generated events pass the same `String` object for a tag on every post (the tag comes
/// ready-made from their table), so a tag's chain is found first by the address of its
/// UTF-8 storage — a few loads, no hashing — and only then by the tag's text. An entry
/// keeps its tag, so the address cannot be reused by another string while it is cached.
/// Not thread-safe: the logger keeps it behind a lock. A class, not a struct: `Locked` is
/// generic and in another module, so a struct's metadata and value witnesses would be linked
/// into every app; its fields are reached only under that lock (no run-time exclusivity checks).
final class FilterRoutes {
    private static let slotCount = 512
    @exclusivity(unchecked) private var byTag: [String: [any LogFilter]] = [:]
    // Three parallel arrays (not one array of entries), so that a hit reads an address and
    // retains the chain, and copies nothing else.
    @exclusivity(unchecked) private var identities = [UInt](repeating: 0, count: FilterRoutes.slotCount)
    @exclusivity(unchecked) private var chains = [[any LogFilter]](repeating: [], count: FilterRoutes.slotCount)
    /// The tags whose addresses are in `identities`, kept alive by being here.
    @exclusivity(unchecked) private var tags = [String](repeating: "", count: FilterRoutes.slotCount)

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
    func filters(for tag: String, identity: UInt) -> [any LogFilter]? {
        guard identity != 0 else { return byTag[tag] }
        let slot = Self.slot(identity)
        if identities[slot] == identity { return chains[slot] }
        guard let filters = byTag[tag] else { return nil }
        remember(filters, for: tag, identity: identity, slot: slot)
        return filters
    }

    func add(_ filters: [any LogFilter], for tag: String, identity: UInt) {
        byTag[tag] = filters
        if identity != 0 { remember(filters, for: tag, identity: identity, slot: Self.slot(identity)) }
    }

    private func remember(_ filters: [any LogFilter], for tag: String, identity: UInt, slot: Int) {
        identities[slot] = identity
        chains[slot] = filters
        tags[slot] = tag
    }
}
