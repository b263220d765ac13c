// device-bench: what an app pays on the device for logging (issue 26), counted. The app is set
// up as README.md and docs/Runtime.md show: a `BufferedOutput` that keeps its logs in the
// history's store (`LocalStoreOutput`), whose backend is a local one that counts and accepts at
// once (no network, so that only the SDK's own work is counted). It posts `recipe_search.search`.
//
//   device-bench --store DIR --baseline                 the SDK linked, not started
//   device-bench --store DIR --launch                   initialisers + first post, then shutdown()
//   device-bench --store DIR --launch --no-log          initialisers, then shutdown(): no log
//   device-bench --store DIR --rate 10 --seconds 60     10 logs/s for 60 s (the store is kept)
//   device-bench --store DIR --backlog 10000            10,000 logs kept unsent (consent pending)
//
// `--two-stores` sets up the history and the buffered output each with a store of its own (the
// set-up before issue 26 target 3: each log written and synced twice), for a side-by-side run.
//
// Each mode calls `phaseMarker()` (getppid) when its measured phase starts and when it ends:
// the caller's thread's initialisers and first post (`--launch`), the initialisers and
// shutdown (`--no-log`), the posting (`--rate`), nothing (`--baseline`). `make bench-device`
// (Scripts/bench-device.sh) counts syscalls and syncs between them with `strace -f`, and runs
// each mode again on its own for what strace would distort: the caller's milliseconds, the
// wake-ups and bytes per log (the same protocol as energy-bench), peak RSS. The store is left
// in place, so that a second `--launch` is a second launch. Linux only.

import BehaviorLog
import BenchmarkBackend
import BenchmarkSupport
import Foundation
import RecipeLogs

#if canImport(Glibc)
import Glibc
#endif

let store = URL(fileURLWithPath: argument("store") ?? "bench-out/device/store")
let isBaseline = CommandLine.arguments.contains("--baseline")
let isLaunch = CommandLine.arguments.contains("--launch")
let postsNothing = CommandLine.arguments.contains("--no-log")
let rate = Double(argument("rate") ?? "0")!
let seconds = Double(argument("seconds") ?? "0")!
let backlog = Int(argument("backlog") ?? "0")!
let twoStores = CommandLine.arguments.contains("--two-stores")
let event = RecipeSearch.search(keyword: "egg", order: .latest, filters: [.vegetarian], page: 1)

/// The set-up of README.md's "In an app" and docs/Runtime.md's "Ship the logs": the buffered
/// output sends from the history's store (`--two-stores`: each has its own).
func makeLogger(backend: AcceptingBackend, consent: LogConsent = .granted) throws -> BehaviorLogger {
    let history = try LocalStoreOutput(directory: store.appending(path: "history"))
    if twoStores {
        let outbox = try BufferedOutput(directory: store.appending(path: "outputs/backend"), backend: backend)
        return BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(history), OutputSetting(outbox)], consent: consent))
    }
    let outbox = try BufferedOutput(history: history, backend: backend)
    return BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(outbox)], consent: consent))
}

/// The bytes of the files under `directory`.
func diskBytes(_ directory: URL) -> Int {
    let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey])
    var total = 0
    while let file = files?.nextObject() as? URL { total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }
    return total
}

/// A duration as milliseconds with three decimals.
func milliseconds(_ duration: Duration) -> String {
    String(format: "%.3f", Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15)
}

if isBaseline {
    // The same executable, the SDK linked and never called: what the process costs without it.
    let clock = ContinuousClock()
    let start = clock.now
    phaseMarker()
    phaseMarker()
    print("caller_ms=\(milliseconds(clock.now - start))")
} else if isLaunch {
    let backend = AcceptingBackend()
    let clock = ContinuousClock()
    let start = clock.now
    phaseMarker()  // the app's launch reaches the logging set-up
    let logger = try makeLogger(backend: backend)
    if !postsNothing { logger.post(event) }
    let elapsed = clock.now - start
    if !postsNothing { phaseMarker() }  // the caller's thread has its logger and has posted
    await logger.shutdown()
    if postsNothing { phaseMarker() }  // a launch without a log: the set-up to shutdown()
    print("caller_ms=\(milliseconds(elapsed))")
    print("backend_accepted=\(backend.accepted)")
} else if rate > 0 {
    // The protocol of energy-bench (Scripts/strace-phase.sh reads it): logs, wake-ups less the
    // driver's own sleeps, bytes written, between the two markers around the posting.
    let backend = AcceptingBackend()
    let logger = try makeLogger(backend: backend)
    logger.post(event)  // the launch's first log, before the steady state is measured
    await logger.flush()
    let count = Int(rate * seconds)
    let switchesBefore = voluntarySwitches()
    let bytesBefore = bytesWritten()
    phaseMarker()
    let start = Date()
    for index in 0..<count {
        logger.post(event)
        let next = start.addingTimeInterval(Double(index + 1) / rate)
        usleep(UInt32(max(0, next.timeIntervalSinceNow) * 1_000_000))
    }
    phaseMarker()
    let wakeups = voluntarySwitches() - switchesBefore - count
    let bytes = bytesWritten() - bytesBefore
    await logger.shutdown()
    print("logs=\(count)")
    print("wakeups=\(wakeups)")
    print("bytes_written=\(bytes)")
    print("backend_accepted=\(backend.accepted)")
} else if backlog > 0 {
    // A backlog: logs the backend has not had (consent pending keeps them unsent), and the disk
    // they take once written and synced.
    let logger = try makeLogger(backend: AcceptingBackend(), consent: .pending)
    for _ in 0..<backlog { logger.post(event) }
    await logger.shutdown()
    print("logs=\(backlog)")
    print("disk_bytes=\(diskBytes(store))")
} else {
    FileHandle.standardError.write(
        Data("usage: device-bench --store DIR [--two-stores] (--baseline | --launch [--no-log] | --rate N --seconds S | --backlog N)\n".utf8))
    exit(64)
}
