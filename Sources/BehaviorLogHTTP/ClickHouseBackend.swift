import BehaviorLog
import Foundation
import LogCore
import LogStore

/// Where a `BufferedOutput` ships logs into a ClickHouse table, over its HTTP interface:
/// `INSERT INTO <table> FORMAT JSONEachRow`, one row per log, the envelope and the payload
/// mapped to the columns `loggen ddl --dialect clickhouse` makes (docs/Warehouse.md). With
/// `ClickHouseConfiguration/enforced`, into the ingest table `<table>_ingest` that
/// `loggen ddl --enforce` makes, whose views keep the rows that match their definitions.
///
/// Before its first insert (and after a rejected one, in case the table was migrated) it
/// reads the table's columns with `DESCRIBE TABLE`, to know which hold moments. ClickHouse
/// before version 19 answers 500 even for rows it can never take; the error code in the
/// body tells those (set aside) from passing trouble (retried). ClickHouse prefers few large
/// inserts: give the output `BufferedOutputConfiguration.clickHouse` (chunks of 10,000 logs).
///
/// ```swift
/// let warehouse = try BufferedOutput(
///     directory: store.appending(path: "outputs/clickhouse"),
///     backend: ClickHouseBackend(
///         configuration: ClickHouseConfiguration(server: URL(string: "http://127.0.0.1:8123/")!, table: "logs")),
///     configuration: .clickHouse)
/// ```
public final class ClickHouseBackend: LogBackend {
    /// The server, table, credentials, gzip, timeout and parallel inserts.
    public let configuration: ClickHouseConfiguration
    let insert: HTTPPoster
    let describe: HTTPPoster
    private let encoder = Locked<ClickHouseRowEncoder?>(nil)

    /// - Parameter configuration: The server, table, credentials, gzip, timeout and parallel inserts.
    public convenience init(configuration: ClickHouseConfiguration) {
        self.init(configuration: configuration, transport: Self.defaultTransport(for: configuration))
    }

    /// - Parameters:
    ///   - configuration: The server, table, credentials, gzip, timeout and parallel inserts.
    ///   - transport: How requests go out instead of the default (on Linux `SocketTransport`
    ///     for `http://`, URLSession for `https://`; URLSession for both on Apple platforms):
    ///     a test's double, or `make bench-clickhouse`'s recorder.
    @_spi(Transport) public init(configuration: ClickHouseConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        // The configuration was checked when it was built. The ingest table (`enforced`) has
        // the events table's columns, and an app's credentials may read no other table.
        let table = configuration.insertTable
        insert = HTTPPoster(configuration: try! configuration.http(query: "INSERT INTO \(table) FORMAT JSONEachRow"), transport: transport)
        describe = HTTPPoster(configuration: try! configuration.http(query: "DESCRIBE TABLE \(table) FORMAT TabSeparated"), transport: transport)
    }

    /// The configuration's `timeout`: the output gives a send that long and 5 seconds more
    /// (the parallel inserts of a chunk run together).
    public var requestTimeout: Duration? { configuration.timeout }

    /// Plain HTTP (a server on the same host or network) goes over a socket of its own on Linux:
    /// URLSession's Dispatch sources cost as much CPU as the inserts themselves.
    static func defaultTransport(for configuration: ClickHouseConfiguration) -> any HTTPTransport {
        #if canImport(Glibc)
        if configuration.server.scheme == "http" { return SocketTransport() }
        #endif
        return URLSessionTransport(timeout: configuration.timeout.seconds)
    }

    public func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        let rowEncoder: ClickHouseRowEncoder
        if let known = encoder.withLock({ $0 }) {
            rowEncoder = known
        } else {
            switch await readColumns() {
            case .success(let fresh):
                rowEncoder = fresh
                encoder.withLock { $0 = fresh }
            case .failure(let failure):
                return failure.result
            }
        }
        let logs = chunk.logs
        let parts = min(configuration.parallelInserts, max(1, logs.count / Self.smallestParallelInsert))
        let result: LogDeliveryResult
        if parts == 1 {
            result = LogDeliveryResult(await insert.post(Self.rows(of: logs[...], encoder: rowEncoder)))
        } else {
            // Each part is encoded on the sender's thread while the parts before it are in flight.
            let insert = self.insert
            result = await withTaskGroup(of: LogDeliveryResult.self) { group in
                for part in 0..<parts {
                    let range = (logs.count * part / parts)..<(logs.count * (part + 1) / parts)
                    group.addTask { LogDeliveryResult(await insert.post(Self.rows(of: logs[range], encoder: rowEncoder))) }
                }
                var results: [LogDeliveryResult] = []
                for await partResult in group { results.append(partResult) }
                return Self.combine(results)
            }
        }
        if case .permanentFailure = result { encoder.withLock { $0 = nil } }  // re-read: the table may have changed
        return result
    }

    /// The fewest logs in one of the inserts a chunk is split into.
    static let smallestParallelInsert = 2_000

    /// The `JSONEachRow` body of some logs.
    static func rows(of logs: ArraySlice<LogRecord>, encoder: ClickHouseRowEncoder) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(logs.reduce(0) { $0 + $1.payload.count + 200 })
        for log in logs {
            encoder.appendRow(of: log, to: &body)
            body.append(0x0A)
        }
        return body
    }

    /// The chunk's result from its inserts': rejected if any was (the chunk is set aside
    /// whole), else retried if any failed (rows already in are collapsed by UUID), else accepted.
    static func combine(_ results: [LogDeliveryResult]) -> LogDeliveryResult {
        var retry: (reason: String, after: Duration?)?
        for result in results {
            switch result {
            case .permanentFailure:
                return result
            case .retryableFailure(let reason, let after):
                let longest = [retry?.after, after].compactMap { $0 }.max()
                retry = (retry?.reason ?? reason, longest)
            case .accepted:
                break
            }
        }
        return retry.map { .retryableFailure($0.reason, retryAfter: $0.after) } ?? .accepted
    }

    private struct ColumnsUnavailable: Error {
        var result: LogDeliveryResult
    }

    /// The table's columns; any failure is retried: a missing table is created by an operator.
    private func readColumns() async -> Result<ClickHouseRowEncoder, ColumnsUnavailable> {
        do {
            let response = try await describe.exchange([])
            guard response.status == 200 else {
                return .failure(
                    ColumnsUnavailable(
                        result: .retryableFailure(
                            "cannot read the columns of \(configuration.insertTable) (HTTP \(response.status): \(response.bodyExcerpt)); create it with 'loggen ddl --dialect clickhouse'"
                        )))
            }
            return .success(ClickHouseRowEncoder(describeOutput: String(decoding: response.body, as: UTF8.self)))
        } catch {
            return .failure(ColumnsUnavailable(result: LogDeliveryResult(describe.configuration.classifier.outcome(of: error))))
        }
    }
}

extension BufferedOutputConfiguration {
    /// The buffering ClickHouse prefers (few large inserts): chunks of 10,000 logs or 4 MiB,
    /// flushed every 5 seconds; the rest as `standard`.
    public static var clickHouse: BufferedOutputConfiguration {
        // In range, so this cannot throw.
        try! BufferedOutputConfiguration(chunkCount: 10_000, chunkBytes: 4 << 20, flushInterval: .seconds(5))
    }
}
