@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import LogStoreTestSupport
import Testing
import TestSupport

/// The history on a device that is locked when the app starts (a background launch), with its
/// store of class `completeUnlessOpen` (issue 24): the store cannot reopen the files it had
/// closed, so the output holds the logs in memory, says so in its statistics, and writes them,
/// in order, once the device is unlocked — as it does for a store of class `complete`.
@Suite struct ProtectedDataOutputTests {
    private static func log(_ index: Int) -> EncodedLog {
        EncodedLog(envelope: LogEnvelope(tag: "recipe_search.search", payload: LogPayload()), body: Array("{\"n\":\(index)}".utf8))
    }

    @Test func logsPostedWhileTheDeviceIsLockedAreHeldThenWrittenInOrder() async throws {
        let directory = TemporaryDirectory("locked-history")
        defer { directory.remove() }
        let device = LockableDevice()
        var configuration = LogStoreConfiguration.standard
        configuration.fileProtection = .completeUnlessOpen
        configuration.fileSystem = device.fileSystem
        let first = try LocalStoreOutput(directory: directory.url, configuration: configuration)
        first.write([Self.log(0)])
        await first.shutdown()

        device.isLocked = true
        let history = try LocalStoreOutput(directory: directory.url, configuration: configuration)
        history.write((1...5).map(Self.log))
        // The output's thread opens the store (issue 26), finds the device locked and holds the logs.
        #expect(await eventually { history.statistics.lastError != nil })
        let locked = history.statistics
        #expect(locked.heldLogs == 5 && locked.written == 0 && locked.lostLogs == 0)
        #expect(locked.lastError?.contains("while the device is locked") == true, "statistics say why: \(locked.lastError ?? "nothing")")

        device.isLocked = false
        await history.flush()
        let unlocked = history.statistics
        #expect(unlocked.heldLogs == 0 && unlocked.written == 5 && unlocked.durable == 5)
        await history.shutdown()
        let bodies = try LogStoreReader(directory: directory.path).read(after: 0, limit: 10).map { String(decoding: $0.payload, as: UTF8.self) }
        #expect(bodies == (0...5).map { "{\"n\":\($0)}" })
    }
}
