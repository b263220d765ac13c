import Foundation
import LogStoreTestSupport
import Testing
import TestSupport
@testable import LogStore

/// The store after a power loss, on ``PowerLossFileSystem``: every record reported synced
/// survives, intact, in order and once; nothing unwritten or damaged is handed out; recovery
/// never fails, cuts torn tails, keeps cursors within the store, survives a second power loss,
/// and takes appends afterwards. `make test-power-loss` runs many more scenarios.
@Suite struct PowerLossTests {
    /// 1,024 scenarios in 4 parts that run side by side (64 workloads, 16 crash points each).
    @Test(arguments: 0..<4)
    func seededScenarios(part: Int) async throws {
        let workloads = UInt64(part * 16)..<UInt64(part * 16 + 16)
        let tally = await onOwnThread { PowerLossCampaign.run(PowerLossCampaign.scenarios(workloads: workloads, perWorkload: 16)) }
        print("power loss, part \(part): \(tally)")
        #expect(tally.scenarios == 256)
        #expect(tally.problems.count == 0, "\(tally.problems.prefix(20).joined(separator: "\n"))")
        #expect(tally.syncedRecordsLost == 0 && tally.garbageRecords == 0 && tally.failedRecoveries == 0)
        // The scenarios reach what they are for.
        #expect(tally.syncedRecordsChecked > 3_000)
        #expect(tally.tornTailsCut > 0 && tally.unsyncedRecordsRecovered > 0)
    }
}

/// `make test-power-loss`: power lost before every mutating call of `POWER_LOSS_WORKLOADS`
/// more workloads (other seeds than `make test`'s), each scenario losing power again in
/// recovery most of the time.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["POWER_LOSS_WORKLOADS"] != nil, "runs in make test-power-loss"))
struct PowerLossSoakTests {
    @Test(arguments: 0..<4)
    func everyCrashPoint(part: Int) async throws {
        let workloads = Int(ProcessInfo.processInfo.environment["POWER_LOSS_WORKLOADS"] ?? "") ?? 40
        let mine = UInt64(1_000 + part * workloads / 4)..<UInt64(1_000 + (part + 1) * workloads / 4)
        let clock = ContinuousClock()
        let start = clock.now
        let tally = await onOwnThread { PowerLossCampaign.run(PowerLossCampaign.scenarios(workloads: mine, perWorkload: nil)) }
        print("power loss soak, part \(part) (workloads \(mine)): \(tally) in \(clock.now - start)")
        #expect(tally.problems.count == 0, "\(tally.problems.prefix(20).joined(separator: "\n"))")
        #expect(tally.syncedRecordsLost == 0 && tally.garbageRecords == 0 && tally.failedRecoveries == 0)
    }
}
