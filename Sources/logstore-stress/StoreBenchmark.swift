import CommandLineSupport
import Foundation
import LogCore
import LogStore

private func seconds() -> Double {
    Double(System.monotonicNanoseconds()) / 1e9
}

/// `logstore-stress bench`: the figures `make bench-store` puts beside its floors, as
/// `key=value` lines.
func storeBenchmark(store: String, count: Int, payloadBytes: Int, syncEvery: Int, probe: Int) throws -> Int32 {
    let emptyStore = store + "-empty"
    for path in [store, emptyStore] where FileManager.default.fileExists(atPath: path) {
        throw CommandFailure("\(path) already exists; the benchmark writes new stores at --store DIR and DIR-empty, give it a path that does not exist")
    }
    let configuration = try LogStoreConfiguration(
        segmentBytes: 64 << 20, syncEveryRecords: syncEvery, syncIntervalMilliseconds: 60_000,
        maximumTotalBytes: nil, maximumAgeSeconds: nil)
    let writer = try LogStoreWriter(directory: store, configuration: configuration)
    try writer.acknowledge(cursor: "bench", through: 0)  // everything stays pending
    let payload = [UInt8](repeating: 0x78, count: payloadBytes)
    let uuid = UUID()
    let timestamp = LogTimestamp.now()

    func appendRun(_ records: Int) throws -> Double {
        let start = seconds()
        try payload.withUnsafeBytes { raw in
            for _ in 0 ..< records {
                try writer.append(tag: "bench.append", timestamp: timestamp, uuid: uuid, payload: raw)
            }
        }
        try writer.sync()
        return seconds() - start
    }

    let appendSeconds = try appendRun(count)
    let pendingBefore = try writer.pendingCount(cursor: "bench")
    let probeWithBacklog = try appendRun(probe)
    try writer.close()

    let fresh = try LogStoreWriter(directory: emptyStore, configuration: configuration)
    try fresh.acknowledge(cursor: "bench", through: 0)
    let probeStart = seconds()
    try payload.withUnsafeBytes { raw in
        for _ in 0 ..< probe { try fresh.append(tag: "bench.append", timestamp: timestamp, uuid: uuid, payload: raw) }
    }
    try fresh.sync()
    let probeEmpty = seconds() - probeStart
    try fresh.close()
    try? FileManager.default.removeItem(atPath: emptyStore)

    let reader = try LogStoreReader(directory: store)
    let scanStart = seconds()
    let verification = try reader.verify()
    let scanSeconds = seconds() - scanStart
    guard verification.records == count + probe, verification.isIntact else {
        throw CommandFailure("benchmark store failed verification: \(verification)")
    }
    writeToStandardOutput("""
        append_records=\(count)
        append_seconds=\(String(format: "%.3f", appendSeconds))
        append_records_per_second=\(Int(Double(count) / appendSeconds))
        append_megabytes_per_second=\(Int(Double(verification.recordBytes) * Double(count) / Double(count + probe) / appendSeconds / 1e6))
        scan_bytes=\(verification.bytes)
        scan_seconds=\(String(format: "%.3f", scanSeconds))
        scan_megabytes_per_second=\(Int(Double(verification.bytes) / scanSeconds / 1e6))
        probe_records=\(probe)
        probe_pending_before=\(pendingBefore)
        probe_ns_per_append_empty=\(Int(probeEmpty / Double(probe) * 1e9))
        probe_ns_per_append_backlog=\(Int(probeWithBacklog / Double(probe) * 1e9))

        """)
    return 0
}
