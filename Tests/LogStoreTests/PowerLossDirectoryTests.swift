import Foundation
import LogCore
import LogStoreTestSupport
import Testing
import TestSupport
@testable import LogStore

/// Issue 26, a launch's syncs: the directory a store makes for itself is not synced into its
/// parent when it is made, but by the store's first segment, before it is named (the parents it
/// makes on the way are synced at once: another store may be made in them). A launch that logs
/// nothing syncs no store directory's entry, and its empty store may vanish in a power loss; a
/// record reported durable (`sync()` returned, `onDurable`) never goes with its directory.
@Suite struct PowerLossDirectoryTests {
    private static let directory = "/app/data/logs"

    private static func configuration(_ fileSystem: PowerLossFileSystem, onDurable: (@Sendable (UInt64) -> Void)? = nil) -> LogStoreConfiguration {
        var configuration = TemporaryStore.configuration(onDurable: onDurable)
        configuration.fileSystem = fileSystem
        return configuration
    }

    private static func syncs(_ operations: some Sequence<PowerLossFileSystem.Operation>) -> [PowerLossFileSystem.Operation] {
        operations.filter {
            switch $0 {
            case .sync, .syncDirectory: true
            default: false
            }
        }
    }

    @Test func aStoreThatLogsNothingSyncsOnlyTheParentsItMakesAndMayVanishHarmlessly() throws {
        var vanished = 0
        var survived = 0
        for seed in UInt64(0)..<64 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            try LogStoreWriter(directory: Self.directory, configuration: Self.configuration(fileSystem)).close()
            // `app` and `data` in their parents; `logs`, the store's own, waits for a segment.
            #expect(Self.syncs(fileSystem.operationLog) == [.syncDirectory("/"), .syncDirectory("/app")], "seed \(seed)")
            // The next launch, in the same boot, makes none.
            let made = fileSystem.operations
            try LogStoreWriter(directory: Self.directory, configuration: Self.configuration(fileSystem)).close()
            #expect(Self.syncs(fileSystem.operationLog[made...]) == [], "seed \(seed)")
            let image = fileSystem.image(seed: seed)
            #expect((try? image.kind(of: "/app/data")) == .some(.directory))
            if (try? image.kind(of: Self.directory)) == .some(.directory) { survived += 1 } else { vanished += 1 }
            // Either way the store opens (made again if it went) and takes records.
            let next = try LogStoreWriter(directory: Self.directory, configuration: Self.configuration(image))
            try next.append(sampleEntry(1))
            #expect(try next.sync() == 1)
            #expect(try next.read(after: 0, limit: 10).map(\.entry) == [sampleEntry(1)])
        }
        #expect(vanished > 0 && survived > 0, "vanished \(vanished), survived \(survived)")
    }

    @Test func theFirstSegmentSyncsTheStoresEntryOnceBeforeItIsNamed() throws {
        let fileSystem = PowerLossFileSystem(seed: 1)
        try fileSystem.makeDirectory("/app")  // there already: its entry is not the store's to sync
        try LogStoreWriter(directory: Self.directory, configuration: Self.configuration(fileSystem)).close()
        let made = fileSystem.operations
        let writer = try LogStoreWriter(directory: Self.directory, configuration: Self.configuration(fileSystem))
        try writer.append(sampleEntry(1))
        #expect(try writer.sync() == 1)
        let log = Array(fileSystem.operationLog[made...])
        // `logs` in `/app/data`: one sync, before the segment has its name; `data`, a parent the
        // first writer made, was synced into `/app` then.
        let entries = log.indices.filter { log[$0] == .syncDirectory("/app/data") }
        let named = log.firstIndex { if case .rename(_, let destination) = $0 { destination.hasSuffix(".log") } else { false } }
        #expect(entries.count == 1 && named != nil && entries.allSatisfy { $0 < named! }, "\(log)")
        #expect(!log.contains(.syncDirectory("/")) && !log.contains(.syncDirectory("/app")), "\(log)")
        // Once synced, never again: a later writer's segment syncs only the store's directory.
        try writer.close()
        let after = fileSystem.operations
        let later = try LogStoreWriter(directory: Self.directory, configuration: Self.configuration(fileSystem))
        try later.append(sampleEntry(2))
        try later.sync()
        let laterLog = fileSystem.operationLog[after...]
        #expect(!laterLog.contains(.syncDirectory("/app/data")), "\(laterLog)")
    }

    /// What came before the writer that logs.
    enum Prelude: CaseIterable, Sendable {
        /// Nothing: the writer makes the directories.
        case none
        /// A launch that made the directories and logged nothing (its record in `LOCK` says so).
        case quietLaunch
        /// Directories made by a writer that stopped before it wrote `LOCK` (its parents synced
        /// as it made them, its own directory not): not known synced.
        case unrecordedDirectories
        /// Another store, which never logs, made the parents (`/app/data/other`).
        case siblingStoreMadeTheParents
        /// A store, which never logs, in the directory above (`/app/data`): its own entry waits.
        case enclosingStore
    }

    /// Power lost before every mutating call (with 8 fates each): what `sync()` returned or
    /// `onDurable` reported is in the store the machine comes back to.
    @Test(arguments: Prelude.allCases)
    func aRecordReportedDurableSurvivesWithItsDirectories(prelude: Prelude) throws {
        let operations = try #require(Self.run(prelude, crashAt: nil, seed: 0).operations)
        var checked = 0
        for crashAt in [nil] + (0..<operations).map(Optional.some) {
            for seed in UInt64(0)..<8 {
                let outcome = Self.run(prelude, crashAt: crashAt, seed: seed)
                #expect(outcome.problems == [], "\(prelude), power lost at \(crashAt.map(String.init) ?? "the end"), seed \(seed)")
                checked += outcome.checked
            }
        }
        #expect(checked > operations * 4, "records reported durable and checked: \(checked)")
    }

    private static func syncDirectory(_ path: String, in fileSystem: PowerLossFileSystem) throws {
        let descriptor = try fileSystem.open(path, .directory)
        defer { fileSystem.close(descriptor) }
        try fileSystem.sync(descriptor, method: .full)
    }

    private static func run(_ prelude: Prelude, crashAt: Int?, seed: UInt64) -> (operations: Int?, checked: Int, problems: [String]) {
        let fileSystem = PowerLossFileSystem(seed: seed)
        fileSystem.powerFailsAt = crashAt
        let reported = Locked<UInt64>(0)
        let configuration = Self.configuration(fileSystem) { sequence in reported.withLock { $0 = max($0, sequence) } }
        var problems: [String] = []
        do {
            switch prelude {
            case .none: break
            case .quietLaunch: try LogStoreWriter(directory: directory, configuration: configuration).close()
            case .unrecordedDirectories:
                for (path, parent) in [("/app", "/"), ("/app/data", "/app")] {
                    try fileSystem.makeDirectory(path)
                    try Self.syncDirectory(parent, in: fileSystem)
                }
                try fileSystem.makeDirectory(directory)
            case .siblingStoreMadeTheParents:
                try LogStoreWriter(directory: "/app/data/other", configuration: configuration).close()
            case .enclosingStore:
                try LogStoreWriter(directory: "/app/data", configuration: configuration).close()
            }
            let writer = try LogStoreWriter(directory: directory, configuration: configuration)
            for index in 1...3 {
                try writer.append(sampleEntry(index))
                let durable = try writer.sync()
                reported.withLock { $0 = max($0, durable) }
            }
            try writer.close()
        } catch {
            if !fileSystem.hasLostPower { problems.append("failed without a power loss: \(error)") }
        }
        let operations = fileSystem.operations
        let durable = Int(reported.withLock { $0 })
        let image = fileSystem.image(seed: seed &+ 1_000)
        guard durable > 0 else { return (operations, 0, problems) }
        do {
            let records = try LogStoreReader(directory: directory, fileSystem: image).read(after: 0, limit: 10)
            if records.prefix(durable).map(\.entry) != (1...durable).map({ sampleEntry($0) }) {
                problems.append("records through \(durable) were reported durable; the store holds \(records.map(\.sequence))")
            }
        } catch {
            problems.append("records through \(durable) were reported durable; the store: \(error)")
        }
        return (operations, durable, problems)
    }
}
