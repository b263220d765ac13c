import Foundation
import Glibc
import Testing
@testable import LogStore

@Suite struct ConcurrentReaderTests {
    /// A reader follows a writer thread that appends, rotates small segments and restarts
    /// twice; it sees every record exactly once, in order, intact.
    @Test func readerFollowsWritesRotationAndRestarts() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let total = 6000
        let configuration = TemporaryStore.configuration(segmentBytes: 8192)
        _ = try LogStoreWriter(directory: store.path, configuration: configuration)  // creates the store, then released
        let writerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { writerDone.signal() }
            do {
                var next = 1
                for _ in 0 ..< 3 {
                    let writer = try LogStoreWriter(directory: store.path, configuration: configuration)
                    for _ in 0 ..< total / 3 / 50 {
                        try writer.append(contentsOf: (next ..< next + 50).map { sampleEntry($0) })
                        next += 50
                        if next % 500 == 1 { try writer.sync() }
                    }
                    try writer.close()
                }
            } catch {
                Issue.record("writer failed: \(error)")
            }
        }
        let reader = try LogStoreReader(directory: store.path)
        var seen: [LogRecord] = []
        var after: UInt64 = 0
        let deadline = Date().addingTimeInterval(60)
        while seen.count < total && Date() < deadline {
            let chunk = try reader.read(after: after, limit: 97)
            if chunk.isEmpty { usleep(200); continue }
            seen += chunk
            after = chunk.last!.sequence
        }
        writerDone.wait()
        #expect(seen.map(\.sequence) == Array(1 ... UInt64(total)))
        #expect(seen.map(\.entry) == (1 ... total).map { sampleEntry($0) })
        #expect(try reader.verify().isIntact)
    }

    /// The same across processes: `logstore-stress write` appends with small segments while this
    /// process follows with a reader.
    @Test func readerInAnotherProcessFollowsTheWriter() throws {
        let tool = try StressTool()
        let store = TemporaryStore()
        defer { store.remove() }
        let total = 4000
        let running = try tool.start(["write", "--store", store.path, "--count", "\(total)", "--sync-every", "40",
                                      "--payload-bytes", "48", "--segment-bytes", "8192"])
        var reader: LogStoreReader?
        var seen: [LogRecord] = []
        var after: UInt64 = 0
        let deadline = Date().addingTimeInterval(60)
        while seen.count < total && Date() < deadline {
            if reader == nil { reader = try? LogStoreReader(directory: store.path) }
            let chunk = try reader?.read(after: after, limit: 256) ?? []
            if chunk.isEmpty { usleep(500); continue }
            seen += chunk
            after = chunk.last!.sequence
        }
        let output = running.finish()
        #expect(output.status == 0, "\(output)")
        #expect(seen.map(\.sequence) == Array(1 ... UInt64(total)))
        #expect(seen.allSatisfy { $0.payload.prefix(8).elementsEqual(withUnsafeBytes(of: $0.sequence.littleEndian, Array.init)) })
        #expect(try LogStoreReader(directory: store.path).segments().count > 10)
    }
}
