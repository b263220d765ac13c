import CommandLineSupport
import Foundation
import LogStore

/// What `logstore-stress verify` prints.
struct StressReport: Codable {
    var records: Int
    var firstSeq: UInt64?
    var lastSeq: UInt64?
    var corruptSkipped: Int
    var tornTailBytes: Int
    var payloadMismatches: Int
    var sequenceRegressions: Int
}

/// `logstore-stress verify`: reads everything, checks every payload, prints one JSON line.
func stressVerify(store: String) throws -> Int32 {
    let reader = try LogStoreReader(directory: store)
    let verification = try reader.verify()
    var mismatches = 0
    var regressions = 0
    var after: UInt64 = 0
    var seen = 0
    while true {
        let chunk = try reader.read(after: after, limit: 4096)
        guard let last = chunk.last else { break }
        for record in chunk {
            if !StressPayload.isValid(record.payload, sequence: record.sequence) { mismatches += 1 }
            if record.sequence <= after { regressions += 1 }
            after = record.sequence
        }
        seen += chunk.count
        after = last.sequence
    }
    let report = StressReport(
        records: seen, firstSeq: verification.firstSequence, lastSeq: verification.lastSequence,
        corruptSkipped: verification.corruptSkipped, tornTailBytes: verification.tornTailBytes,
        payloadMismatches: mismatches, sequenceRegressions: regressions + verification.sequenceRegressions)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    writeToStandardOutput(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
    return mismatches == 0 && report.sequenceRegressions == 0 && seen == verification.records ? 0 : 1
}
