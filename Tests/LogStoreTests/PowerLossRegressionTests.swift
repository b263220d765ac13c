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
        for seed in UInt64(0) ..< 64 {
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
        for seed in UInt64(0) ..< 40 {
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
