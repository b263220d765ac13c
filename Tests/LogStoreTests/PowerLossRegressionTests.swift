import Foundation
import LogStoreTestSupport
import Testing
@testable import LogStore

/// Each bug the scenarios found, as a deterministic scenario of its own.
@Suite struct PowerLossRegressionTests {
    private func configuration(_ fileSystem: PowerLossFileSystem) -> LogStoreConfiguration {
        var configuration = TemporaryStore.configuration()
        configuration.fileSystem = fileSystem
        return configuration
    }

    /// The directory a writer created was never synced into its parent: a power loss could take
    /// the whole store, synced records and all (scenario: the store directory is gone).
    @Test func aNewStoreDirectorySurvivesAPowerLoss() throws {
        for seed in UInt64(0)..<64 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            let writer = try LogStoreWriter(directory: "/app/logs", configuration: configuration(fileSystem))
            try writer.append(sampleEntry(1))
            #expect(try writer.sync() == 1)
            let image = fileSystem.image(seed: seed)
            let reader = try LogStoreReader(directory: "/app/logs", fileSystem: image)
            #expect(try reader.read(after: 0, limit: 10).map(\.entry) == [sampleEntry(1)], "seed \(seed)")
        }
        let scenario = PowerLossScenario(workloadSeed: 45_125_408_074, crashAt: 29, fateSeed: 5_001_523_659_174_958_873, recoveryCrashAt: nil)
        #expect(scenario.run().problems == [])
    }

    /// Recovery cut a torn tail and then forgot it (the summary said 0 bytes): now the segment's
    /// summary, and its index, keep the bytes cut.
    @Test func aTornTailIsCutAndCounted() throws {
        var torn = 0
        for seed in UInt64(0)..<40 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            let writer = try LogStoreWriter(directory: "/logs", configuration: configuration(fileSystem))
            try writer.append(sampleEntry(1))
            try writer.sync()
            try writer.append(sampleEntry(2, payloadBytes: 1500))
            try writer.flush()
            let image = fileSystem.image(seed: seed)
            let before = try LogStoreReader(directory: "/logs", fileSystem: image).segments()
            let recovered = try LogStoreWriter(directory: "/logs", configuration: configuration(image))
            let after = recovered.stats().segments
            #expect(after.first?.tornTailBytes == before.first?.tornTailBytes, "seed \(seed)")
            #expect(try LogStoreReader(directory: "/logs", fileSystem: image).segments().first?.tornTailBytes == before.first?.tornTailBytes)
            #expect(try LogStoreReader(directory: "/logs", fileSystem: image).verify().tornTailBytes == 0)
            if before.first?.tornTailBytes ?? 0 > 0 { torn += 1 }
        }
        #expect(torn > 0)
    }
}

/// The cursor acknowledgements without a sync (`acknowledge(cursor:through:durably: false)`).
@Suite struct PowerLossCursorRegressionTests {
    private func configuration(_ fileSystem: PowerLossFileSystem) -> LogStoreConfiguration {
        var configuration = TemporaryStore.configuration()
        configuration.fileSystem = fileSystem
        return configuration
    }

    /// The cursor was replaced (temporary file, rename) without a sync: the next directory sync
    /// could make the rename durable before the new file's bytes, and after a power loss the
    /// cursor read as damaged, 0: the whole store sent again. Now it is overwritten in place.
    @Test func aCursorWrittenWithoutASyncIsTheOldPositionOrTheNewNeverZero() throws {
        var seen = Set<UInt64>()
        for seed in UInt64(0)..<64 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            let writer = try LogStoreWriter(directory: "/logs", configuration: configuration(fileSystem))
            _ = try writer.append(contentsOf: (1...10).map { sampleEntry($0) })
            try writer.sync()
            try writer.acknowledge(cursor: "sent", through: 5)
            try writer.acknowledge(cursor: "sent", through: 8, durably: false)
            try writer.acknowledge(cursor: "other", through: 1)  // syncs the directory
            let image = fileSystem.image(seed: seed)
            let cursor = try LogStoreWriter(directory: "/logs", configuration: configuration(image)).acknowledgedSequence(cursor: "sent")
            #expect(cursor == 5 || cursor == 8, "seed \(seed)")
            seen.insert(cursor)
        }
        #expect(seen == [5, 8])
    }

    /// A durable acknowledgement of the position an acknowledgement without a sync had just
    /// written returned at once ("not beyond the cursor"), and left the cursor unsynced.
    @Test func aDurableAcknowledgementSyncsAPositionWrittenWithoutASync() throws {
        for seed in UInt64(0)..<64 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            let writer = try LogStoreWriter(directory: "/logs", configuration: configuration(fileSystem))
            _ = try writer.append(contentsOf: (1...10).map { sampleEntry($0) })
            try writer.sync()
            try writer.acknowledge(cursor: "sent", through: 3)
            try writer.acknowledge(cursor: "sent", through: 5, durably: false)
            try writer.acknowledge(cursor: "sent", through: 5)
            let image = fileSystem.image(seed: seed)
            let reopened = try LogStoreWriter(directory: "/logs", configuration: configuration(image))
            #expect(try reopened.acknowledgedSequence(cursor: "sent") == 5, "seed \(seed)")
        }
    }
}
