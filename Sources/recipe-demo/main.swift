import CommandLineSupport
import Foundation
import BehaviorLogHTTP
import BehaviorLogViewer
import LogCore
import RecipeDemo
import RecipeLogs

/// Writes to standard output at once (no buffer), so a `durable N` line is out before a kill.
@Sendable func writeUnbuffered(_ text: String) {
    var text = text
    text.withUTF8 { bytes in try? System.writeAll(System.standardOutput, UnsafeRawBufferPointer(bytes)) }
}

let tool = CommandLineTool(
    version: "0.1.0",
    root: CommandSpec(
        name: "recipe-demo",
        abstract: "Simulate sessions of the sample recipe app through the BehaviorLog pipeline.",
        discussion: """
            Posts simulated events (with the common payload, personal data hashed, violations
            routed) into a local history store for logview, and ships them through a buffered
            output to a stand-in backend that acknowledges. The same seed posts the same events.
            """,
        examples: [
            "recipe-demo --events 1000 --seed 42 --store /tmp/recipe-logs",
            "recipe-demo --events 100000 --store /tmp/recipe-logs --print-durable",
            "recipe-demo --events 10000 --clickhouse http://127.0.0.1:8123/ --table logs",
            "recipe-demo --events 1000 --collector http://127.0.0.1:8765/v1/logs   # to logview serve --collect",
            "recipe-demo --events 1000 --viewer   # then open the URL it prints; Ctrl-C stops it",
        ],
        arguments: [
            .option("events", short: "n", valueName: "count", help: "How many logs to post (default 1000).", defaultValue: "1000"),
            .option("seed", short: "s", valueName: "number", help: "The simulation's seed (default 1).", defaultValue: "1"),
            .option("store", valueName: "dir", help: "The store directory (default: $BEHAVIORLOG_STORE, else ./recipe-demo-store)."),
            .option("fail-rate", valueName: "fraction", help: "Share of sends the stand-in backend fails, to show retries (default 0)."),
            .flag("print-durable", help: "Print `durable <count>` whenever the first <count> logs of this run are on disk."),
            .option("clickhouse", valueName: "url", help: "Also insert every log into ClickHouse over its HTTP interface (needs --table)."),
            .option("table", valueName: "name", help: "The ClickHouse table, made by 'loggen ddl --dialect clickhouse'."),
            .option("collector", valueName: "url", help: "Also send every log (gzip) to a collector such as logview serve --collect, through an HTTPBackend."),
            .flag(
                "viewer",
                help:
                    "Then serve the in-app viewer (BehaviorLogViewer) over the history store, with the definitions compiled into the app, as an app's debug screen does; print its URL and serve until stopped."
            ),
            .option(
                "history-megabytes", valueName: "megabytes", help: "The local store's size cap; the oldest logs past it are dropped and counted (default 256)."),
        ],
        run: { arguments in
            guard let events = try arguments.integer("events"), events >= 0 else {
                throw UsageError("--events must be a number of logs, 0 or more")
            }
            guard let seed = try arguments.integer("seed"), seed >= 0 else {
                throw UsageError("--seed must be a non-negative number")
            }
            var failureRate = 0.0
            if let text = arguments.value("fail-rate") {
                guard let rate = Double(text), (0..<1).contains(rate) else {
                    throw UsageError("--fail-rate must be a fraction from 0 to below 1, such as 0.2")
                }
                failureRate = rate
            }
            let store =
                arguments.value("store")
                ?? ProcessInfo.processInfo.environment["BEHAVIORLOG_STORE"]
                ?? "recipe-demo-store"
            let printDurable = arguments.flag("print-durable")
            var clickHouse: ClickHouseConfiguration?
            switch (arguments.value("clickhouse"), arguments.value("table")) {
            case (nil, nil): break
            case (let server?, let table?):
                guard let url = URL(string: server) else { throw UsageError("--clickhouse must be a URL, such as http://127.0.0.1:8123/") }
                do { clickHouse = try ClickHouseConfiguration(server: url, table: table) } catch { throw UsageError("--clickhouse/--table: \(error)") }
            case (nil, _?): throw UsageError("--table needs --clickhouse URL")
            case (_?, nil): throw UsageError("--clickhouse needs --table NAME (the table made by 'loggen ddl --dialect clickhouse')")
            }
            var historyCapBytes: Int?
            if let megabytes = try arguments.integer("history-megabytes") {
                guard megabytes >= 16 else { throw UsageError("--history-megabytes must be at least 16 (two segments), such as 1024") }
                historyCapBytes = megabytes << 20
            }
            var collector: HTTPBackendConfiguration?
            if let text = arguments.value("collector") {
                guard let url = URL(string: text) else { throw UsageError("--collector must be a URL, such as http://127.0.0.1:8765/v1/logs") }
                do { collector = try HTTPBackendConfiguration(url: url, format: .jsonEachRow, gzip: true, timeout: .seconds(10)) } catch {
                    throw UsageError("--collector: \(error); such as http://127.0.0.1:8765/v1/logs")
                }
            }
            let demo = RecipeDemo(
                options: RecipeDemo.Options(
                    events: events, seed: UInt64(seed), storeDirectory: store, printDurable: printDurable, failureRate: failureRate,
                    clickHouse: clickHouse, historyCapBytes: historyCapBytes, collector: collector))
            let summary: RecipeDemo.Summary
            do {
                summary = try await demo.run(report: writeUnbuffered)
            } catch {
                throw CommandFailure("cannot run the demo with the store at \(store): \(error)")
            }
            /// What a store refused and could not hold, when anything.
            func lost(_ count: Int) -> String { count > 0 ? "; \(count) logs NOT KEPT (the store refused them: check the disk)" : "" }
            let rate = summary.seconds > 0 ? Int(Double(summary.posted) / summary.seconds) : 0
            writeUnbuffered(
                """
                recipe-demo: posted \(summary.posted) logs from \(summary.sessions) simulated sessions (seed \(seed)) in \(String(format: "%.2f", summary.seconds)) s (\(rate) logs/s)
                  history   \(demo.historyDirectory): \(summary.historyRecords) logs stored, this run's \(summary.durableInHistory) durable\(lost(summary.historyLost))
                  backend   accepted \(summary.backendLogs) logs in \(summary.backendChunks) chunks (\(summary.backendFailedSends) sends failed and were retried); \(summary.unsent) waiting in \(demo.outboxDirectory)\(lost(summary.backendLost))
                  filters   common payload on every log; fields marked [pii] hashed with the install's salt; \(summary.violations) logs with constraint violations routed aside

                """)
            if let warehouse = summary.warehouse, let clickHouse {
                writeUnbuffered(
                    """
                      clickhouse  \(clickHouse.table) at \(clickHouse.server.absoluteString): inserted \(warehouse.sentLogs) logs in \(warehouse.sentChunks) chunks (\(warehouse.retryableFailures) retried sends, \(warehouse.rejectedLogs) logs rejected and set aside); \(warehouse.unsentLogs) waiting in \(demo.warehouseDirectory)

                    """)
            }
            if let sent = summary.collector, let collector {
                writeUnbuffered(
                    "  collector  \(collector.url.absoluteString): sent \(sent.sentLogs) logs in \(sent.sentChunks) chunks "
                        + "(\(sent.retryableFailures) retried sends, \(sent.rejectedLogs) logs rejected); \(sent.unsentLogs) waiting in \(demo.collectorDirectory)\n"
                )
            }
            if arguments.flag("viewer") {
                // As the app's LogViewerView does: the definitions from the generated code, no Markdown.
                let viewer: InAppLogViewer
                let url: URL
                do {
                    viewer = try InAppLogViewer(
                        storeDirectory: URL(fileURLWithPath: demo.historyDirectory), definitionsJSON: GeneratedSchema.definitionsJSON)
                    url = try viewer.start()
                } catch {
                    throw CommandFailure("\(error)")
                }
                writeUnbuffered("  viewer    \(url.absoluteString)\n")
                // Serves on its own threads until the process is stopped (Ctrl-C, SIGTERM).
                // (The loop keeps `viewer`, whose release would stop it.)
                while viewer.url != nil { try? await Task.sleep(for: .seconds(3600)) }
            }
            return 0
        }))
await tool.main()
