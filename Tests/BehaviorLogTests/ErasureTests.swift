@testable import BehaviorLog
import BehaviorLogTesting
import Foundation
import LogStore
import RecipeLogs
import TestSupport
import Testing

/// `BehaviorLogger.eraseAllData()` and `BehaviorLog.eraseAllData(in:)` (issue 17): afterwards no file
/// anywhere under the directories holds an old log's UUID or the old salt, and the logger goes on.
@Suite struct ErasureTests {
    private func temporaryDirectory() -> URL {
        TemporaryDirectory("erasure").url
    }

    /// Full chunks of 100 go at once and the rest at `flush()`: a flush interval would let a
    /// loaded machine send a partial first chunk (the one the backend rejects).
    private let quick = try! BufferedOutputConfiguration(
        chunkCount: 100, flushInterval: .seconds(3600), sendTimeout: .seconds(1), retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20))

    /// Every regular file under `root`, with its bytes.
    private func files(under root: URL) -> [(path: String, bytes: [UInt8])] {
        var result: [(String, [UInt8])] = []
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        while let relative = walk.nextObject() as? String {
            guard walk.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            let path = root.appendingPathComponent(relative).path
            if let data = FileManager.default.contents(atPath: path) { result.append((relative, [UInt8](data))) }
        }
        return result
    }

    /// The paths of the files holding any of the needles (raw UUID bytes, their text, salt bytes).
    private func filesHolding(_ needles: [[UInt8]], under root: URL) -> [String] {
        files(under: root).filter { file in needles.contains { Self.contains(file.bytes, $0) } }.map(\.path)
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private static func needles(_ uuids: [UUID]) -> [[UInt8]] {
        uuids.flatMap { uuid in
            [withUnsafeBytes(of: uuid.uuid) { Array($0) }, Array(uuid.uuidString.utf8), Array(uuid.uuidString.lowercased().utf8)]
        }
    }

    private struct Setup {
        let logger: BehaviorLogger
        let salt: PersonalDataSalt
        let shipped: BufferedOutput
        let stuck: BufferedOutput
        let history: LocalStoreOutput
        let everything: RecordingOutput
    }

    /// A history, an output that sends (its first chunk rejected, so set aside), one whose backend
    /// is down (its logs stay unsent), and the salted hash of personal data.
    private func setUp(_ root: URL, backend: ScriptedBackend) throws -> Setup {
        let salt = try PersonalDataSalt(directory: root)
        let history = try LocalStoreOutput(directory: root.appendingPathComponent("history"))
        let shipped = try BufferedOutput(directory: root.appendingPathComponent("outputs/shipped"), backend: backend, configuration: quick)
        let stuck = try BufferedOutput(directory: root.appendingPathComponent("outputs/stuck"), backend: FailingBackend(), configuration: quick)
        let everything = RecordingOutput(requiresConsent: false)
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [FilterSetting(PersonalDataFilter(mode: .saltedHash(salt)))],
                outputs: [OutputSetting(history), OutputSetting(shipped), OutputSetting(stuck), OutputSetting(everything)]))
        return Setup(logger: logger, salt: salt, shipped: shipped, stuck: stuck, history: history, everything: everything)
    }

    private func post(_ range: Range<Int>, to logger: BehaviorLogger) async {
        await onOwnThread {
            for index in range {
                logger.post(
                    UserPostDetail.show(postId: Int64(index), recipeId: 1, mediaKinds: [], ingredientNames: [], authorNickname: "cook\(index % 7)@example.com"))
            }
        }
    }

    private func emailHash(_ log: LogEnvelope) -> String? {
        if case .string(let hash)? = log.payload.fields.first(where: { $0.key == "author_nickname" })?.value { return hash }
        return nil
    }

    @Test func eraseAllDataLeavesNoOldLogNorTheOldSaltOnDisk() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let setup = try setUp(root, backend: ScriptedBackend([.permanent]))
        await post(0..<450, to: setup.logger)
        await setup.logger.flush()
        #expect(await eventually { setup.shipped.statistics.unsentLogs == 0 && setup.shipped.statistics.sentLogs == 350 })
        #expect(setup.shipped.statistics.rejectedLogs == 100)
        #expect(setup.stuck.statistics.unsentLogs == 450)
        let oldLogs = setup.everything.logs
        let oldSalt = setup.salt.bytes!
        let oldHash = try #require(emailHash(oldLogs[0]))
        let old = Self.needles(oldLogs.map(\.uuid)) + [oldSalt, Array(oldHash.utf8)]
        // Before: the old logs and the salt are on disk (so the walk can find them).
        let before = filesHolding(old, under: root)
        #expect(before.contains("pii-salt"))
        #expect(before.contains { $0.hasPrefix("history/segment-") })
        #expect(before.contains { $0.hasPrefix("outputs/stuck/segment-") })
        #expect(before.contains { $0.hasPrefix("outputs/shipped/rejected/segment-") })

        try await setup.logger.eraseAllData()
        #expect(filesHolding(old, under: root) == [])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("outputs/shipped/rejected").path))
        #expect(setup.stuck.statistics.unsentLogs == 0)

        // The logger goes on: empty stores, a new salt, hashes that no longer match.
        #expect(setup.salt.bytes != oldSalt)
        #expect(try Data(contentsOf: root.appendingPathComponent("pii-salt")) == Data(setup.salt.bytes!))
        await post(0..<10, to: setup.logger)
        await setup.logger.flush()
        let newLogs = Array(setup.everything.logs.suffix(10))
        #expect(emailHash(newLogs[0]) != nil && emailHash(newLogs[0]) != oldHash)
        #expect(try setup.history.recentLogs(limit: 1_000).map(\.uuid) == newLogs.map(\.uuid))
        #expect(await eventually { setup.shipped.statistics.sentLogs == 360 })
        #expect(setup.stuck.statistics.unsentLogs == 10)
        await setup.logger.shutdown()

        // And after a restart: only the new logs, sequence numbers going on.
        let history = try LogStoreReader(directory: root.appendingPathComponent("history").path).read(after: 0, limit: 1_000)
        #expect(history.map(\.uuid) == newLogs.map(\.uuid))
        #expect(history.first.map { $0.sequence > 450 } == true)
        let reopened = LogStoreOutbox(directory: root.appendingPathComponent("outputs/stuck").path, configuration: .standard)
        try reopened.open()
        #expect(reopened.unsentCount == 10)
        try reopened.close()
    }

    @Test func eraseAllDataInADirectoryBeforeALoggerStarts() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let setup = try setUp(root, backend: ScriptedBackend())
        await post(0..<200, to: setup.logger)
        await setup.logger.flush()
        let old = Self.needles(setup.everything.logs.map(\.uuid)) + [setup.salt.bytes!]

        // While the logger has its stores open, the standalone erasure refuses, saying what to do.
        #expect {
            try BehaviorLog.eraseAllData(in: root)
        } throws: { error in
            "\(error)".contains("a logger has this store open; call logger.eraseAllData()")
        }
        await setup.logger.shutdown()

        let unrelated = root.appendingPathComponent("outputs/notes.txt")
        try Data("the app's own file".utf8).write(to: unrelated)
        try BehaviorLog.eraseAllData(in: root)
        #expect(filesHolding(old, under: root) == [])
        #expect(files(under: root).map(\.path) == ["outputs/notes.txt"])  // only what BehaviorLog did not make
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("history").path))
        try BehaviorLog.eraseAllData(in: root.appendingPathComponent("missing"))  // nothing to erase: no error

        // A logger configured afterwards starts from nothing, with a new salt.
        let again = try setUp(root, backend: ScriptedBackend())
        #expect(again.salt.bytes != old.last)
        #expect(again.stuck.statistics.unsentLogs == 0)
        await again.logger.shutdown()
    }

    @Test func erasingKeepsNoHashMadeWithTheOldSalt() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let salt = try PersonalDataSalt(directory: root)
        let filter = PersonalDataFilter(mode: .saltedHash(salt))
        var envelope = LogEnvelope(
            uuid: UUID(), time: Date(), tag: "recipe_search.sign_in",
            payload: LogPayload([("email", .string("a@example.com"))]), personalDataFields: ["email"])
        var first = envelope
        _ = filter.apply(to: &first)
        try filter.eraseAllData()
        _ = filter.apply(to: &envelope)
        #expect(first.payload.fields[0].value != envelope.payload.fields[0].value)
        #expect(envelope.payload.fields[0].value == .string(PersonalDataFilter.hash(.string("a@example.com"), salt: salt.bytes!)))
    }
}
