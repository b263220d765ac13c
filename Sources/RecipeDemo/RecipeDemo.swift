import BehaviorLog
import BehaviorLogHTTP
import Foundation
import LogCore
import LogStore
import RecipeLogs

/// The sample app's logging, end to end: simulated sessions posted through a `BehaviorLogger` with
/// the common payload, PII redaction and violation routing, into a local history store
/// (for `logview`) and a buffered output that ships to a stand-in backend.
///
/// Store layout under `storeDirectory`:
///
/// ```
/// <store>/                   the history (LocalStoreOutput): logview --store <store>
/// <store>/pii-salt           the install's salt for hashing personal data
/// <store>/outputs/backend/   the buffered output's own store (cursor `sent`)
/// ```
public struct RecipeDemo: Sendable {
    /// What to run.
    public struct Options: Sendable {
        public var events: Int
        public var seed: UInt64
        public var storeDirectory: String
        public var printDurable: Bool
        public var failureRate: Double
        /// A ClickHouse table to insert every log into too (`--clickhouse URL --table NAME`).
        public var clickHouse: ClickHouseConfiguration?
        /// The history store's size cap in bytes (the store's default, 256 MiB, unless given).
        public var historyCapBytes: Int?
        /// A `logview serve --collect` endpoint (`http://127.0.0.1:8765/v1/logs`) to send every
        /// log to through an `HTTPBackend` too (`--collector URL`).
        public var collector: HTTPBackendConfiguration?

        public init(
            events: Int = 1_000, seed: UInt64 = 1, storeDirectory: String, printDurable: Bool = false, failureRate: Double = 0,
            clickHouse: ClickHouseConfiguration? = nil, historyCapBytes: Int? = nil, collector: HTTPBackendConfiguration? = nil
        ) {
            self.collector = collector
            self.events = events
            self.seed = seed
            self.storeDirectory = storeDirectory
            self.printDurable = printDurable
            self.failureRate = failureRate
            self.clickHouse = clickHouse
            self.historyCapBytes = historyCapBytes
        }
    }

    /// What happened.
    public struct Summary: Sendable {
        public var posted: Int
        public var sessions: Int
        public var durableInHistory: Int
        public var historyRecords: Int
        public var backendLogs: Int
        public var backendChunks: Int
        public var backendFailedSends: Int
        public var unsent: Int
        /// Logs the history's store refused and could not hold (a full disk): lost to it.
        public var historyLost: Int = 0
        /// Logs the backend output's store refused and could not hold: never sent.
        public var backendLost: Int = 0
        public var violations: Int
        public var seconds: Double
        /// What the ClickHouse output did, when there is one.
        public var warehouse: BufferedOutputStatistics?
        /// What the collector's output did, when there is one.
        public var collector: BufferedOutputStatistics?
    }

    public var options: Options

    public init(options: Options) {
        self.options = options
    }

    /// The history store's directory.
    public var historyDirectory: String { options.storeDirectory }
    /// The buffered output's store.
    public var outboxDirectory: String { (options.storeDirectory as NSString).appendingPathComponent("outputs/backend") }
    /// The collector output's store.
    public var collectorDirectory: String { (options.storeDirectory as NSString).appendingPathComponent("outputs/collector") }
    /// The ClickHouse output's store.
    public var warehouseDirectory: String { (options.storeDirectory as NSString).appendingPathComponent("outputs/clickhouse") }

    /// Runs the simulation; `report` receives the lines to print (`durable N` lines too).
    public func run(report: @escaping @Sendable (String) -> Void) async throws -> Summary {
        let started = Date()
        let salt = try PersonalDataSalt(directory: URL(fileURLWithPath: options.storeDirectory))  // erasable by logger.eraseAllData()

        let printDurable = options.printDurable
        var historyConfiguration = LogStoreConfiguration.standard
        if let cap = options.historyCapBytes { historyConfiguration.maximumTotalBytes = cap }
        // `--print-durable` (the crash tests) wants durability reported often; an app keeps the
        // default interval of 5 seconds, a sync bounding only what a power loss can take.
        let history = try LocalStoreOutput(
            directory: URL(fileURLWithPath: historyDirectory), configuration: historyConfiguration,
            syncInterval: printDurable ? .milliseconds(200) : .seconds(5),
            onDurable: { count in
                if printDurable { report("durable \(count)\n") }
            })
        let backend = StandInBackend(failureRate: options.failureRate, seed: options.seed)
        let shipping = try BufferedOutput(
            directory: URL(fileURLWithPath: outboxDirectory), backend: backend,
            configuration: try BufferedOutputConfiguration(
                chunkCount: 500, flushInterval: .seconds(1), sendTimeout: .seconds(5),
                retryDelay: .milliseconds(50), maximumRetryDelay: .seconds(1)),
            name: "backend")
        let violationCounter = ViolationCounter()
        let warehouse = try options.clickHouse.map {
            try BufferedOutput(
                directory: URL(fileURLWithPath: warehouseDirectory), backend: ClickHouseBackend(configuration: $0),
                configuration: try BufferedOutputConfiguration(
                    chunkCount: 5_000, chunkBytes: 4 << 20, flushInterval: .seconds(1), retryDelay: .milliseconds(200), maximumRetryDelay: .seconds(2)),
                name: "clickhouse")
        }
        let collector = try options.collector.map {
            try BufferedOutput(
                directory: URL(fileURLWithPath: collectorDirectory), backend: HTTPBackend(configuration: $0),
                configuration: try BufferedOutputConfiguration(
                    chunkCount: 500, flushInterval: .milliseconds(200), retryDelay: .milliseconds(50), maximumRetryDelay: .seconds(1)),
                name: "collector")
        }

        // Replaced before the first post; valid, since a common payload is checked when built.
        let current = Locked(CommonPayload(deviceId: "0", appVersion: "0.0.0", osVersion: "", deviceKind: .unknown))
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [
                    FilterSetting(CommonPayloadFilter { current.withLock { $0 } }),
                    FilterSetting(PersonalDataFilter(mode: .saltedHash(salt))),
                    FilterSetting(ViolationRoutingFilter(route: "violations")),
                ],
                outputs: [
                    OutputSetting(history, route: .every),
                    OutputSetting(shipping, route: .every),
                    OutputSetting(violationCounter, route: .named("violations")),
                ] + (warehouse.map { [OutputSetting($0, route: .every)] } ?? [])
                    + (collector.map { [OutputSetting($0, route: .every)] } ?? []),
                schemaVersion: GeneratedSchema.hash))

        var simulator = SessionSimulator(seed: options.seed)
        // The simulated app has bugs on purpose; a violation is recorded in the envelope and
        // routed (below) rather than stopping the debug build.
        ConstraintViolation.withHandler({ _ in }) {
            for _ in 0..<options.events {
                let step = simulator.next()
                current.withLock { $0 = step.common }
                logger.post(step.event)
            }
        }
        await logger.flush()
        if let warehouse {
            // Wait (up to a minute) for the warehouse to take the last chunks; what it has not
            // taken stays in its store and goes out on the next run.
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while warehouse.statistics.unsentLogs > 0 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                await warehouse.flush()
            }
        }
        if let collector {
            // The same for the collector: the viewer should show every log the demo posted.
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while collector.statistics.unsentLogs > 0 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                await collector.flush()
            }
        }
        await logger.shutdown()

        let totals = backend.totals
        let historyRecords = (try? LogStoreReader(directory: historyDirectory).stats().recordCount) ?? 0
        return Summary(
            posted: options.events, sessions: simulator.sessions, durableInHistory: history.statistics.durable,
            historyRecords: historyRecords, backendLogs: totals.logs, backendChunks: totals.chunks,
            backendFailedSends: totals.failedSends, unsent: shipping.statistics.unsentLogs,
            historyLost: history.statistics.lostLogs, backendLost: shipping.statistics.lostLogs,
            violations: Int(violationCounter.count.load()), seconds: Date().timeIntervalSince(started),
            warehouse: warehouse?.statistics, collector: collector?.statistics)
    }
}

/// Counts the logs routed to `violations`.
private final class ViolationCounter: LogOutput {
    let count = AtomicCounter()
    func write(_ logs: [EncodedLog]) {
        count.add(UInt64(logs.count))
    }
}
