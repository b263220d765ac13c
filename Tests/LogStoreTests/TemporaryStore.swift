import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import TestSupport
@testable import LogStore

/// A fresh store directory (`store`, not yet created) in a new temporary directory, removed by `remove()`.
struct TemporaryStore {
    let directory: TemporaryDirectory
    var path: String { directory.appending("store") }

    init(_ name: String = #function) {
        directory = TemporaryDirectory("logstore-tests-\(name.filter { $0.isLetter || $0.isNumber })")
    }

    func remove() { directory.remove() }

    /// A small configuration for tests: small segments, no caps unless given.
    static func configuration(
        segmentBytes: Int = 4096, syncEveryRecords: Int = 1_000, maximumTotalBytes: Int? = nil, maximumAge: Duration? = nil,
        onDurable: (@Sendable (UInt64) -> Void)? = nil
    ) -> LogStoreConfiguration {
        try! LogStoreConfiguration(
            segmentBytes: segmentBytes, writeBufferBytes: 1024, syncEveryRecords: syncEveryRecords,
            maximumTotalBytes: maximumTotalBytes, maximumAge: maximumAge, onDurable: onDurable)
    }
}

/// A deterministic entry number `index`: the payload holds the index so tests can check it.
func sampleEntry(_ index: Int, tag: String? = nil, payloadBytes: Int = 100, time: Int64? = nil) -> LogEntry {
    var payload = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: max(payloadBytes, 8))
    withUnsafeBytes(of: UInt64(index).littleEndian) { payload.replaceSubrange(0..<8, with: $0) }
    return LogEntry(
        tag: tag ?? (index % 3 == 0 ? "search.submitted" : "checkout.paid"),
        timestamp: LogTimestamp(microsecondsSince1970: time ?? (1_700_000_000_000_000 + Int64(index) * 1000)),
        uuid: UUID(uuid: (UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index >> 8), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)),
        payload: payload)
}

/// All records of a store (that match `filter`), through a reader, in chunks.
func readAll(_ path: String, chunk: Int = 37, matching filter: LogRecordFilter = .all) throws -> [LogRecord] {
    let reader = try LogStoreReader(directory: path)
    var records: [LogRecord] = []
    var after: UInt64 = 0
    while true {
        let next = try reader.read(after: after, limit: chunk, matching: filter)
        guard let last = next.last else { return records }
        records += next
        after = last.sequence
    }
}
