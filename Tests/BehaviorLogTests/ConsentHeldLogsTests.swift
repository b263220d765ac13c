@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import LogStoreTestSupport
import TestSupport
import Testing

/// Issue 17's promise, "under `.denied` nothing is kept or sent", for the logs a buffered output
/// holds in memory rather than in its store: those its store refused (a full disk, protected
/// data unavailable) and those written before its sender opened the store. Posted before the
/// denial, they are deleted with the store's unsent logs and counted in `deletedForConsent`
/// (not in `lostLogs`), and never sent once consent is granted again. `eraseAllData()` erases
/// them too.
///
/// The output is driven as its logger's writer thread drives it: `write` and `consentChanged`
/// from one thread, in order.
@Suite struct ConsentHeldLogsTests {
    private static func log(_ index: Int) -> EncodedLog {
        EncodedLog(envelope: LogEnvelope(tag: "consent.held", payload: LogPayload()), body: Array("{\"n\":\(index)}".utf8))
    }

    private let quick = try! BufferedOutputConfiguration(
        chunkCount: 100, flushInterval: .milliseconds(20), sendTimeout: .seconds(1), retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20))

    /// A store whose writes fail with `ENOSPC` while `refusing` is set: a full disk.
    private static func fullDisk(_ refusing: Locked<Bool>) -> LogStoreConfiguration {
        var configuration = LogStoreConfiguration.standard
        configuration.fileSystem = InterceptingFileSystem { call throws(System.Failure) in
            if case .descriptor("write", _) = call, refusing.withLock({ $0 }) { throw System.Failure(ENOSPC) }
        }
        return configuration
    }

    /// Held for a refusing store, denied, the store takes writes again, granted: only the logs
    /// written after the grant are sent.
    private func heldLogsGoWithTheDenial(_ output: BufferedOutput, _ backend: ScriptedBackend, refusing: Locked<Bool>) async {
        output.consentChanged(to: .granted)
        refusing.withLock { $0 = true }
        let held = (0..<5).map(Self.log)
        output.write(held)
        await output.makeDurable()  // on the sender's thread: the store is open, and refuses again
        let refused = output.statistics
        #expect(refused.heldLogs == 5 && refused.storeErrors >= 1 && refused.lostLogs == 0, "\(refused)")

        output.consentChanged(to: .denied)
        let denied = output.statistics
        #expect(denied.deletedForConsent == 5 && denied.heldLogs == 0 && denied.lostLogs == 0, "\(denied)")

        refusing.withLock { $0 = false }
        await grantedSendsOnlyWhatComesAfter(output, backend)
    }

    /// Consent granted again, three more logs: those alone are sent; the five written before
    /// the denial stay counted as deleted, none as lost.
    private func grantedSendsOnlyWhatComesAfter(_ output: BufferedOutput, _ backend: ScriptedBackend) async {
        output.consentChanged(to: .granted)
        let after = (5..<8).map(Self.log)
        output.write(after)
        await output.flush()
        #expect(backend.sentUUIDs == after.map(\.envelope.uuid), "a log written before the denial was sent")
        await output.shutdown()
        let end = output.statistics
        #expect(end.deletedForConsent == 5 && end.lostLogs == 0 && end.sentLogs == 3, "\(end)")
    }

    /// A buffered output in `directory/outbox` whose store refuses writes while `refusing` is set.
    private func refusingOutput(in directory: TemporaryDirectory, refusing: Locked<Bool>, backend: ScriptedBackend) throws -> BufferedOutput {
        try BufferedOutput(
            directory: directory.url.appending(path: "outbox"), backend: backend, configuration: quick, storeConfiguration: Self.fullDisk(refusing))
    }

    @Test func logsHeldForARefusingStoreAreDeletedByADenial() async throws {
        let directory = TemporaryDirectory("consent-held")
        defer { directory.remove() }
        let (refusing, backend) = (Locked(false), ScriptedBackend())
        let output = try refusingOutput(in: directory, refusing: refusing, backend: backend)
        await heldLogsGoWithTheDenial(output, backend, refusing: refusing)
    }

    /// The same with the output over a history's store (`BufferedOutput(history:)`, where a
    /// denial moves the cursor past the unsent logs instead of erasing the store): the held logs
    /// go, and never reach the history either.
    @Test func logsHeldForARefusingHistoryAreDeletedByADenial() async throws {
        let directory = TemporaryDirectory("consent-held-history")
        defer { directory.remove() }
        let refusing = Locked(false)
        let backend = ScriptedBackend()
        let history = try LocalStoreOutput(directory: directory.url.appending(path: "history"), configuration: Self.fullDisk(refusing))
        let output = try BufferedOutput(history: history, backend: backend, configuration: quick)
        await heldLogsGoWithTheDenial(output, backend, refusing: refusing)
        #expect(try LogStoreReader(directory: directory.path + "/history").stats().recordCount == 3)
    }

    /// Logs written before the sender opened the store wait in memory; a denial meanwhile
    /// deletes them, and the opening does not append them afterwards.
    @Test func logsWaitingForTheStoreToOpenAreDeletedByADenial() async throws {
        let gate = DispatchSemaphore(value: 0)
        let storage = InMemoryOutbox(opensWhen: gate)
        let backend = ScriptedBackend()
        let output = BufferedOutput(storage: storage, backend: backend, configuration: quick, name: "slow-store")
        output.consentChanged(to: .granted)
        output.write((0..<5).map(Self.log))
        #expect(output.statistics.heldLogs == 5)

        output.consentChanged(to: .denied)
        let denied = output.statistics
        #expect(denied.deletedForConsent == 5 && denied.heldLogs == 0, "\(denied)")

        gate.signal()  // the store opens now, after the denial
        await grantedSendsOnlyWhatComesAfter(output, backend)
    }

    /// `eraseAllData()` while logs are held for a refusing store: they are erased with the
    /// rest, not written once the store takes writes again (and then sent).
    @Test func logsHeldForARefusingStoreAreErasedByEraseAllData() async throws {
        let directory = TemporaryDirectory("erase-held")
        defer { directory.remove() }
        let (refusing, backend) = (Locked(false), ScriptedBackend())
        let output = try refusingOutput(in: directory, refusing: refusing, backend: backend)
        output.consentChanged(to: .granted)
        refusing.withLock { $0 = true }
        output.write((0..<5).map(Self.log))
        await output.makeDurable()
        #expect(output.statistics.heldLogs == 5)

        refusing.withLock { $0 = false }
        try await output.eraseAllData()
        #expect(output.statistics.heldLogs == 0)
        let after = (5..<8).map(Self.log)
        output.write(after)
        await output.flush()
        #expect(backend.sentUUIDs == after.map(\.envelope.uuid), "a log written before the erasure was sent")
        await output.shutdown()
    }

    /// The same for a history: the held logs do not come back into the erased store.
    @Test func logsHeldForARefusingHistoryAreErasedByEraseAllData() async throws {
        let directory = TemporaryDirectory("erase-held-history")
        defer { directory.remove() }
        let refusing = Locked(false)
        let history = try LocalStoreOutput(directory: directory.url.appending(path: "history"), configuration: Self.fullDisk(refusing))
        refusing.withLock { $0 = true }
        history.write((0..<5).map(Self.log))
        await history.makeDurable()
        #expect(history.statistics.heldLogs == 5, "\(history.statistics)")

        refusing.withLock { $0 = false }
        try await history.eraseAllData()
        history.write((5..<8).map(Self.log))
        await history.shutdown()
        #expect(try LogStoreReader(directory: directory.path + "/history").stats().recordCount == 3)
    }
}
