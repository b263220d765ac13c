import Foundation
import LogStore
import Testing
import TestSupport

/// SIGKILL `recipe-demo --print-durable` at random moments, over and over, on one store:
/// every log up to the last `durable` line of a run is in the store, exactly once and intact.
@Suite(.serialized) struct CrashLoopTests {
    static let iterations = 100
    static let seed = "11"

    @Test func killedRunsNeverLoseADurableLog() throws {
        let executable = try ProcessRunner.builtExecutable("recipe-demo")
        let root = TemporaryDirectory("crash-loop")
        defer { root.remove() }
        let store = root.appending("store")
        let reference = root.appending("reference")

        // The reference: the same seed, run to the end. Its logs are what every killed run
        // must have stored, in order, up to its last `durable` line.
        let referenceRun = try run(executable, ["--events", "6000", "--seed", Self.seed, "--store", reference])
        #expect(referenceRun.status == 0, "\(referenceRun.output)")
        let expected = try LogStoreReader(directory: reference).read(after: 0, limit: 10_000).map { ($0.tag, $0.payload) }
        try #require(expected.count == 6_000)
        // Same salt, so that hashed personal data is byte for byte the same.
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(
            atPath: (reference as NSString).appendingPathComponent("pii-salt"),
            toPath: (store as NSString).appendingPathComponent("pii-salt"))

        var seenUUIDs = Set<UUID>()
        var random = SystemRandomNumberGenerator()
        var killedWithDurable = 0
        for iteration in 0..<Self.iterations {
            let before = try LogStoreReader(directory: store).stats().sequenceRange?.upperBound ?? 0
            // Half the kills at any moment (start-up included), half while logs are being made
            // durable (a random time after the first `durable` line).
            let kill: Kill =
                iteration % 2 == 0
                ? .after(Double.random(in: 0.005...0.2, using: &random))
                : .afterFirstDurable(Double.random(in: 0...0.15, using: &random))
            let outcome = try run(executable, ["--events", "1000000", "--seed", Self.seed, "--store", store, "--print-durable"], kill: kill)
            let durable = outcome.output.split(separator: "\n").last { $0.hasPrefix("durable ") }.flatMap { Int($0.dropFirst(8)) } ?? 0
            if durable > 0 { killedWithDurable += 1 }

            // This run's records: everything after what the store held before it started.
            let records = try LogStoreReader(directory: store).read(after: before, limit: 2_000_000)
            #expect(records.count >= durable, "iteration \(iteration): \(records.count) records, last durable line \(durable)")
            for (index, record) in records.prefix(min(durable, expected.count)).enumerated() {
                if record.tag != expected[index].0 || record.payload != expected[index].1 {
                    Issue.record("iteration \(iteration): record \(index + 1) of the run is not the run's log \(index + 1) (\(record.tag))")
                    break
                }
            }
            for record in records where !seenUUIDs.insert(record.uuid).inserted {
                Issue.record("iteration \(iteration): log \(record.uuid) is in the store twice")
            }
            if iteration % 25 == 24 {
                let verification = try LogStoreReader(directory: store).verify()
                #expect(
                    verification.corruptSkipped == 0 && verification.damagedHeaders == 0 && verification.sequenceRegressions == 0,
                    "iteration \(iteration): \(verification)")
            }
        }
        // The kills landed while logs were being made durable, not only before or after.
        #expect(killedWithDurable >= Self.iterations / 2)

        // The store still takes writes after all that: a clean run completes and sends.
        let final = try run(executable, ["--events", "500", "--seed", "3", "--store", store])
        #expect(final.status == 0 && final.output.contains("posted 500 logs"), "\(final.output)")
        let verification = try LogStoreReader(directory: store).verify()
        #expect(verification.corruptSkipped == 0 && verification.sequenceRegressions == 0, "\(verification)")
    }

    private struct Outcome {
        var status: Int32
        var output: String
    }

    private enum Kill {
        /// SIGKILL this many seconds after the start.
        case after(Double)
        /// SIGKILL this many seconds after the first `durable` line.
        case afterFirstDurable(Double)
    }

    /// Runs the executable to its end, or kills it as told.
    private func run(_ executable: String, _ arguments: [String], kill killing: Kill? = nil) throws -> Outcome {
        let process = try ProcessRunner.start(executable, arguments)
        switch killing {
        case .after(let seconds)?:
            usleep(UInt32(seconds * 1_000_000))
            process.kill()
        case .afterFirstDurable(let seconds)?:
            process.waitForOutput(containing: "durable ", within: 20)
            usleep(UInt32(seconds * 1_000_000))
            process.kill()
        case nil:
            break
        }
        let result = process.wait()
        return Outcome(status: result.status, output: result.standardOutput)
    }
}
