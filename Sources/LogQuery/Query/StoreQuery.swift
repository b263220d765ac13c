import Foundation
import LogStore

/// Runs ``LogQuery``s against one store, read-only: lists, follows and counts logs.
///
/// Reading goes segment by segment through the store's index: a segment whose time range
/// or tag counts rule out every match is never opened, and `stats` takes the counts of a
/// segment that lies wholly inside the query straight from its index.
///
/// Not thread-safe (the store reader remembers its position); use one per thread.
public final class StoreQuery {
    /// The store directory.
    public let directory: String
    private let reader: LogStoreReader
    private var tagCache: [String: Bool] = [:]
    private var tagCacheQuery: [TagPattern] = []

    /// How many records a read asks the store for at once.
    static let chunkSize = 4096

    /// Opens the store in `directory` for reading; nothing in it is ever changed.
    /// - Throws: ``StoreQueryError/noStore(_:source:)`` when there is no store there.
    public init(directory: String) throws(StoreQueryError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noStore(directory, source: nil)
        }
        // A folder that is not a store (a typo, the app's parent folder) must not read as an
        // empty store: a store has its lock, segment or cursor files.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard names.contains(where: { $0 == "LOCK" || $0.hasPrefix("segment-") || $0.hasPrefix("cursor-") }) else {
            throw .notAStore(directory, source: nil)
        }
        do {
            reader = try LogStoreReader(directory: directory)
        } catch {
            throw .store(error)
        }
        self.directory = directory
    }

    /// Summaries of the store's segments, oldest first.
    public func segments() throws(StoreQueryError) -> [LogSegmentInfo] {
        do { return try reader.segments() } catch { throw .store(error) }
    }

    /// Segments, cursors with their pending logs, and logs dropped by caps.
    public func storeStats() throws(StoreQueryError) -> LogStoreStats {
        do { return try reader.stats() } catch { throw .store(error) }
    }

    /// Reads and checks every record (the indexes are not trusted).
    public func verify() throws(StoreQueryError) -> LogStoreVerification {
        do { return try reader.verify() } catch { throw .store(error) }
    }

    /// The distinct tags in the store, with counts, from the index.
    public func tagCounts() throws(StoreQueryError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for segment in try segments() {
            for (tag, count) in segment.tagCounts { counts[tag, default: 0] += count }
        }
        return counts
    }

    // MARK: - Listing

    /// Calls `body` with each log the query selects, in output order (oldest first unless
    /// the query asks for newest first), until `body` returns `false`.
    ///
    /// Records are lent by the store without a copy; only the logs kept to be handed out in
    /// a different order than the store's (newest first, the last N) are copied.
    public func forEach(_ query: LogQuery, _ body: (LogRecordView) throws -> Bool) throws {
        let segments = try self.segments()
        let candidates = segments.filter { query.mayMatch($0, tagMatches: { self.tagMatches($0, query) }) }
        let filter = storeFilter(query, segments: candidates)
        let limit = query.limit ?? Int.max
        guard limit > 0 else { return }

        if !query.newestFirst && (query.fromStart || query.limit == nil) {
            // Oldest first, from the start: one forward pass that stops at the limit. It starts
            // at the first segment that may hold a match (`--since` an hour ago reads the last
            // segments, and the store does not open the others); with none, after every
            // record there is (a log appended meanwhile is still read).
            var emitted = 0
            let start =
                candidates.lazy.compactMap(\.sequenceRange).first.map { $0.lowerBound > 0 ? $0.lowerBound - 1 : 0 }
                ?? segments.lazy.compactMap(\.sequenceRange).last?.upperBound ?? 0
            try scan(after: start, filter: filter) { record in
                let log = LogRecordView(record)
                guard acceptsLent(log, query) else { return .continue }
                emitted += 1
                return try body(log) && emitted < limit ? .continue : .stop
            }
            return
        }

        if query.newestFirst && query.fromStart {
            // The first N, newest of them first: collect forward, then hand out reversed.
            var kept: [LogRecordView.Owned] = []
            try forEachSegment(candidates, filter: filter, newestFirst: false) { records in
                for log in records {
                    kept.append(log)
                    if kept.count == limit { return false }
                }
                return true
            } accept: {
                acceptsLent($0, query)
            }
            for log in kept.reversed() {
                guard try log.withStoredLog(body) else { return }
            }
            return
        }

        // The last N (or everything newest first): walk segments newest first, so that only
        // the segments holding the last N matches are read.
        var collected: [[LogRecordView.Owned]] = []
        var count = 0
        try forEachSegment(candidates, filter: filter, newestFirst: true) { records in
            var matched = records
            if count + matched.count > limit { matched.removeFirst(count + matched.count - limit) }
            count += matched.count
            if query.newestFirst {
                // Newest first can stream: each segment, reversed, as soon as it is read.
                for log in matched.reversed() {
                    guard try log.withStoredLog(body) else { return false }
                }
            } else {
                collected.append(matched)
            }
            return count < limit
        } accept: {
            acceptsLent($0, query)
        }
        for logs in collected.reversed() {
            for log in logs {
                guard try log.withStoredLog(body) else { return }
            }
        }
    }

    /// Every log the query selects, copied (for tests and small results).
    public func logs(_ query: LogQuery) throws -> [LogRecordView.Owned] {
        var logs: [LogRecordView.Owned] = []
        try forEach(query) {
            logs.append($0.owned); return true
        }
        return logs
    }

    /// Calls `body` with copies of the records of each candidate segment that pass the store
    /// filter and `accept` (which sees them lent, uncopied).
    private func forEachSegment(
        _ segments: [LogSegmentInfo], filter: LogRecordFilter, newestFirst: Bool,
        _ body: ([LogRecordView.Owned]) throws -> Bool, accept: (LogRecordView) -> Bool
    ) throws {
        for segment in newestFirst ? segments.reversed() : segments {
            var records: [LogRecordView.Owned] = []
            try scan(segment, filter: filter) { log in
                if accept(log) { records.append(log.owned) }
            }
            guard try body(records) else { return }
        }
    }

    /// Lends each record of `segment` that passes the store filter to `body`.
    private func scan(_ segment: LogSegmentInfo, filter: LogRecordFilter, _ body: (LogRecordView) throws -> Void) throws {
        guard let range = segment.sequenceRange else { return }
        try scan(after: range.lowerBound > 0 ? range.lowerBound - 1 : 0, filter: filter) { record in
            guard record.sequence <= range.upperBound else { return .stop }
            try body(LogRecordView(record))
            return .continue
        }
    }

    /// The store's scan, with its errors as ``StoreQueryError``s.
    @discardableResult
    private func scan(
        after: UInt64, limit: Int = .max, filter: LogRecordFilter, _ body: (borrowing BorrowedLogRecord) throws -> LogScanDecision
    ) throws -> Int {
        do {
            return try reader.scan(after: after, limit: limit, matching: filter, body)
        } catch let error as LogStoreError {
            throw StoreQueryError.store(error)
        }
    }

    /// The part of the query the store applies itself: the exact tags that match the
    /// patterns among those the index knows, and the time window.
    private func storeFilter(_ query: LogQuery, segments: [LogSegmentInfo]) -> LogRecordFilter {
        var tags: Set<String>?
        if !query.tagPatterns.isEmpty {
            var matching: Set<String> = []
            for segment in segments {
                for tag in segment.tagCounts.keys where tagMatches(tag, query) { matching.insert(tag) }
            }
            tags = matching
        }
        return LogRecordFilter(
            tags: tags, from: query.since.map(LogTimestamp.init(microsecondsSince1970:)),
            until: query.until.map(LogTimestamp.init(microsecondsSince1970:)))
    }

    /// Whether a log passes the query: ``LogQuery/matches(_:)``, with tag patterns matched
    /// once per distinct tag.
    func accepts(_ log: LogRecordView, _ query: LogQuery) -> Bool {
        query.matches(microseconds: log.microseconds) && tagMatches(log.tag, query)
            && query.conditions.allSatisfy { $0.matches(log) }
    }

    /// ``accepts(_:_:)`` for a log lent through ``storeFilter(_:segments:)``, which already
    /// holds only tags that match the patterns: the tag is not looked at again.
    private func acceptsLent(_ log: LogRecordView, _ query: LogQuery) -> Bool {
        query.matches(microseconds: log.microseconds) && (query.conditions.isEmpty || query.conditions.allSatisfy { $0.matches(log) })
    }

    /// Whether a tag matches the query's patterns, remembered per distinct tag.
    func tagMatches(_ tag: String, _ query: LogQuery) -> Bool {
        if query.tagPatterns.isEmpty { return true }
        if tagCacheQuery != query.tagPatterns {
            tagCache = [:]
            tagCacheQuery = query.tagPatterns
        }
        if let known = tagCache[tag] { return known }
        let result = query.matches(tag: tag)
        tagCache[tag] = result
        return result
    }

    // MARK: - Following

    /// Calls `body` with each new log that matches the query (tags, time, conditions) as the
    /// writer appends it, across segment rotation and writer restarts, until `shouldStop`
    /// returns `true` or `body` returns `false`.
    /// - Parameters:
    ///   - after: the sequence number to follow from (the last one already shown).
    ///   - pollInterval: how long to wait, in seconds, when there is nothing new.
    ///   - onIdle: called before each wait (to flush the output).
    public func follow(
        _ query: LogQuery, after: UInt64, pollInterval: TimeInterval = 0.1,
        shouldStop: () -> Bool, onIdle: () throws -> Void = {}, _ body: (LogRecordView) throws -> Bool
    ) throws {
        var after = after
        let filter = LogRecordFilter(
            from: query.since.map(LogTimestamp.init(microsecondsSince1970:)),
            until: query.until.map(LogTimestamp.init(microsecondsSince1970:)))
        while !shouldStop() {
            var stopped = false
            let lent = try scan(after: after, limit: Self.chunkSize, filter: filter) { record in
                after = record.sequence
                guard tagMatches(record.tag, query) else { return .continue }
                let log = LogRecordView(record)
                guard query.conditions.allSatisfy({ $0.matches(log) }) else { return .continue }
                if try body(log) { return .continue }
                stopped = true
                return .stop
            }
            if stopped { return }
            if lent == 0 {
                try onIdle()
                Thread.sleep(forTimeInterval: pollInterval)
            }
        }
    }

    /// The sequence number of the newest log in the store (0 when it is empty).
    public func lastSequence() throws(StoreQueryError) -> UInt64 {
        try segments().compactMap { $0.sequenceRange?.upperBound }.max() ?? 0
    }

    // MARK: - Counting

    /// Counts the logs the query selects (its limit is ignored), per tag and, when `bucketer`
    /// is given, per time bucket.
    ///
    /// A segment wholly inside the time window, with no `--where` conditions and no time
    /// buckets asked for, is counted from its index without being read.
    public func statistics(_ query: LogQuery, bucketer: TimeBucketer? = nil) throws -> LogStatistics {
        var statistics = LogStatistics()
        var bucketer = bucketer
        let segments = try self.segments()
        let candidates = segments.filter { query.mayMatch($0, tagMatches: { self.tagMatches($0, query) }) }
        let filter = storeFilter(query, segments: candidates)
        var toRead: [LogSegmentInfo] = []
        for segment in candidates {
            let exactFromIndex =
                query.conditions.isEmpty && bucketer == nil && query.coversWholly(segment)
                && segment.tagCounts.keys.allSatisfy { tagMatches($0, query) }
            if exactFromIndex {
                statistics.add(
                    tagCounts: segment.tagCounts,
                    timeRange: segment.timeRange.map {
                        $0.lowerBound.microsecondsSince1970...$0.upperBound.microsecondsSince1970
                    })
            } else {
                toRead.append(segment)
            }
        }
        for segment in toRead {
            try scan(segment, filter: filter) { log in
                guard acceptsLent(log, query) else { return }
                statistics.add(tag: log.tag, microseconds: log.microseconds, bucketStart: bucketer?.start(of: log.microseconds))
            }
        }
        return statistics
    }
}

extension LogRecordView {
    /// A view of a record the store lends; valid as long as the record is.
    init(_ record: borrowing BorrowedLogRecord) {
        self.init(
            sequence: record.sequence, microseconds: record.timestamp.microsecondsSince1970,
            tag: record.tag, uuid: record.uuid, body: record.payload.bindMemory(to: UInt8.self))
    }
}

/// Why a store cannot be queried, in one line with the fix.
public enum StoreQueryError: Error, CustomStringConvertible {
    /// There is no store directory at the path; `source` says where the path came from.
    case noStore(String, source: String?)
    /// The directory exists but holds no store (no lock, segment or cursor files).
    case notAStore(String, source: String?)
    /// The store reported an error.
    case store(LogStoreError)

    public var description: String {
        switch self {
        case .noStore(let directory, let source):
            "no log store at '\(directory)'\(source.map { " (from \($0))" } ?? ""); pass --store DIR or set BEHAVIORLOG_STORE to the directory the app's LocalStoreOutput writes (recipe-demo prints it)"
        case .notAStore(let directory, let source):
            "'\(directory)'\(source.map { " (from \($0))" } ?? "") holds no log store (no segment files); pass --store DIR with the directory the app's LocalStoreOutput writes (recipe-demo prints it)"
        case .store(let error):
            error.description
        }
    }
}
