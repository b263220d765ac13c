import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import LogStore

/// Real write failures: a file-size limit (`ulimit -f`: short writes, then EFBIG) and a full
/// file system (a 1 MiB tmpfs, when this process may mount one).
@Suite struct DiskFullTests {
    @Test func fileSizeLimitGivesAClearErrorAndNoCorruption() throws {
        let tool = try StressTool()
        let store = TemporaryStore()
        defer { store.remove() }
        // 64 blocks of 512 bytes (dash) or 1 KiB (bash): the first segment hits it quickly.
        let limited = try tool.run(
            [
                "write", "--store", store.path, "--count", "20000", "--sync-every", "10",
                "--payload-bytes", "100", "--segment-bytes", "1048576",
            ], fileSizeLimitBlocks: 64)
        #expect(limited.status == 1, "\(limited)")
        #expect(limited.standardError.contains("File too large"), "\(limited.standardError)")
        #expect(limited.standardError.split(separator: "\n").count == 1, "one line: \(limited.standardError)")
        let durable = StressTool.lastDurable(limited.standardOutput)
        #expect(durable > 0)

        let (report, verify) = try tool.verify(store.path)
        #expect(verify.status == 0, "\(verify)")
        #expect(report.corruptSkipped == 0 && report.payloadMismatches == 0 && report.tornTailBytes == 0, "\(verify)")
        #expect((report.lastSeq ?? 0) >= durable)

        // Space returns: the same store takes writes again.
        let again = try tool.run(["write", "--store", store.path, "--count", "500", "--sync-every", "100"])
        #expect(again.status == 0, "\(again)")
        let (after, _) = try tool.verify(store.path)
        #expect(after.records == report.records + 500 && after.corruptSkipped == 0 && after.payloadMismatches == 0)
    }

    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a small tmpfs needs root; the ulimit test covers write errors"))
    func fullFileSystemGivesAClearErrorAndRecovers() throws {
        let small = try #require(SmallFileSystem.mount(bytes: 1 << 20), "cannot mount a tmpfs here")
        defer { small.unmount() }
        let store = small.path + "/store"
        let filler = small.path + "/padding"
        #expect(FileManager.default.createFile(atPath: filler, contents: Data(count: 256 << 10)))
        let writer = try LogStoreWriter(directory: store, configuration: TemporaryStore.configuration(segmentBytes: 64 << 10))
        var appended = 0
        var failure: LogStoreError?
        var durable: UInt64 = 0
        while failure == nil && appended < 100_000 {
            do {
                try writer.append(contentsOf: (0..<50).map { sampleEntry(appended + $0, payloadBytes: 200) })
                durable = try writer.sync()
                appended += 50
            } catch {
                failure = error
            }
        }
        let error = try #require(failure)
        #expect(error.description.contains("No space left on device"), "\(error)")
        let verification = try LogStoreReader(directory: store).verify()
        #expect(verification.isIntact, "\(verification)")
        #expect((verification.lastSequence ?? 0) >= durable)
        // Space returns: the same writer takes writes again, and acknowledging frees more.
        try FileManager.default.removeItem(atPath: filler)
        try writer.append(contentsOf: (0..<50).map { sampleEntry($0) })
        #expect(try writer.sync() > durable)
        try writer.acknowledge(cursor: "http", through: durable)
        try writer.close()
        #expect(try LogStoreReader(directory: store).verify().isIntact)
    }
}
