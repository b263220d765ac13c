// energy-bench: what logging costs a phone's battery, counted rather than timed. An app posts
// generated events as README sets it up — a BufferedOutput (to a backend that accepts at once)
// that keeps its logs in a LocalStoreOutput's store, the history — with the runtime's default
// settings, in one of three phases:
//
//   energy-bench --store DIR --rate 100 --seconds 10     100 logs/s for 10 s
//   energy-bench --store DIR --rate 1 --seconds 20       1 log/s for 20 s
//   energy-bench --store DIR --idle 20                   a few logs, a flush, then 20 s of nothing
//
// It calls getppid() once when the phase starts and once when it ends: `make bench-energy`
// runs it under `strace -f` and counts the syncs between the two markers. Without strace it
// prints what the process itself counts over the phase: voluntary context switches of all its
// threads (getrusage), less the driver's own sleeps (one per log, one for an idle phase), and
// the bytes it passed to write(2) (/proc/self/io `wchar`). Linux only (the figures are Linux's).

import BenchmarkBackend
import BenchmarkSupport
import BehaviorLog
import Foundation
import LogStore
import RecipeDemo
import RecipeLogs

#if canImport(Glibc)
import Glibc
#endif

let store = argument("store") ?? "bench-out/energy"
let rate = Double(argument("rate") ?? "0")!
let seconds = Double(argument("seconds") ?? "0")!
let idle = Double(argument("idle") ?? "0")!
try? FileManager.default.removeItem(atPath: store)

let backend = AcceptingBackend()
let history = try LocalStoreOutput(directory: URL(fileURLWithPath: store).appending(path: "history"))
let outbox = try BufferedOutput(history: history, backend: backend)
let common = CommonPayload(
    userId: 1234, deviceId: "6F9619FF-8B86-D011-B42D-00C04FC964FF", appVersion: "3.12.0", osVersion: "iOS 18.1", deviceKind: .phone, network: .wifi)
let commonPayload = ConstraintViolation.withHandler({ _ in }) { common.payload }
let logger = BehaviorLogger(
    configuration: try LoggerConfiguration(
        filters: [FilterSetting(CommonPayloadFilter(personalDataFields: CommonPayload.personalDataFields) { commonPayload })],
        outputs: [OutputSetting(outbox)]))
var simulator = SessionSimulator(seed: 1)

if idle > 0 {
    // An app that logged a little and then sits in the foreground doing nothing.
    ConstraintViolation.withHandler({ _ in }) { for _ in 0..<5 { logger.post(simulator.nextEvent()) } }
    await logger.flush()
    try await Task.sleep(for: .milliseconds(200))
} else if rate > 0 {
    // The steady state: the stores are open (on their own threads, issue 26) and hold their
    // first segment and cursor before the phase begins, so that what a launch and a first log
    // cost once is not counted per log of the phase.
    for _ in 0..<2 {
        ConstraintViolation.withHandler({ _ in }) { logger.post(simulator.nextEvent()) }
        await logger.flush()
        try await Task.sleep(for: .milliseconds(600))  // past the cursor's 0.5 s: its file is written
    }
}

let count = idle > 0 ? 0 : Int(rate * seconds)
let interval = rate > 0 ? 1 / rate : 0
let switchesBefore = voluntarySwitches()
let bytesBefore = bytesWritten()
phaseMarker()  // the phase starts (a marker for strace)
if idle > 0 {
    usleep(UInt32(idle * 1_000_000))
} else {
    let start = Date()
    ConstraintViolation.withHandler({ _ in }) {
        for index in 0..<count {
            logger.post(simulator.nextEvent())
            let next = start.addingTimeInterval(Double(index + 1) * interval)
            usleep(UInt32(max(0, next.timeIntervalSinceNow) * 1_000_000))
        }
    }
}
phaseMarker()  // the phase ends
let switches = voluntarySwitches() - switchesBefore
let bytes = bytesWritten() - bytesBefore
// The driver's own sleeps: one per log, or the one idle sleep.
let driverSleeps = idle > 0 ? 1 : count
await logger.shutdown()

print("logs=\(count)")
print("voluntary_switches=\(switches)")
print("driver_sleeps=\(driverSleeps)")
print("wakeups=\(switches - driverSleeps)")
print("wakeups_per_log=\(count > 0 ? String(format: "%.2f", Double(switches - driverSleeps) / Double(count)) : "-")")
print("bytes_written=\(bytes)")
print("bytes_per_log=\(count > 0 ? String(bytes / count) : "-")")
print("backend_accepted=\(backend.accepted)")
try? FileManager.default.removeItem(atPath: store)
