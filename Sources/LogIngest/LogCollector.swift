import Foundation
import LogCore
import LogCoreTools
import LogQuery
import LogStore

/// Appends the logs an app's `HTTPBackend` posts (`POST /v1/logs`) to a store, each UUID once.
///
/// A body is JSON lines of full envelopes (or one JSON array of them). Every good line is kept
/// even when others are bad; the bad ones are named by line number. A redelivered UUID (an
/// output retries a chunk whose answer it did not get) is counted as accepted and not stored
/// again: the collector remembers every UUID in its store, read once when it opens.
public final class LogCollector: Sendable {
    /// What one body did.
    public struct Outcome: Sendable, Equatable {
        /// Envelopes taken (stored now, or already stored: redelivered).
        public var accepted = 0
        /// Of the accepted, how many were already in the store.
        public var duplicates = 0
        /// Lines that are not envelopes: (line number from 1, why).
        public var rejected: [Rejected] = []

        public struct Rejected: Sendable, Equatable {
            public var line: Int
            public var reason: String
        }

        /// `{"accepted":N,"rejected":M,"duplicates":D,"errors":[{"line":L,"reason":"…"}]}`.
        public var json: String {
            var text = "{\"accepted\":\(accepted),\"rejected\":\(rejected.count),\"duplicates\":\(duplicates)"
            if !rejected.isEmpty {
                text += ",\"errors\":[" + rejected.map { "{\"line\":\($0.line),\"reason\":\(jsonString($0.reason))}" }.joined(separator: ",") + "]"
            }
            return text + "}\n"
        }
    }

    private let writer: LogStoreWriter
    private let seen: Locked<Set<UUID>>
    /// The store's directory.
    public let directory: String

    /// Opens (or creates) the store as its only writer and reads the UUIDs it holds.
    /// - Throws: `LogStoreError` when another writer holds the store or it cannot be created.
    public init(directory: String) throws(LogStoreError) {
        self.directory = directory
        // Group commit by time (every 200 ms) rather than every 1,000 records: at 100,000 logs/s
        // the count rule would fsync inside every other request.
        var configuration = LogStoreConfiguration.standard
        configuration.syncEveryRecords = 1_000_000
        writer = try LogStoreWriter(directory: directory, configuration: configuration)
        var uuids: Set<UUID> = []
        var after: UInt64 = 0
        while true {
            let records = try writer.read(after: after, limit: 4096)
            guard let last = records.last else { break }
            for record in records { uuids.insert(record.uuid) }
            after = last.sequence
        }
        seen = Locked(uuids)
    }

    /// Stores the envelopes of one request body (already de-gzipped).
    public func collect(_ body: [UInt8]) throws(LogStoreError) -> Outcome {
        var outcome = Outcome()
        var entries: [LogEntry] = []
        body.withUnsafeBufferPointer { bytes in
            forEachEnvelope(bytes) { number, line in
                do throws(EnvelopeReader.Rejection) {
                    entries.append(try EnvelopeReader.entry(line))
                } catch {
                    outcome.rejected.append(Outcome.Rejected(line: number, reason: error.reason))
                }
            }
        }
        try seen.withLock { (seen) throws(LogStoreError) in
            var fresh: [LogEntry] = []
            fresh.reserveCapacity(entries.count)
            for entry in entries {
                if seen.insert(entry.uuid).inserted { fresh.append(entry) } else { outcome.duplicates += 1 }
            }
            // Written (visible to readers and to the event streams) before the answer; synced by
            // the store's group commit rather than once per request, which cost the collector
            // 60 % of its rate (an fsync per 500 logs). A crash of the machine within the
            // group-commit interval can lose logs already answered; the app's copy is gone by
            // then, which is acceptable for a local viewer, not for a warehouse.
            do throws(LogStoreError) {
                try writer.append(contentsOf: fresh)
            } catch {
                for entry in fresh { seen.remove(entry.uuid) }
                throw error
            }
        }
        outcome.accepted = entries.count
        return outcome
    }

    /// Closes the store.
    public func close() {
        try? writer.close()
    }

    /// Calls `body` with each non-blank line (numbered from 1) of a JSON-lines body, or each
    /// element of a body that is one JSON array.
    private func forEachEnvelope(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x0A || bytes[start] == 0x0D || bytes[start] == 0x09 { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "[") {
            let scanner = JSONScanner(bytes)
            var number = 0
            let wellFormed = scanner.forEachElement(ofArrayAt: start) { range in
                number += 1
                body(number, UnsafeBufferPointer(rebasing: bytes[range]))
                return true
            }
            if !wellFormed { body(number + 1, UnsafeBufferPointer(rebasing: bytes[0..<0])) }
            return
        }
        var lineStart = 0
        var number = 1
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
            if line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) { body(number, line) }
            number += 1
            lineStart = index + 1
        }
    }
}

/// JSON text for a string (LogCore's).
func jsonString(_ text: String) -> String {
    JSONText.string(text)
}
