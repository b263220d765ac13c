import BehaviorLog
import Foundation

/// Where and how a `ClickHouseBackend` inserts. Validated when built: the initializer throws a
/// `ConfigurationError` for a URL, table name, credential or count that cannot work.
public struct ClickHouseConfiguration: Sendable {
    /// The server's HTTP interface, such as `http://127.0.0.1:8123/`.
    public internal(set) var server: URL
    /// The table `loggen ddl --dialect clickhouse` made: `logs` or `database.logs`.
    public internal(set) var table: String
    /// Whether the table was made with `loggen ddl --enforce`: the rows are inserted into its
    /// ingest table (``insertTable``), whose views move each row into `table` when it matches its
    /// definition and into `<table>_rejected` otherwise.
    public internal(set) var enforced: Bool
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
    ///   - enforced: Whether the table was made with `loggen ddl --enforce`, so that the rows go
    ///     into its ingest table `<table>_ingest` (not by default).
    /// - Throws: `ConfigurationError` for a URL that is not http(s), a table name that is not
    ///   `table` or `database.table`, a user or password with a line break or another control
    ///   character, a timeout not above zero or `parallelInserts` below 1.
    public init(
        server: URL, table: String, credentials: (user: String, password: String)? = nil, gzip: Bool? = nil,
        timeout: Duration = .seconds(30), parallelInserts: Int = 2, enforced: Bool = false
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
            where !HTTPBackendConfiguration.isFieldValue(text) {
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
        self.enforced = enforced
        self.credentials = credentials
        self.gzip = gzip ?? !["127.0.0.1", "localhost", "::1", "[::1]"].contains(server.host ?? "")
        self.timeout = timeout
        self.parallelInserts = parallelInserts
        _ = try http(query: "SELECT 1")
    }

    /// The table the rows are inserted into (and whose columns are read): `table`, or, when
    /// `enforced`, the ingest table `loggen ddl --enforce` makes beside it, `<table>_ingest`
    /// (`database.logs_ingest` for `database.logs`) with the same columns.
    public var insertTable: String { enforced ? table + "_ingest" : table }

    /// The HTTP configuration of a request that runs `query` (rows, if any, in the body).
    func http(query: String) throws(ConfigurationError) -> HTTPBackendConfiguration {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
            throw ConfigurationError("ClickHouseConfiguration: '\(server.absoluteString)' is not a URL")
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "query", value: query)]
        var headers: [(name: String, value: String)] = []
        if let credentials {
            headers = [("X-ClickHouse-User", credentials.user), ("X-ClickHouse-Key", credentials.password)]
        }
        guard let url = components.url else { throw ConfigurationError("ClickHouseConfiguration: '\(server.absoluteString)' is not a URL") }
        return try HTTPBackendConfiguration(
            url: url, format: .jsonEachRow, gzip: gzip, headers: headers, timeout: timeout, classifier: ClickHouseErrors.classifier)
    }
}
