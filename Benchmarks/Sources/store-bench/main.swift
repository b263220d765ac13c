// store-bench: the figures `make bench-store` puts beside its floors (append_floor.c,
// scan_floor.c), as `key=value` lines: group-committed appends, a verify scan, and the cost of
// an append with 0 and with `--count` records pending. Wall and CPU time: on a shared machine
// the CPU time (user + system, the whole process) is the figure another load moves least.
//
//   store-bench --store DIR [--count 1000000] [--payload-bytes 200] [--sync-every 1000] [--probe 100000]
//
// It writes new stores at DIR and DIR-empty (and removes DIR-empty); both must not exist.

import BenchmarkSupport
import Foundation
import LogStore

#if canImport(Glibc)
import Glibc
#endif

private func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The process's CPU time so far, user and system, in seconds.
private func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A positive whole-number option, or `value` when it is absent; exits 64 on anything else.
func positive(_ name: String, default value: Int) -> Int {
    guard let text = argument(name) else { return value }
    guard let number = Int(text), number > 0 else { fail("--\(name) must be a positive number, not '\(text)'", status: 64) }
    return number
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("store-bench: error: \(message)\n".utf8))
    exit(status)
}

guard let store = argument("store") else {
    fail("--store DIR is required (usage: store-bench --store DIR [--count N] [--payload-bytes B] [--sync-every K] [--probe N])", status: 64)
}
do {
    try storeBenchmark(
        store: store, count: positive("count", default: 1_000_000), payloadBytes: positive("payload-bytes", default: 200),
        syncEvery: positive("sync-every", default: 1000), probe: positive("probe", default: 100_000))
} catch {
    fail("\(error)")
}

/// Appends, scans and probes; prints the figures.
func storeBenchmark(store: String, count: Int, payloadBytes: Int, syncEvery: Int, probe: Int) throws {
    let emptyStore = store + "-empty"
    for path in [store, emptyStore] where FileManager.default.fileExists(atPath: path) {
        fail("\(path) already exists; the benchmark writes new stores at --store DIR and DIR-empty, give it a path that does not exist")
    }
    let configuration = try LogStoreConfiguration(
        segmentBytes: 64 << 20, syncEveryRecords: syncEvery, syncInterval: .seconds(60),
        maximumTotalBytes: nil, maximumAge: nil)
    let writer = try LogStoreWriter(directory: URL(fileURLWithPath: store), configuration: configuration)
    try writer.acknowledge(cursor: "bench", through: 0)  // everything stays pending
    let payload = [UInt8](repeating: 0x78, count: payloadBytes)
    let uuid = UUID()
    let timestamp = LogTimestamp.now()

    func appendRun(_ records: Int) throws -> Double {
        let start = seconds()
        try payload.withUnsafeBytes { raw in
            for _ in 0..<records {
                try writer.append(tag: "bench.append", timestamp: timestamp, uuid: uuid, payload: raw)
            }
        }
        try writer.sync()
        return seconds() - start
    }

    let appendCPUStart = cpuSeconds()
    let appendSeconds = try appendRun(count)
    let appendCPUSeconds = cpuSeconds() - appendCPUStart
    let pendingBefore = try writer.pendingCount(cursor: "bench")
    let probeWithBacklog = try appendRun(probe)
    try writer.close()

    let fresh = try LogStoreWriter(directory: URL(fileURLWithPath: emptyStore), configuration: configuration)
    try fresh.acknowledge(cursor: "bench", through: 0)
    let probeStart = seconds()
    try payload.withUnsafeBytes { raw in
        for _ in 0..<probe { try fresh.append(tag: "bench.append", timestamp: timestamp, uuid: uuid, payload: raw) }
    }
    try fresh.sync()
    let probeEmpty = seconds() - probeStart
    try fresh.close()
    try? FileManager.default.removeItem(atPath: emptyStore)

    let reader = try LogStoreReader(directory: URL(fileURLWithPath: store))
    let scanStart = seconds()
    let scanCPUStart = cpuSeconds()
    let verification = try reader.verify()
    let scanCPUSeconds = cpuSeconds() - scanCPUStart
    let scanSeconds = seconds() - scanStart
    guard verification.records == count + probe, verification.isIntact else {
        fail("benchmark store failed verification: \(verification)")
    }
    print(
        """
        append_records=\(count)
        append_seconds=\(String(format: "%.3f", appendSeconds))
        append_cpu_seconds=\(String(format: "%.3f", appendCPUSeconds))
        append_records_per_second=\(Int(Double(count) / appendSeconds))
        append_megabytes_per_second=\(Int(Double(verification.recordBytes) * Double(count) / Double(count + probe) / appendSeconds / 1e6))
        scan_bytes=\(verification.bytes)
        scan_seconds=\(String(format: "%.3f", scanSeconds))
        scan_cpu_seconds=\(String(format: "%.3f", scanCPUSeconds))
        scan_megabytes_per_second=\(Int(Double(verification.bytes) / scanSeconds / 1e6))
        probe_records=\(probe)
        probe_pending_before=\(pendingBefore)
        probe_ns_per_append_empty=\(Int(probeEmpty / Double(probe) * 1e9))
        probe_ns_per_append_backlog=\(Int(probeWithBacklog / Double(probe) * 1e9))
        """)
}
