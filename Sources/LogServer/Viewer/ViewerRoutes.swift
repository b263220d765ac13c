import Foundation
import LogQuery
import LogSchema
import LogStore

/// The API's endpoints (docs/Logview.md, "logview serve"): each answers like the `logview`
/// command of the same name, through the same LogQuery code.
struct ViewerRoutes {
    let configuration: LogViewerConfiguration
    let isStopping: @Sendable () -> Bool

    /// The client went away mid-response.
    private struct ClientGone: Error {}

    // MARK: - Filters

    /// The filters of a request (`tag`, `where` repeatable; `since`, `until`, `limit`), as the
    /// command's options; a 400 is sent for anything malformed.
    private func query(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)], allowed: Set<String>) -> LogQuery? {
        for item in request.query where !allowed.contains(item.name) && item.name != "token" {
            exchange.respond(
                status: 400, text: "logview: error: unknown parameter '\(item.name)'; use \(allowed.sorted().joined(separator: ", "))\n", headers: headers)
            return nil
        }
        var limit: Int?
        if let text = request.queryValue("limit"), !text.isEmpty {
            guard let number = Int(text) else {
                exchange.respond(status: 400, text: "logview: error: the value '\(text)' of limit is not a whole number\n", headers: headers)
                return nil
            }
            limit = number
        }
        let options = QueryOptions(
            tags: request.queryValues("tag"), since: request.queryValue("since").flatMap { $0.isEmpty ? nil : $0 },
            until: request.queryValue("until").flatMap { $0.isEmpty ? nil : $0 }, conditions: request.queryValues("where"), limit: limit)
        do {
            return try options.query()
        } catch {
            exchange.respond(status: 400, text: "logview: error: \(error.description)\n", headers: headers)
            return nil
        }
    }

    private func openStore(_ exchange: HTTPExchange, headers: [(String, String)]) -> StoreQuery? {
        do {
            return try StoreQuery(directory: configuration.storeDirectory)
        } catch {
            exchange.respond(status: 503, text: "logview: error: \(error.description)\n", headers: headers)
            return nil
        }
    }

    /// An output buffer that sends each full chunk as a chunk of the response.
    private func chunkedOutput(_ exchange: HTTPExchange) -> OutputBuffer {
        OutputBuffer(chunkSize: 64 * 1024) { chunk in
            guard exchange.writeChunk(UnsafeRawBufferPointer(chunk)) else { throw ClientGone() }
        }
    }

    // MARK: - GET /api/logs

    /// `logview list -o jsonl` (or `-o csv` with `format=csv`) with the same filters.
    func logs(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        guard let query = query(request, exchange, headers: headers, allowed: ["tag", "where", "since", "until", "limit", "format"]),
            let store = openStore(exchange, headers: headers)
        else { return }
        let csv: Bool
        switch request.queryValue("format") ?? "jsonl" {
        case "jsonl": csv = false
        case "csv": csv = true
        case let other:
            exchange.respond(status: 400, text: "logview: error: unknown format '\(other)'; use format=jsonl or format=csv\n", headers: headers)
            return
        }
        do {
            if csv {
                var collector = ColumnCollector()
                try store.forEach(query) {
                    collector.add($0); return true
                }
                var formatter = CSVFormatter(columns: collector.columns)
                try send(
                    store, query, &formatter, exchange,
                    headers: headers + [
                        ("Content-Type", "text/csv; charset=utf-8"), ("Content-Disposition", "attachment; filename=\"logs.csv\""),
                    ])
            } else {
                var formatter = JSONLinesFormatter()
                try send(store, query, &formatter, exchange, headers: headers + [("Content-Type", "application/x-ndjson")])
            }
        } catch is ClientGone {
            return
        } catch {
            exchange.respond(status: 500, text: "logview: error: \(error)\n", headers: headers)
        }
    }

    private func send(
        _ store: StoreQuery, _ query: LogQuery, _ formatter: inout some LogFormatter, _ exchange: HTTPExchange, headers: [(String, String)]
    ) throws {
        // The first read happens before the response starts, so that a store error is still a 500.
        var output = chunkedOutput(exchange)
        var started = false
        formatter.begin(into: &output)
        try store.forEach(query) { log in
            if !started {
                exchange.startChunked(status: 200, headers: headers)
                started = true
            }
            formatter.write(log, into: &output)
            try output.flushIfFull()
            return true
        }
        if !started { exchange.startChunked(status: 200, headers: headers) }
        formatter.end(into: &output)
        try output.flush()
        exchange.finish()
    }

    // MARK: - GET /api/stats

    /// `logview stats -o json` with the same filters and `by`.
    func stats(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        guard let query = query(request, exchange, headers: headers, allowed: ["tag", "where", "since", "until", "by"]) else { return }
        guard let grouping = StatisticsReport.Grouping(request.queryValue("by") ?? "tag") else {
            exchange.respond(
                status: 400, text: "logview: error: unknown by '\(request.queryValue("by") ?? "")'; use by=tag, category, minute, hour or day\n",
                headers: headers)
            return
        }
        guard let store = openStore(exchange, headers: headers) else { return }
        do {
            var bucketer: TimeBucketer?
            if case .time(let bucket) = grouping { bucketer = TimeBucketer(bucket: bucket, timeZone: .current) }
            let statistics = try store.statistics(query, bucketer: bucketer)
            let report = StatisticsReport(
                statistics: statistics, grouping: grouping, store: try store.storeStats(), directory: store.directory,
                outputs: BufferedOutputState.all(besideStoreIn: store.directory))
            exchange.respond(status: 200, json: report.json(), headers: headers)
        } catch {
            exchange.respond(status: 500, text: "logview: error: \(error)\n", headers: headers)
        }
    }

    // MARK: - GET /api/stream

    /// Server-sent events: each new log that matches, as `id: SEQ` and `data: JSONL`.
    func stream(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        guard let query = query(request, exchange, headers: headers, allowed: ["tag", "where", "since", "until", "after"]),
            let store = openStore(exchange, headers: headers)
        else { return }
        var after: UInt64
        if let text = request.header("last-event-id") ?? request.queryValue("after") {
            guard let number = UInt64(text) else {
                exchange.respond(status: 400, text: "logview: error: after '\(text)' is not a sequence number\n", headers: headers)
                return
            }
            after = number
        } else {
            do { after = try store.lastSequence() } catch {
                exchange.respond(status: 503, text: "logview: error: \(error.description)\n", headers: headers)
                return
            }
        }
        exchange.startStream(status: 200, headers: headers + [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no")])
        var output = OutputBuffer(chunkSize: 64 * 1024) { chunk in
            guard exchange.writeRaw(UnsafeRawBufferPointer(chunk)) else { throw ClientGone() }
        }
        output.append(": logview \(after)\n\n")
        var lastWrite = Date()
        do {
            try output.flush()
            try store.follow(
                query, after: after, pollInterval: 0.05,
                shouldStop: { isStopping() || exchange.clientHungUp },
                onIdle: {
                    if output.count == 0 && Date().timeIntervalSince(lastWrite) >= configuration.streamKeepAliveSeconds { output.append(": keep-alive\n\n") }
                    if output.count > 0 { lastWrite = Date() }
                    try output.flush()
                }
            ) { log in
                output.append("id: ")
                output.appendDecimal(log.sequence)
                output.append("\ndata: ")
                JSONLinesFormatter.appendObject(log, into: &output)
                output.append("\n\n")
                try output.flushIfFull()
                return true
            }
        } catch {
            return
        }
    }

    // MARK: - GET /api/definitions, /api/findings, /api/coverage

    private func schema(_ exchange: HTTPExchange, headers: [(String, String)]) -> Schema? {
        guard let schema = configuration.schema else {
            exchange.respond(status: 404, text: "logview: error: no definitions; start logview serve with --definitions DIR\n", headers: headers)
            return nil
        }
        return schema
    }

    /// The schema JSON of `loggen schema`.
    func definitions(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        guard let schema = schema(exchange, headers: headers) else { return }
        var bytes: [UInt8] = []
        SchemaJSONEncoder(isPretty: false).encode(schema) { bytes.append(contentsOf: $0) }
        exchange.respond(status: 200, headers: headers + [("Content-Type", "application/json")], body: bytes)
    }

    /// `logview check` per log: one JSON line per log with findings,
    /// `{"seq":N,"findings":[{"kind":…,"message":…,"location":"file:line:column"}]}`.
    /// `after=SEQ` reads only the logs after it (the viewer asks for the rows it shows).
    func findings(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        guard let schema = schema(exchange, headers: headers),
            let query = query(request, exchange, headers: headers, allowed: ["tag", "where", "since", "until", "limit", "after"]),
            let store = openStore(exchange, headers: headers)
        else { return }
        var after: UInt64?
        if let text = request.queryValue("after") {
            guard let number = UInt64(text) else {
                exchange.respond(status: 400, text: "logview: error: after '\(text)' is not a sequence number\n", headers: headers)
                return
            }
            after = number
        }
        let checker = DefinitionChecker(schema: schema)
        var output = OutputBuffer.collecting()
        do {
            try forEach(store, query, after: after) { log in
                let findings = checker.check(log)
                guard !findings.isEmpty else { return true }
                output.append("{\"seq\":")
                output.appendDecimal(log.sequence)
                output.append(",\"findings\":[")
                for (index, finding) in findings.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    output.append("{\"kind\":")
                    output.appendJSONString(finding.kind.rawValue)
                    output.append(",\"message\":")
                    output.appendJSONString(finding.message)
                    output.append(",\"location\":")
                    if let location = finding.location { output.appendJSONString(location.description) } else { output.append("null") }
                    output.append(UInt8(ascii: "}"))
                }
                output.append("]}\n")
                return true
            }
        } catch {
            exchange.respond(status: 500, text: "logview: error: \(error)\n", headers: headers)
            return
        }
        exchange.respond(status: 200, headers: headers + [("Content-Type", "application/x-ndjson")], body: output.bytes)
    }

    /// The logs the query selects, or (given `after`) those after that sequence number, read
    /// from there on rather than filtered from the start.
    private func forEach(_ store: StoreQuery, _ query: LogQuery, after: UInt64?, _ body: (LogRecordView) throws -> Bool) throws {
        guard let after else {
            try store.forEach(query, body)
            return
        }
        var reachedTheEnd = false
        var remaining = query.limit ?? Int.max
        try store.follow(query, after: after, pollInterval: 0, shouldStop: { reachedTheEnd || remaining <= 0 }, onIdle: { reachedTheEnd = true }) { log in
            remaining -= 1
            return try body(log) && remaining > 0
        }
    }

    /// `logview coverage` as JSON: events in use never seen, stored tags not defined.
    func coverage(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        guard let schema = schema(exchange, headers: headers), let store = openStore(exchange, headers: headers) else { return }
        do {
            let report = CoverageReport(schema: schema, tagCounts: try store.tagCounts())
            let json = JSONValue.object([
                JSONMember("seen", .integer(Int64(report.coverage.seen))),
                JSONMember("total", .integer(Int64(report.coverage.total))),
                JSONMember(
                    "neverSeen",
                    .array(
                        report.neverSeen.map {
                            .object([JSONMember("tag", .string($0.tag)), JSONMember("location", .string($0.location.description))])
                        })),
                JSONMember(
                    "undefined",
                    .array(
                        report.undefinedTags.map {
                            .object([JSONMember("tag", .string($0.tag)), JSONMember("count", .integer(Int64($0.count)))])
                        })),
            ])
            exchange.respond(status: 200, json: json.jsonText + "\n", headers: headers)
        } catch {
            exchange.respond(status: 500, text: "logview: error: \(error)\n", headers: headers)
        }
    }
}
