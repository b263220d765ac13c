import Foundation
import LogCore
import LogStoreTestSupport
import Testing
@testable import LogStore

/// The file system that loses power, on its own.
@Suite struct PowerLossFileSystemTests {
    private func write(_ fileSystem: PowerLossFileSystem, _ path: String, _ bytes: [UInt8], sync: Bool) throws {
        let descriptor = try fileSystem.open(path, .appendingNew)
        defer { fileSystem.close(descriptor) }
        try bytes.withUnsafeBytes { try fileSystem.writeAll(descriptor, $0) }
        if sync { try fileSystem.sync(descriptor, method: .full) }
    }

    private func syncDirectory(_ fileSystem: PowerLossFileSystem, _ path: String) throws {
        let descriptor = try fileSystem.open(path, .directory)
        defer { fileSystem.close(descriptor) }
        try fileSystem.sync(descriptor, method: .full)
    }

    @Test func whatWasSyncedSurvivesEveryPowerLoss() throws {
        for seed in UInt64(0)..<200 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            try fileSystem.makeDirectory("/d")
            try syncDirectory(fileSystem, "/")
            let descriptor = try fileSystem.open("/d/a", .appendingNew)
            try Array(repeating: UInt8(1), count: 1000).withUnsafeBytes { try fileSystem.writeAll(descriptor, $0) }
            try fileSystem.sync(descriptor, method: .full)
            try syncDirectory(fileSystem, "/d")
            try Array(repeating: UInt8(2), count: 1500).withUnsafeBytes { try fileSystem.writeAll(descriptor, $0) }
            let image = fileSystem.image(seed: 1)
            let bytes = try #require(image.contents(of: "/d/a"))
            #expect(bytes.count >= 1000 && bytes.prefix(1000).allSatisfy { $0 == 1 }, "seed \(seed)")
        }
    }

    @Test func unsyncedWritesAreKeptDroppedZeroedOrTornAtSectors() throws {
        var outcomes = Set<String>()
        for seed in UInt64(0)..<300 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            let descriptor = try fileSystem.open("/f", .appendingNew)
            try syncDirectory(fileSystem, "/")
            try Array(repeating: UInt8(7), count: 100).withUnsafeBytes { try fileSystem.writeAll(descriptor, $0) }
            try fileSystem.sync(descriptor, method: .full)
            try Array(repeating: UInt8(9), count: 2000).withUnsafeBytes { try fileSystem.writeAll(descriptor, $0) }
            let bytes = try #require(fileSystem.image(seed: 0).contents(of: "/f"))
            #expect(bytes.prefix(100).allSatisfy { $0 == 7 })
            // Each 512-byte sector of the unsynced write is all new bytes or not written.
            for start in stride(from: 100, to: bytes.count, by: 512) {
                let sector = bytes[start..<min(bytes.count, (start / 512 + 1) * 512)]
                #expect(sector.allSatisfy { $0 == 9 } || sector.allSatisfy { $0 == 0 }, "seed \(seed), sector at \(start)")
            }
            let tail = bytes.dropFirst(100)
            outcomes.insert(
                tail.isEmpty ? "dropped" : tail.count == 2000 && tail.allSatisfy { $0 == 9 } ? "kept" : tail.allSatisfy { $0 == 0 } ? "zeroed" : "torn")
        }
        #expect(outcomes == ["dropped", "kept", "zeroed", "torn"])
    }

    @Test func directoryChangesWithoutADirectorySyncMayNotHaveHappened() throws {
        var seen = Set<[String]>()
        for seed in UInt64(0)..<100 {
            let fileSystem = PowerLossFileSystem(seed: seed)
            try write(fileSystem, "/old", [1], sync: true)
            try write(fileSystem, "/gone", [2], sync: true)
            try syncDirectory(fileSystem, "/")
            try write(fileSystem, "/new.tmp", [3], sync: true)
            try fileSystem.rename("/new.tmp", to: "/old")
            try fileSystem.unlink("/gone")
            let image = fileSystem.image(seed: 0)
            let names = image.names(in: "/")
            seen.insert(names)
            // A rename is atomic: /old is the old file or the new one, never missing.
            #expect(image.contents(of: "/old") == [1] || image.contents(of: "/old") == [3])
        }
        #expect(seen.count > 3)
        // After a directory sync, they all happened.
        let fileSystem = PowerLossFileSystem(seed: 5)
        try write(fileSystem, "/a", [1], sync: true)
        try fileSystem.rename("/a", to: "/b")
        try syncDirectory(fileSystem, "/")
        #expect(fileSystem.image(seed: 0).names(in: "/") == ["b"])
    }

    @Test func powerFailsBeforeTheChosenCall() throws {
        let fileSystem = PowerLossFileSystem(seed: 1)
        fileSystem.powerFailsAt = 2
        let descriptor = try fileSystem.open("/f", .appendingNew)  // call 0
        try [UInt8(1)].withUnsafeBytes { try fileSystem.writeAll(descriptor, $0) }  // call 1
        #expect(throws: System.Failure.ioError) { try fileSystem.sync(descriptor, method: .full) }
        #expect(throws: System.Failure.ioError) { _ = try fileSystem.size(descriptor) }
        #expect(fileSystem.hasLostPower && fileSystem.operations == 2)
    }
}
