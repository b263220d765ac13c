import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
@testable import LogStore
import Testing

/// `LogStoreWriter.sync()` runs its fsync outside the writer's lock: appends and syncs from
/// different threads at once keep every record, and the durable sequence ends at the last.
@Suite struct ConcurrentSyncTests {
    @Test func appendsGoOnWhileAnotherThreadSyncs() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 64 << 10, syncEveryRecords: Int.max))
        let appended = DispatchSemaphore(value: 0)
        let appending = Thread {
            for batch in 0..<50 {
                _ = try? writer.append(contentsOf: (1...20).map { sampleEntry(batch * 20 + $0) })
                usleep(200)
            }
            appended.signal()
        }
        appending.start()
        // Sync in a loop while the other thread appends (paced, so as not to hog a core of
        // the shared test machine), until it is done.
        var durable: [UInt64] = []
        while appended.wait(timeout: .now()) == .timedOut {
            durable.append(try writer.sync())
            usleep(300)
        }
        #expect(durable == durable.sorted(), "the durable sequence never goes back")
        #expect(try writer.sync() == 1_000)
        #expect(writer.durableSequence == 1_000)
        try writer.close()
        let reader = try LogStoreReader(directory: store.path)
        #expect(try reader.verify().isIntact)
        #expect(try reader.read(after: 0, limit: 2_000).map(\.sequence) == Array(1...1_000))
    }

    @Test func aSyncWithNothingNewReturnsTheDurableSequence() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(syncEveryRecords: Int.max))
        #expect(try writer.sync() == 0)
        try writer.append(contentsOf: (1...3).map { sampleEntry($0) })
        #expect(try writer.sync() == 3)
        #expect(try writer.sync() == 3)
        try writer.close()
        #expect(throws: LogStoreError.closed) { try writer.sync() }
    }
}
