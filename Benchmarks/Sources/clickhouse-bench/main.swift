// clickhouse-bench: posts generated events through a BehaviorLogger into a ClickHouseBackend and
// times them from the first `post()` to the last row visible in ClickHouse, for
// `make bench-clickhouse` (which times clickhouse-client inserting the same rows beside it).
//
//   clickhouse-bench --server http://127.0.0.1:PORT/ --table NAME --logs 1000000 --store DIR --rows FILE [--urlsession]
//                    [--visible TABLE,TABLE]
//
// --visible names the tables whose rows count as arrived (default: --table): for an insert into
// `bench_ingest` (`loggen ddl --enforce`), `bench,bench_rejected`.
// --urlsession sends through URLSession even for http://, to compare it with the socket
// transport that ClickHouseBackend uses there on Linux (docs/Warehouse.md).
// With --rows, every insert's body is also appended to FILE (inside the timing), so that the
// floor inserts exactly the bytes this sent.

import BenchmarkSupport
import BehaviorLog
@_spi(Transport) import BehaviorLogHTTP
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LogStore
import RecipeDemo
import RecipeLogs
import Synchronization

guard let serverText = argument("server"), let server = URL(string: serverText), let table = argument("table") else {
    FileHandle.standardError.write(Data("usage: clickhouse-bench --server URL --table NAME [--logs N] [--store DIR]\n".utf8))
    exit(64)
}
let logs = Int(argument("logs") ?? "1000000")!
let store = argument("store") ?? "bench-out/clickhouse-store"
try? FileManager.default.removeItem(atPath: store)

let visibleTables = (argument("visible") ?? table).split(separator: ",").map(String.init)

/// The rows arrived: the sum of the row counts of the --visible tables, by a query on the HTTP interface.
func rowCount() async throws -> Int {
    var request = URLRequest(url: server)
    request.httpMethod = "POST"
    let sum = visibleTables.map { "(SELECT count() FROM \($0))" }.joined(separator: " + ")
    let (data, _) = try await URLSession.shared.upload(for: request, from: Data("SELECT \(sum) FORMAT TSV".utf8))
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

/// Appends each request body to a file, then sends it.
final class RecordingTransport: HTTPTransport {
    /// What ClickHouseBackend uses by default: its own socket for http://, URLSession for https://.
    let next: any HTTPTransport
    let file: FileHandle?
    /// Nanoseconds spent waiting for inserts to be answered (ClickHouse and the HTTP stack).
    let insertNanoseconds = Atomic<UInt64>(0)
    init(path: String?, server: URL, forceURLSession: Bool) {
        #if canImport(Glibc)
        next = server.scheme == "http" && !forceURLSession ? SocketTransport() : URLSessionTransport(timeout: 120)
        #else
        next = URLSessionTransport(timeout: 120)  // SocketTransport is Linux-only
        #endif
        if let path { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        file = path.flatMap { FileHandle(forWritingAtPath: $0) }
    }
    func post(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url.query?.contains("INSERT") == true else { return try await next.post(request) }
        file?.write(Data(request.body))
        let start = ContinuousClock.now
        defer { insertNanoseconds.add(UInt64((ContinuousClock.now - start) / .nanoseconds(1)), ordering: .relaxed) }
        return try await next.post(request)
    }
}

let transport = RecordingTransport(path: argument("rows"), server: server, forceURLSession: CommandLine.arguments.contains("--urlsession"))
let output = try BufferedOutput(
    directory: URL(fileURLWithPath: store),
    backend: ClickHouseBackend(configuration: ClickHouseConfiguration(server: server, table: table, timeout: .seconds(60)), transport: transport),
    configuration: try BufferedOutputConfiguration(chunkCount: 20_000, chunkBytes: 16 << 20, flushInterval: .milliseconds(200), sendTimeout: .seconds(120)),
    storeConfiguration: try LogStoreConfiguration(syncEveryRecords: 1_000, syncInterval: .milliseconds(200), maximumTotalBytes: nil, maximumAge: nil),
    name: "clickhouse")
let common = CommonPayload(
    userId: 1234, deviceId: "6F9619FF-8B86-D011-B42D-00C04FC964FF", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone, network: .wifi)
let commonPayload = ConstraintViolation.withHandler({ _ in }) { common.payload }
let logger = BehaviorLogger(
    configuration: try LoggerConfiguration(
        filters: [FilterSetting(CommonPayloadFilter(personalDataFields: CommonPayload.personalDataFields) { commonPayload })],
        outputs: [OutputSetting(output)],
        schemaVersion: GeneratedSchema.hash))

let clock = ContinuousClock()
let started = clock.now
// Posted on a thread of its own, as an app's background code would: the main thread never
// waits for a full queue, it drops the logs past four times its capacity (mainThreadDrops),
// and a run that posted from it waited for ever for rows that were never sent.
await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread {
        var simulator = SessionSimulator(seed: 1)
        ConstraintViolation.withHandler({ _ in }) {
            for _ in 0..<logs { logger.post(simulator.nextEvent()) }
        }
        done.resume()
    }.start()
}
let posted = clock.now
var visible = 0
var lastProgress = (rows: -1, at: clock.now)
while visible < logs {
    await logger.flush()
    visible = try await rowCount()
    if visible != lastProgress.rows { lastProgress = (visible, clock.now) }
    if clock.now - lastProgress.at > .seconds(60) {
        // No row arrived for a minute: say where the logs are instead of waiting for ever.
        let statistics = output.statistics
        FileHandle.standardError.write(
            Data(
                """
                clickhouse-bench: stalled: \(visible) of \(logs) rows visible for 60 s; the output: sent \(statistics.sentLogs) logs \
                in \(statistics.sentChunks) chunks, \(statistics.unsentLogs) unsent, \(statistics.heldLogs) held, \
                \(statistics.retryableFailures) retried, \(statistics.rejectedLogs) rejected, \(statistics.lostLogs) lost, \
                \(statistics.storeErrors) store errors, last error: \(statistics.lastError ?? "none"); \
                the logger: \(logger.statistics.mainThreadDrops) logs dropped on the main thread

                """.utf8))
        exit(1)
    }
    if visible < logs { try await Task.sleep(for: .milliseconds(20)) }
}
let finished = clock.now
await logger.shutdown()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
let total = seconds(finished - started)
print("logs=\(logs) transport=\(type(of: transport.next))")
print("post_seconds=\(String(format: "%.3f", seconds(posted - started)))")
print("visible_seconds=\(String(format: "%.3f", total))")
print("logs_per_second=\(Int(Double(logs) / total))")
print("insert_wait_seconds=\(String(format: "%.3f", Double(transport.insertNanoseconds.load(ordering: .relaxed)) / 1e9))")
print("chunks=\(output.statistics.sentChunks) retried=\(output.statistics.retryableFailures) rejected=\(output.statistics.rejectedLogs)")
try? FileManager.default.removeItem(atPath: store)
