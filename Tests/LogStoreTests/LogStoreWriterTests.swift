import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LogCore
import Testing
@testable import LogStore

@Suite struct LogStoreWriterTests {
    @Test func roundTripKeepsEveryFieldAndOrder() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20))
        let entries = (1...50).map { sampleEntry($0, payloadBytes: $0 * 3) }
        let range = try writer.append(contentsOf: entries)
        #expect(range == 1...50)
        #expect(try writer.append(sampleEntry(51)) == 51)
        #expect(try writer.sync() == 51)
        let records = try readAll(store.path)
        #expect(records.map(\.sequence) == Array(1...51))
        #expect(records.map(\.entry) == entries + [sampleEntry(51)])
        try writer.close()
    }

    @Test func emptyPayloadAndUnicodeTagRoundTrip() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path)
        let entry = LogEntry(tag: "café.ordered☕", timestamp: LogTimestamp(microsecondsSince1970: -5), payload: [])
        try writer.append(entry)
        try writer.flush()
        #expect(try readAll(store.path).map(\.entry) == [entry])
    }

    @Test func invalidInputIsRejectedWithAClearError() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path)
        #expect(throws: LogStoreError.invalidTag("")) { try writer.append(LogEntry(tag: "", timestamp: .now(), payload: [1])) }
        let huge = [UInt8](repeating: 0, count: LogStoreLimits.maximumRecordBytes)
        #expect(throws: LogStoreError.self) { try writer.append(LogEntry(tag: "a.b", timestamp: .now(), payload: huge)) }
        #expect(throws: LogStoreError.invalidCursorName("../x")) { try writer.acknowledge(cursor: "../x", through: 1) }
        #expect(throws: LogStoreError.self) { try LogStoreConfiguration(segmentBytes: 10) }
        #expect(LogStoreError.invalidCursorName("../x").description.contains("A–Z"))
    }

    @Test func secondWriterGetsAClearError() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path)
        #expect(throws: LogStoreError.lockedByAnotherWriter(directory: store.path)) {
            try LogStoreWriter(directory: store.path)
        }
        try writer.close()
        let again = try LogStoreWriter(directory: store.path)
        try again.close()
    }

    @Test func directoryAndFilesArePrivate() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        try writer.append(contentsOf: (1...100).map { sampleEntry($0) })
        try writer.acknowledge(cursor: "http", through: 3)
        try writer.close()
        var info = stat()
        stat(store.path, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: store.path) {
            stat(store.path + "/" + name, &info)
            #expect(info.st_mode & 0o777 == 0o600, "\(name)")
        }
    }

    @Test func rotationSplitsIntoBoundedSegmentsAndIndexesThem() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        for index in 1...300 { try writer.append(sampleEntry(index)) }
        try writer.close()
        let reader = try LogStoreReader(directory: store.path)
        let segments = try reader.segments()
        #expect(segments.count > 5)
        #expect(segments.allSatisfy { $0.fileBytes <= 4096 })
        #expect(segments.reduce(0) { $0 + $1.recordCount } == 300)
        #expect(try reader.verify().indexesMissingOrStale == 0)
        #expect(try readAll(store.path).map(\.sequence) == Array(1...300))
    }

    @Test func everyOpenStartsANewSegmentAndSequencesContinue() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        for round in 0..<3 {
            let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20))
            #expect(writer.lastSequence == UInt64(round * 10))
            try writer.append(contentsOf: (1...10).map { sampleEntry(round * 10 + $0) })
            try writer.close()
        }
        let reader = try LogStoreReader(directory: store.path)
        #expect(try reader.segments().map(\.number) == [1, 2, 3])
        #expect(try readAll(store.path).map(\.sequence) == Array(1...30))
    }

    @Test func sequencesNeverGoBackAfterEverythingIsAcknowledged() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        try writer.append(contentsOf: (1...200).map { sampleEntry($0) })
        try writer.acknowledge(cursor: "http", through: 200)
        try writer.close()
        let again = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        #expect(try again.append(sampleEntry(201)) == 201)
    }

    @Test func groupCommitByCountReportsDurableSequences() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let reported = Locked<[UInt64]>([])
        let writer = try LogStoreWriter(
            directory: store.path,
            configuration: TemporaryStore.configuration(
                segmentBytes: 1 << 20, syncEveryRecords: 10, onDurable: { sequence in reported.withLock { $0.append(sequence) } }))
        for index in 1...25 { try writer.append(sampleEntry(index)) }
        #expect(writer.durableSequence == 20)
        #expect(reported.withLock { $0 } == [10, 20])
        try writer.append(contentsOf: (26...40).map { sampleEntry($0) })
        #expect(writer.durableSequence == 40)
        #expect(try writer.sync() == 40)
        #expect(reported.withLock { $0 } == [10, 20, 40])
    }

    @Test func groupCommitByTime() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let opened = ContinuousClock.now
        let writer = try LogStoreWriter(
            directory: store.path,
            configuration: try LogStoreConfiguration(
                syncEveryRecords: 1_000_000, syncInterval: .milliseconds(200)))
        try writer.append(sampleEntry(1))
        let early = try writer.syncIfDue()
        // Not due before the interval; a loaded machine may have let it pass already, and then
        // the sync is rightly due (this asserts the rule, not the scheduler's timing).
        if ContinuousClock.now - opened < .milliseconds(200) {
            #expect(early == nil)
        }
        if early == nil {
            usleep(250_000)
            #expect(try writer.syncIfDue() == 1)
        }
        #expect(writer.durableSequence == 1)
    }
}

@Suite struct SyncFailureTests {
    /// A failed fsync is never retried on the same descriptor: the segment is closed, the error
    /// reported, the durable sequence stays, and the next append goes to a new segment.
    @Test func failedSyncClosesTheSegmentAndWritingContinuesInANewOne() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 1 << 20))
        try writer.append(contentsOf: (1...10).map { sampleEntry($0) })
        #expect(try writer.sync() == 10)
        try writer.append(contentsOf: (11...20).map { sampleEntry($0) })
        writer.injectSyncFailure(errno: EIO)
        #expect(throws: LogStoreError.syncFailed(path: StoreLayout(directory: store.path).segmentPath(1), errno: EIO)) {
            try writer.sync()
        }
        #expect(writer.durableSequence == 10)
        #expect(writer.stats().segments.map(\.number) == [1])
        // The next append starts segment 2; its sync makes the new records durable.
        try writer.append(contentsOf: (21...30).map { sampleEntry($0) })
        #expect(try writer.sync() == 30)
        #expect(writer.stats().segments.map(\.number) == [1, 2])
        try writer.close()
        // Nothing is corrupt; what reached segment 1 before the failure is still readable.
        #expect(try LogStoreReader(directory: store.path).verify().isIntact)
        #expect(try readAll(store.path).map(\.sequence) == Array(1...30))
        #expect(
            LogStoreError.syncFailed(path: "/s", errno: EIO).description
                == "fsync of /s failed: Input/output error (errno 5); the segment was closed, records after the last durable sequence must be appended again")
    }
}

@Suite struct SegmentCreationTests {
    /// A segment is created whole (header written and synced under a temporary name, then
    /// renamed): a kill between creating the file and writing its header left a headerless
    /// segment that `verify` counted as damaged (found by the recipe-demo crash loop). What a
    /// kill can leave now is a `.tmp` file, which the next open deletes.
    @Test func aKillWhileCreatingASegmentLeavesNoHeaderlessSegment() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let dying = DiesCreatingASegment()
        var configuration = TemporaryStore.configuration(segmentBytes: 4096)
        configuration.fileSystem = dying
        // The first append creates the store's first segment (issue 26: opening creates none):
        // the process "dies" writing its header.
        let writer = try LogStoreWriter(directory: store.path, configuration: configuration)
        #expect(throws: LogStoreError.self) { try writer.append(sampleEntry(1)) }
        #expect(dying.isDead)
        try? writer.close()
        let verification = try LogStoreReader(directory: store.path).verify()
        #expect(verification.damagedHeaders == 0, "\(verification)")
        // The next open cleans up and writes on.
        let reopened = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        #expect(try reopened.append(sampleEntry(1)) == 1)
        try reopened.close()
        #expect(try StoreLayout(directory: store.path).list().temporaryFiles.isEmpty)
    }

    @Test func segmentsAreBornWithTheirHeaderAndALeftoverIsDeleted() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        try writer.append(contentsOf: (1...200).map { sampleEntry($0) })
        try writer.sync()
        let layout = StoreLayout(directory: store.path)
        let segments = try layout.list().segments
        #expect(segments.count > 3, "the records roll over several segments")
        #expect(try layout.list().temporaryFiles.isEmpty)
        try writer.close()

        // What a kill during creation leaves: the next segment's file, headerless, under its
        // temporary name.
        let leftover = layout.segmentPath(segments.last! + 1) + ".tmp"
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data()))
        let reopened = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try reopened.append(sampleEntry(201)) == 201)
        try reopened.close()
        let verification = try LogStoreReader(directory: store.path).verify()
        #expect(verification.damagedHeaders == 0 && verification.corruptSkipped == 0 && verification.records == 201)
    }
}

/// The real file system until the first write to a segment file being created; from then on
/// every call fails, as if the process had been killed right there: nothing it would have
/// cleaned up is cleaned up.
private final class DiesCreatingASegment: StoreFileSystem {
    private struct State {
        var creating: Set<Int32> = []
        var dead = false
    }
    private let state = Locked(State())
    private let real = PosixFileSystem.shared

    var isDead: Bool { state.withLock { $0.dead } }

    private func alive() throws(System.Failure) {
        if isDead { throw System.Failure(EIO) }
    }

    func open(_ path: String, _ mode: System.OpenMode) throws(System.Failure) -> Int32 {
        try alive()
        let descriptor = try real.open(path, mode)
        if case .appendingNew = mode, path.contains("/segment-") { state.withLock { _ = $0.creating.insert(descriptor) } }
        return descriptor
    }
    func close(_ descriptor: Int32) { real.close(descriptor) }
    func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(System.Failure) {
        try alive()
        if state.withLock({ state in
            if state.creating.contains(descriptor) { state.dead = true }
            return state.dead
        }) {
            throw System.Failure(EIO)
        }
        try real.writeAll(descriptor, bytes)
    }
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(System.Failure) -> Int {
        try alive()
        return try real.read(descriptor, into: buffer, count: count, at: offset)
    }
    func size(_ descriptor: Int32) throws(System.Failure) -> Int { try alive(); return try real.size(descriptor) }
    func truncate(_ descriptor: Int32, to length: Int) throws(System.Failure) { try alive(); try real.truncate(descriptor, to: length) }
    func sync(_ descriptor: Int32, method: System.SyncMethod) throws(System.Failure) { try alive(); try real.sync(descriptor, method: method) }
    func duplicate(_ descriptor: Int32) throws(System.Failure) -> Int32 { try alive(); return try real.duplicate(descriptor) }
    func lockExclusively(_ descriptor: Int32) throws(System.Failure) { try alive(); try real.lockExclusively(descriptor) }
    func rename(_ source: String, to destination: String) throws(System.Failure) { try alive(); try real.rename(source, to: destination) }
    func unlink(_ path: String) throws(System.Failure) { try alive(); try real.unlink(path) }
    func kind(of path: String) throws(System.Failure) -> System.FileKind? { try alive(); return try real.kind(of: path) }
    func makeDirectory(_ path: String) throws(System.Failure) { try alive(); try real.makeDirectory(path) }
    func listDirectory(_ path: String) throws(System.Failure) -> [String] { try alive(); return try real.listDirectory(path) }
    func protect(directory path: String, with protection: LogFileProtection) { real.protect(directory: path, with: protection) }
}
