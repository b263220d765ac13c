import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LogStore

/// Kills a writer process with SIGKILL at random moments, 200 times, and checks the store
/// after each: nothing durable lost, nothing corrupt returned, sequences never backwards, and
/// the next writer (the next iteration) opens and appends.
@Suite struct CrashLoopTests {
    @Test func killedWriterNeverLosesDurableRecords() throws {
        let tool = try StressTool()
        var generator = SystemRandomNumberGenerator()
        var store = TemporaryStore("crash0")
        var previousLast: UInt64 = 0
        var killedWhileWriting = 0
        for iteration in 0..<200 {
            if iteration % 25 == 0 {
                store.remove()
                store = TemporaryStore("crash\(iteration)")
                previousLast = 0
            }
            let running = try tool.start([
                "write", "--store", store.path, "--count", "600", "--sync-every", "16",
                "--payload-bytes", "64", "--segment-bytes", "8192",
            ])
            // Odd iterations kill at a blind moment (some before the store exists); even ones
            // wait for the first `durable` line, so that on a loaded machine (or under ASan,
            // where start-up is slow) enough kills still land while records are being written.
            if iteration % 2 == 0 {
                running.waitForOutput(containing: "durable ")
                usleep(UInt32.random(in: 0...20_000, using: &generator))
            } else {
                usleep(UInt32.random(in: 0...60_000, using: &generator))
            }
            running.kill()
            let output = running.wait()
            let durable = StressTool.lastDurable(output.standardOutput)
            if output.status != 0 && durable > 0 { killedWhileWriting += 1 }
            // Killed before the writer created the store: nothing to check this time.
            guard FileManager.default.fileExists(atPath: store.path) else { continue }

            let reader = try LogStoreReader(directory: store.path)
            let verification = try reader.verify()
            let context = "iteration \(iteration): durable \(durable), \(verification)"
            #expect(verification.corruptSkipped == 0, "\(context)")
            #expect(verification.sequenceRegressions == 0, "\(context)")
            let last = verification.lastSequence ?? 0
            #expect(last >= durable, "durable records lost: \(context)")
            #expect(last >= previousLast, "sequence went backwards: \(context)")
            if let first = verification.firstSequence {
                #expect(first == 1 && UInt64(verification.records) == last - first + 1, "gap: \(context)")
            }
            // Every record comes back, in order, under its own sequence number.
            let records = try readAll(store.path, chunk: 500)
            #expect(records.count == verification.records, "\(context)")
            for (index, record) in records.enumerated()
            where record.sequence != UInt64(index + 1)
                || record.payload.prefix(8) != withUnsafeBytes(of: record.sequence.littleEndian, Array.init).prefix(8)
            {
                Issue.record("record \(index) is wrong: sequence \(record.sequence), \(context)")
                break
            }
            previousLast = last
            if iteration % 20 == 19 {
                let (report, cli) = try tool.verify(store.path)
                #expect(cli.status == 0 && report.payloadMismatches == 0 && report.records == verification.records, "\(cli)")
            }
        }
        // The store accepts writes again after the last kill.
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        #expect(try writer.append(sampleEntry(1)) == previousLast + 1)
        try writer.close()
        store.remove()
        #expect(killedWhileWriting >= 20, "too few kills landed while writing (\(killedWhileWriting)); the loop tests little")
    }
}

/// `logstore-stress verify` prints every key of its JSON line, even for a store that a kill
/// left without a record (the crash loop reads `firstSeq`/`lastSeq` from it).
@Suite struct StressVerifyOutputTests {
    @Test func emptyStorePrintsNullSequences() throws {
        let tool = try StressTool()
        let store = TemporaryStore("empty-verify")
        defer { store.remove() }
        try LogStoreWriter(directory: store.path).close()
        let (report, output) = try tool.verify(store.path)
        #expect(output.status == 0)
        #expect(report.records == 0)
        #expect(report.lastSeq == nil)
        #expect(output.standardOutput.contains(#""firstSeq":null"#), "\(output.standardOutput)")
    }
}
