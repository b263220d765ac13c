import LogSchema

/// Which defined events a store has seen, and which stored tags no definition names.
///
/// Counts come from the store's index, so coverage never reads a log.
public struct CoverageReport: Hashable, Sendable {
    /// A defined event and how many stored logs carry its tag.
    public struct DefinedEvent: Hashable, Sendable {
        public var tag: String
        public var status: Status
        public var location: SourceLocation
        public var count: Int
    }

    /// A stored tag that no definition names, and how many stored logs carry it.
    public struct UndefinedTag: Hashable, Sendable {
        public var tag: String
        public var count: Int
    }

    /// Every defined event, in definition order (categories by name), with its count.
    public private(set) var events: [DefinedEvent] = []
    /// Tags in the store that no definition names, with their counts, by tag.
    public private(set) var undefinedTags: [UndefinedTag] = []

    /// - Parameters:
    ///   - tagCounts: stored logs per tag.
    public init(schema: Schema, tagCounts: [String: Int]) {
        var defined: Set<String> = []
        for category in schema.categories {
            for event in category.events {
                let tag = event.tag(in: category)
                defined.insert(tag)
                events.append(DefinedEvent(tag: tag, status: event.status, location: event.location, count: tagCounts[tag] ?? 0))
            }
        }
        undefinedTags = tagCounts.filter { !defined.contains($0.key) && $0.value > 0 }
            .map { UndefinedTag(tag: $0.key, count: $0.value) }
            .sorted { $0.tag.utf8.lexicographicallyPrecedes($1.tag.utf8) }
    }

    /// Events in use (active or deprecated) that no stored log carries.
    public var neverSeen: [DefinedEvent] {
        events.filter { $0.status != .obsolete && $0.count == 0 }
    }

    /// Events in use, and how many of them the store has seen.
    public var coverage: EventCoverage {
        let inUse = events.filter { $0.status != .obsolete }
        return EventCoverage(seen: inUse.filter { $0.count > 0 }.count, total: inUse.count)
    }

    /// Whether every event in use was seen and every stored tag is defined.
    public var isComplete: Bool { neverSeen.isEmpty && undefinedTags.isEmpty }
}

/// How many of the events in use (active or deprecated) a store has seen.
public struct EventCoverage: Sendable, Hashable {
    /// Events in use that at least one stored log carries.
    public var seen: Int
    /// Events in use.
    public var total: Int

    public init(seen: Int, total: Int) {
        self.seen = seen
        self.total = total
    }
}
