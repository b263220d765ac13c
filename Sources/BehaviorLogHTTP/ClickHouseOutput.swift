import BehaviorLog
import Foundation
import LogCore
import LogStore

/// Where and how a `ClickHouseOutput` inserts.
public struct ClickHouseConfiguration: Sendable {
    /// The server's HTTP interface, such as `http://127.0.0.1:8123/`.
    public internal(set) var server: URL
    /// The table `loggen ddl --dialect clickhouse` made: `logs` or `database.logs`.
    public internal(set) var table: String
    /// The user and password (`X-ClickHouse-User`/`X-ClickHouse-Key`); the server's default user when `nil`.
    public internal(set) var credentials: (user: String, password: String)?
    /// Whether bodies are gzip-compressed (ClickHouse reads `Content-Encoding: gzip`).
    public var gzip: Bool
    /// How long one insert may take before it is retried.
    public internal(set) var timeout: Duration
    /// How many inserts a large chunk is split into, sent at once. A server before 19 parses
    /// an insert's JSON on one thread, so two inserts keep two cores busy. Chunks under
    /// 2,000 logs per insert go whole. The chunk is acknowledged when every insert is; if
    /// one fails the whole chunk is tried again (the rows already in are collapsed by UUID)
    /// or, when rejected, set aside whole.
    public internal(set) var parallelInserts: Int

    /// - Parameters:
    ///   - server: The server's HTTP interface, an `http://` or `https://` URL.
    ///   - table: `table` or `database.table`.
    ///   - credentials: The user and password (each one line); the server's default user when `nil`.
    ///   - gzip: Whether bodies are compressed; by default they are, except to a server on
    ///     the loopback interface, where compressing costs more than it saves.
    ///   - timeout: How long one insert may take (30 s by default; more than zero).
    ///   - parallelInserts: How many inserts a large chunk is split into (2 by default; at least 1).
    /// - Throws: `ConfigurationError` for a URL that is not http(s), a table name that is not
    ///   `table` or `database.table`, a user or password with a line break or another control
    ///   character, a timeout not above zero or `parallelInserts` below 1.
    public init(
        server: URL, table: String, credentials: (user: String, password: String)? = nil, gzip: Bool? = nil,
        timeout: Duration = .seconds(30), parallelInserts: Int = 2
    ) throws(ConfigurationError) {
        let parts = table.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ part in
                guard let first = part.utf8.first, !(0x30...0x39).contains(first) else { return false }
                return part.utf8.allSatisfy {
                    $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                }
            })
        else {
            throw ConfigurationError("ClickHouseConfiguration: invalid table name '\(table)'; use letters, digits and _, as table or database.table")
        }
        if let credentials {
            // They travel as headers: a line break would end the header on the wire. The
            // message does not show them.
            for (what, text) in [("user", credentials.user), ("password", credentials.password)]
            where !HTTPOutputConfiguration.isFieldValue(text) {
                throw ConfigurationError(
                    "ClickHouseConfiguration: the \(what) holds a line break or another control character; trim it (read from a file, it may end with a newline)"
                )
            }
        }
        guard parallelInserts >= 1 else {
            throw ConfigurationError("ClickHouseConfiguration: parallelInserts \(parallelInserts) is below 1; write 1 to send each chunk in one insert")
        }
        self.server = server
        self.table = table
        self.credentials = credentials
        self.gzip = gzip ?? !["127.0.0.1", "localhost", "::1", "[::1]"].contains(server.host ?? "")
        self.timeout = timeout
        self.parallelInserts = parallelInserts
        _ = try http(query: "SELECT 1")
    }

    /// The HTTP configuration of a request that runs `query` (rows, if any, in the body).
    func http(query: String) throws(ConfigurationError) -> HTTPOutputConfiguration {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
            throw ConfigurationError("ClickHouseConfiguration: '\(server.absoluteString)' is not a URL")
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "query", value: query)]
        var headers: [(name: String, value: String)] = []
        if let credentials {
            headers = [("X-ClickHouse-User", credentials.user), ("X-ClickHouse-Key", credentials.password)]
        }
        guard let url = components.url else { throw ConfigurationError("ClickHouseConfiguration: '\(server.absoluteString)' is not a URL") }
        return try HTTPOutputConfiguration(
            url: url, format: .jsonEachRow, gzip: gzip, headers: headers, timeout: timeout, classifier: ClickHouseErrors.classifier)
    }
}

/// An `HTTPOutput` that inserts into a ClickHouse table over its HTTP interface:
/// `INSERT INTO <table> FORMAT JSONEachRow`, one row per log, the envelope and the payload
/// mapped to the columns `loggen ddl --dialect clickhouse` makes (docs/Warehouse.md).
///
/// Before its first insert (and after a rejected one, in case the table was migrated) it
/// reads the table's columns with `DESCRIBE TABLE`, to know which hold moments. ClickHouse
/// before version 19 answers 500 even for rows it can never take; the error code in the
/// body tells those (set aside) from passing trouble (retried).
///
/// ```swift
/// let warehouse = try ClickHouseOutput(
///     directory: store.appending(path: "outputs/clickhouse"),
///     configuration: ClickHouseConfiguration(server: URL(string: "http://127.0.0.1:8123/")!, table: "logs"))
/// ```
public final class ClickHouseOutput: HTTPOutput, @unchecked Sendable {
    /// - Parameters:
    ///   - directory: The output's own store.
    ///   - configuration: The server, table, credentials, gzip and timeout.
    ///   - buffering: Chunk size, flush interval and backoff. ClickHouse prefers few large
    ///     inserts, so the default chunk is 10,000 logs or 4 MiB.
    ///   - name: A name for messages and statistics; the directory's name by default.
    /// - Throws: `LogStoreError` when the store cannot be opened.
    public convenience init(
        directory: URL, configuration: ClickHouseConfiguration,
        buffering: BufferedOutputConfiguration = ClickHouseOutput.standardBuffering,
        storeConfiguration: LogStoreConfiguration = .standard, name: String? = nil
    ) throws(LogStoreError) {
        try self.init(
            directory: directory, configuration: configuration, buffering: buffering,
            storeConfiguration: storeConfiguration, name: name, transport: nil)
    }

    /// ClickHouse's default buffering: chunks of 10,000 logs or 4 MiB, flushed every 5 seconds.
    public static var standardBuffering: BufferedOutputConfiguration {
        // In range, so this cannot throw.
        try! BufferedOutputConfiguration(chunkCount: 10_000, chunkBytes: 4 << 20, flushInterval: .seconds(5))
    }

    /// - Parameter transport: How requests go out: on Linux `SocketTransport` for `http://`,
    ///   URLSession for `https://`; URLSession for both on Apple platforms; unless a test or
    ///   `make bench-clickhouse` gives its own.
    @_spi(Transport) public init(
        directory: URL, configuration: ClickHouseConfiguration,
        buffering: BufferedOutputConfiguration = ClickHouseOutput.standardBuffering,
        storeConfiguration: LogStoreConfiguration = .standard, name: String? = nil,
        transport: (any HTTPTransport)?
    ) throws(LogStoreError) {
        try super.init(
            directory: directory, backend: ClickHouseBackend(configuration: configuration, transport: transport),
            requestTimeout: configuration.timeout, buffering: buffering, storeConfiguration: storeConfiguration, name: name)
    }
}

/// Inserts chunks into ClickHouse; see `ClickHouseOutput`.
final class ClickHouseBackend: LogBackend {
    let table: String
    let parallelInserts: Int
    let insert: HTTPPoster
    let describe: HTTPPoster
    private let encoder = Locked<ClickHouseRowEncoder?>(nil)

    init(configuration: ClickHouseConfiguration, transport: (any HTTPTransport)?) {
        table = configuration.table
        parallelInserts = configuration.parallelInserts
        // The configuration was checked when it was built.
        let insertConfiguration = try! configuration.http(query: "INSERT INTO \(configuration.table) FORMAT JSONEachRow")
        // Plain HTTP (a server on the same host or network) goes over a socket of its own:
        // URLSession's Dispatch sources cost as much CPU as the inserts themselves.
        let shared = transport ?? Self.defaultTransport(for: configuration)
        insert = HTTPPoster(configuration: insertConfiguration, transport: shared)
        describe = HTTPPoster(configuration: try! configuration.http(query: "DESCRIBE TABLE \(configuration.table) FORMAT TabSeparated"), transport: shared)
    }

    static func defaultTransport(for configuration: ClickHouseConfiguration) -> any HTTPTransport {
        #if canImport(Glibc)
        if configuration.server.scheme == "http" { return SocketTransport() }
        #endif
        return URLSessionTransport(timeout: configuration.timeout.seconds)
    }

    func send(_ chunk: LogChunk) async -> LogDeliveryResult {
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
        let parts = min(parallelInserts, max(1, logs.count / Self.smallestParallelInsert))
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
                            "cannot read the columns of \(table) (HTTP \(response.status): \(response.bodyExcerpt)); create it with 'loggen ddl --dialect clickhouse'"
                        )))
            }
            return .success(ClickHouseRowEncoder(describeOutput: String(decoding: response.body, as: UTF8.self)))
        } catch {
            return .failure(ColumnsUnavailable(result: LogDeliveryResult(describe.configuration.classifier.outcome(of: error))))
        }
    }
}
