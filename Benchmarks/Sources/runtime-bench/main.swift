// runtime-bench: posts generated events through a three-filter chain into a BufferedOutput
// with a counting backend, durable group commit on, and prints figures for `make bench-runtime`.
//
//   runtime-bench --logs 1000000 --store DIR                  a fresh store, a counting backend
//   runtime-bench --prefill 100000 --store DIR                leave 100,000 logs unsent, and stop
//   runtime-bench --logs 1000000 --store DIR --failing        post behind a failing backend, on the
//                                                             store as it is (its backlog kept)
//
// The prefill runs in its own process, so that the measured run's peak memory is its own.

import BenchmarkSupport
import BehaviorLog
import Foundation
import LogStore
import RecipeDemo
import RecipeLogs
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Counts what it accepts, or fails every send.
final class CountingBackend: LogBackend {
    let accepted = Atomic<UInt64>(0)
    let failing: Bool
    init(failing: Bool) { self.failing = failing }
    func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        if failing { return .retryableFailure("the bench's backend is down") }
        accepted.add(UInt64(chunk.logs.count), ordering: .relaxed)
        return .accepted
    }
}

@inline(__always) func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

let logs = Int(argument("logs") ?? "1000000")!
let prefill = Int(argument("prefill") ?? "0")!
let failing = CommandLine.arguments.contains("--failing")
let store = argument("store") ?? "bench-out/runtime-store"
if !failing { try? FileManager.default.removeItem(atPath: store) }

let storeConfiguration = try LogStoreConfiguration(syncEveryRecords: 1_000, syncInterval: .milliseconds(200), maximumTotalBytes: nil, maximumAge: nil)
let outputConfiguration = try BufferedOutputConfiguration(
    chunkCount: 500, flushInterval: .seconds(1), sendTimeout: .seconds(5), retryDelay: .milliseconds(500), maximumRetryDelay: .seconds(5))
let common = CommonPayload(
    userId: 1234, deviceId: "6F9619FF-8B86-D011-B42D-00C04FC964FF", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone, network: .wifi)
let salt = [UInt8](repeating: 7, count: 32)
// The app keeps its common payload built (it changes when the user signs in, not per log).
let commonPayload = ConstraintViolation.withHandler({ _ in }) { common.payload }

func makeLogger(_ output: BufferedOutput) throws -> BehaviorLogger {
    BehaviorLogger(
        configuration: try LoggerConfiguration(
            filters: [
                FilterSetting(CommonPayloadFilter(personalDataFields: CommonPayload.personalDataFields) { commonPayload }),
                FilterSetting(try SamplingFilter(rates: [("debug.**", 0.1)])),
                FilterSetting(PersonalDataFilter(mode: .hash(salt: salt))),
            ],
            outputs: [OutputSetting(output)],
            schemaVersion: GeneratedSchema.hash))
}

/// Posts `count` generated events, timing each `post`, on a thread of its own named like the
/// process (so `cpu_seconds[<binary>]` is the posting thread's): not the main thread, which never
/// waits for a full queue (it would drop logs past four times the capacity), as an app's
/// background code posting at this rate would.
func postTimed(_ count: Int, to logger: BehaviorLogger) -> [UInt32] {
    final class Result: Sendable { let latencies = Mutex<[UInt32]>([]) }
    let result = Result()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let latencies = postTimedHere(count, to: logger)
        // The thread ends before the figures are read: keep its CPU time for them.
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        postingThreadSeconds.withLock { $0 += Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
        result.latencies.withLock { $0 = latencies }
        done.signal()
    }
    thread.name = String(ProcessInfo.processInfo.processName.prefix(15))
    thread.start()
    done.wait()
    return result.latencies.withLock { $0 }
}

func postTimedHere(_ count: Int, to logger: BehaviorLogger) -> [UInt32] {
    var latencies = [UInt32](repeating: 0, count: count)
    var simulator = SessionSimulator(seed: 1)
    ConstraintViolation.withHandler({ _ in }) {
        for index in 0..<count {
            let event = simulator.nextEvent()
            let before = nanoseconds()
            logger.post(event)
            latencies[index] = UInt32(min(UInt64(UInt32.max), nanoseconds() - before))
        }
    }
    return latencies
}

/// The posting thread's CPU seconds (it has ended when the figures are read).
let postingThreadSeconds = Mutex<Double>(0)

/// CPU seconds (user and system) of each of this process's threads, summed by name.
func threadCPUSeconds() -> [(String, Double)] {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    var byName: [String: Double] = [:]
    for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
        guard let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        // After the name in parentheses: state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
        byName[name.trimmingCharacters(in: .whitespacesAndNewlines), default: 0] += (user + system) / ticks
    }
    byName[String(ProcessInfo.processInfo.processName.prefix(15)), default: 0] += postingThreadSeconds.withLock { $0 }
    return byName.sorted { $0.value > $1.value }
}

// The backlog: logs left unsent behind a failing backend, then stop.
if prefill > 0 {
    let output = try BufferedOutput(
        directory: URL(fileURLWithPath: store), backend: CountingBackend(failing: true), configuration: outputConfiguration,
        storeConfiguration: storeConfiguration, name: "bench")
    let logger = try makeLogger(output)
    _ = postTimed(prefill, to: logger)
    await logger.shutdown()
    print("prefilled=\(output.statistics.unsentLogs)")
    exit(0)
}

let backend = CountingBackend(failing: failing)
let output = try BufferedOutput(
    directory: URL(fileURLWithPath: store), backend: backend, configuration: outputConfiguration, storeConfiguration: storeConfiguration, name: "bench")
let logger = try makeLogger(output)
let unsentBefore = output.statistics.unsentLogs
let started = nanoseconds()
var latencies = postTimed(logs, to: logger)
let posted = nanoseconds()
await logger.flush()  // written, durable, and (with a working backend) acknowledged
let flushed = nanoseconds()
let unsentAfter = output.statistics.unsentLogs
let threadTimes = threadCPUSeconds()
await logger.shutdown()
let finished = nanoseconds()

latencies.sort()
let sorted = latencies
let percentile = { (p: Double) -> Double in Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1000 }
let endToEnd = Double(flushed - started) / 1e9
let stored = try LogStoreReader(directory: URL(fileURLWithPath: store)).stats()
print("logs=\(logs)")
print("pending_before=\(unsentBefore)")
print("post_seconds=\(String(format: "%.3f", Double(posted - started) / 1e9))")
print("end_to_end_seconds=\(String(format: "%.3f", endToEnd))")
print("shutdown_seconds=\(String(format: "%.3f", Double(finished - flushed) / 1e9))")
print("logs_per_second=\(Int(Double(logs) / endToEnd))")
print("post_p50_us=\(String(format: "%.3f", percentile(0.5)))")
print("post_p99_us=\(String(format: "%.3f", percentile(0.99)))")
print("post_p999_us=\(String(format: "%.3f", percentile(0.999)))")
print("post_max_us=\(String(format: "%.1f", Double(latencies[logs - 1]) / 1000))")
print("backend_accepted=\(backend.accepted.load(ordering: .relaxed))")
print("unsent_after=\(unsentAfter)")
print("spills=\(logger.statistics.spills)")
print("store_records=\(stored.recordCount) store_bytes=\(stored.totalBytes)")
// Where the CPU went, by thread (names as the kernel keeps them, cut to 15 bytes).
for (name, seconds) in threadTimes { print("cpu_seconds[\(name)]=\(String(format: "%.3f", seconds))") }
try? FileManager.default.removeItem(atPath: store)
