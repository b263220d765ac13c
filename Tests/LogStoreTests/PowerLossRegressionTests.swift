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
    }
}
