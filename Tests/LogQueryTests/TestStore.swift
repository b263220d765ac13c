import Foundation
import LogStore
import TestSupport
@testable import LogQuery

/// A temporary store filled with logs in the runtime's stored format, removed on deinit.
final class TestStore: @unchecked Sendable {
    private let temporary = TemporaryDirectory("logview-tests")
    /// The store (created by the first fill).
    var directory: String { temporary.appending("store") }
    /// Every log written, in order, as the reference for brute-force comparisons.
    private(set) var written: [LogRecordView.Owned] = []

    static let categories = ["recipe_search", "recipe_detail", "home_banner", "user_post_detail"]
    static let events = ["search", "view", "tap", "show"]
    static let keywords = ["egg", "milk", "tofu", "curry rice", "egg\"quoted", "エッグ"]
    /// 2026-11-30T00:00:00Z
    static let start: Int64 = 1_795_996_800_000_000

    init(name: String = #function) {}

    deinit { temporary.remove() }

    /// Writes `count` varied logs (several tags, payloads and times), `spacing` microseconds apart.
    @discardableResult
    func fill(count: Int, seed: UInt64 = 1, spacing: Int64 = 1_000_000, segmentBytes: Int = 8192) throws -> TestStore {
        var random = SeededGenerator(seed: seed)
        let writer = try LogStoreWriter(
            directory: directory, configuration: LogStoreConfiguration(segmentBytes: segmentBytes, maximumTotalBytes: nil, maximumAge: nil))
        defer { try? writer.close() }
        let base = written.last.map { $0.microseconds + spacing } ?? Self.start
        for index in 0..<count {
            let tag = "\(Self.categories[Int(random.next() % 4)]).\(Self.events[Int(random.next() % 4)])"
            var payload: [String] = []
            if random.next() % 5 != 0 { payload.append("\"keyword\":\(JSONValue.string(Self.keywords[Int(random.next() % 6)]).jsonText)") }
            payload.append("\"page\":\(random.next() % 12)")
            if random.next() % 3 == 0 { payload.append("\"price\":\(Double(random.next() % 1000) / 4)") }
            if random.next() % 4 == 0 { payload.append("\"tags\":[\"a\",\"b\(random.next() % 3)\"]") }
            let violations = random.next() % 10 == 0 ? #"[{"field":"keyword","kind":"maxLength","detail":"300 bytes, limit 256"}]"# : "[]"
            let body =
                #"{"schema":"v1","common":{"user_id":\#(random.next() % 50),"os":"iOS 18.1"},"violations":\#(violations),"payload":{\#(payload.joined(separator: ","))}}"#
            try append(writer, tag: tag, microseconds: base + Int64(index) * spacing, body: body)
        }
        return self
    }

    /// Appends one log with a given body.
    func append(_ writer: LogStoreWriter, tag: String, microseconds: Int64, body: String) throws {
        var random = SystemRandomNumberGenerator()
        let uuid = UUID(
            uuid: (
                UInt8(written.count & 0xFF), UInt8(written.count >> 8 & 0xFF), UInt8.random(in: 0...255, using: &random), 0x40, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0,
                0, 1
            ))
        let sequence = try writer.append(
            LogEntry(tag: tag, timestamp: LogTimestamp(microsecondsSince1970: microseconds), uuid: uuid, payload: Array(body.utf8)))
        written.append(LogRecordView.Owned(sequence: sequence, microseconds: microseconds, tag: tag, uuid: uuid, body: Array(body.utf8)))
    }

    /// Opens a writer for appending logs by hand.
    func writer(segmentBytes: Int = 8192) throws -> LogStoreWriter {
        try LogStoreWriter(directory: directory, configuration: LogStoreConfiguration(segmentBytes: segmentBytes, maximumTotalBytes: nil, maximumAge: nil))
    }

    /// Segment file paths, oldest first.
    func segmentFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("segment-") && $0.hasSuffix(".log") }
            .sorted().map { directory + "/" + $0 }
    }

    /// Index file paths, oldest first.
    func indexFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("segment-") && $0.hasSuffix(".idx") }
            .sorted().map { directory + "/" + $0 }
    }

    func query() throws -> StoreQuery { try StoreQuery(directory: directory) }
}
