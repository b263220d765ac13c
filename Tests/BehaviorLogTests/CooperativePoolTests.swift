@testable import BehaviorLog
import BehaviorLogTesting
import Foundation
import LogCore
import LogStore
import TestSupport
import Testing

/// The runtime never blocks Swift's cooperative pool (issue 25): every `async` API of the
/// logger and its outputs runs inside `BlockingCalls.watch`, which records each blocking call
/// of the platform layer (a file's open, write, read, rename, unlink or sync, a directory's
/// listing, a worker's wait or join, a semaphore wait) made on the calling task or its child
/// tasks. Disk work handed to a worker's thread (`Worker.perform`) is not on the pool and is
/// not recorded; a sync made directly inside an `async` function is (the planted violation
/// below proves it).
@Suite(.enabled(if: BlockingCalls.isRecording, "BlockingCalls records in debug builds only"))
struct CooperativePoolTests {
    /// Full chunks go at once, the rest at `flush()`; an hour's interval so that nothing is
    /// sent on a timer while a call is watched.
    private let quick = try! BufferedOutputConfiguration(
        chunkCount: 100, flushInterval: .seconds(3600), sendTimeout: .seconds(5), retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20))

    private func post(_ range: Range<Int>, to logger: BehaviorLogger) async {
        await onOwnThread {
            for index in range { logger.post(tag: "recipe_search.search", payload: LogPayload([("page", .integer(Int64(index)))])) }
        }
    }

    private func expectNone(_ calls: [BlockingCalls.Call], in api: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(calls.isEmpty, "\(api) blocked Swift's cooperative pool:\n\(calls.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test func theLoggersAsyncAPIMakesNoBlockingCallOnThePool() async throws {
        let root = TemporaryDirectory("pool").url
        defer { try? FileManager.default.removeItem(at: root) }
        let salt = try PersonalDataSalt(directory: root)
        let history = try LocalStoreOutput(directory: root.appendingPathComponent("history"))
        let backend = ScriptedBackend()
        let shipped = try BufferedOutput(directory: root.appendingPathComponent("outputs/shipped"), backend: backend, configuration: quick)
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [FilterSetting(PersonalDataFilter(mode: .saltedHash(salt)))],
                outputs: [OutputSetting(history), OutputSetting(shipped)]))

        await post(0..<150, to: logger)
        expectNone(await BlockingCalls.watch { await logger.flush() }, in: "BehaviorLogger.flush()")
        // The flush did its work, off the pool: the history is durable, the backend has every log.
        #expect(history.statistics.durable == 150)
        #expect(await eventually { backend.accepted.count == 150 })

        let oldSalt = salt.bytes
        expectNone(try await BlockingCalls.watch { try await logger.eraseAllData() }, in: "BehaviorLogger.eraseAllData()")
        #expect(try history.recentLogs(limit: 1_000).isEmpty)
        #expect(salt.bytes != oldSalt)

        await post(150..<160, to: logger)
        expectNone(await BlockingCalls.watch { await logger.shutdown() }, in: "BehaviorLogger.shutdown()")
        // Shut down, every output made the 10 new logs durable (the buffered one keeps them for the next start).
        #expect(try LogStoreReader(directory: root.appendingPathComponent("history").path).read(after: 0, limit: 100).count == 10)
        #expect(try LogStoreReader(directory: root.appendingPathComponent("outputs/shipped").path).read(after: 0, limit: 100).count == 10)
    }

    @Test func theOutputsAsyncAPIMakesNoBlockingCallOnThePool() async throws {
        let root = TemporaryDirectory("pool-outputs").url
        defer { try? FileManager.default.removeItem(at: root) }
        let history = try LocalStoreOutput(directory: root.appendingPathComponent("history"))
        let backend = ScriptedBackend()
        let shipped = try BufferedOutput(directory: root.appendingPathComponent("shipped"), backend: backend, configuration: quick)
        let logs = (0..<30).map { index in
            EncodedLog(envelope: LogEnvelope(tag: "recipe_search.search", payload: LogPayload()), body: Array("{\"page\":\(index)}".utf8))
        }
        for output in [history as any LogOutput, shipped] {
            output.write(logs)
            expectNone(await BlockingCalls.watch { await output.flush() }, in: "\(type(of: output)).flush()")
            output.write(logs)
            expectNone(try await BlockingCalls.watch { try await output.eraseAllData() }, in: "\(type(of: output)).eraseAllData()")
            output.write(logs)
            expectNone(await BlockingCalls.watch { await output.shutdown() }, in: "\(type(of: output)).shutdown()")
        }
        #expect(backend.accepted.count >= 30)
        #expect(try LogStoreReader(directory: root.appendingPathComponent("history").path).read(after: 0, limit: 100).count == 30)
    }

    /// The planted violation: what `storage.makeDurable()` written directly inside
    /// `BufferedOutputCore.flush()` would do (an fsync on the pool) is caught, and the same
    /// sync handed to the store's sync thread is not.
    @Test func aSyncInsideAnAsyncFunctionIsCaught() async throws {
        let directory = TemporaryDirectory("pool-planted")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let storage = LogStoreOutbox(directory: directory.path, configuration: .standard)
        let log = EncodedLog(envelope: LogEnvelope(tag: "recipe_search.search", payload: LogPayload()), body: Array("{}".utf8))

        try storage.append([log])
        let planted = try await BlockingCalls.watch { try await Self.plantedFlush(storage) }
        #expect(planted.map(\.name) == ["fsync"])
        #expect(planted.first?.description.contains("on a task") == true)

        // The same sync handed to a worker's thread, as the runtime does: not on the pool.
        let worker = Worker(state: false)
        worker.start(name: "pool-test") { worker in
            while !worker.next({ stopping in stopping ? .run(true) : .wait(untilNanoseconds: nil) }) {}
        }
        try storage.append([log])
        let handedOver = await BlockingCalls.watch { await worker.perform { try? storage.makeDurable() } }
        #expect(handedOver.isEmpty)
        worker.withLock { $0 = true }
        worker.wake()
        worker.join()
        try storage.close()
    }

    private static func plantedFlush(_ storage: LogStoreOutbox) async throws {
        try storage.makeDurable()
    }
}
