@testable import BehaviorLog
import Foundation
import LogCore
import LogStore
import TestSupport
import Testing

@Suite struct BufferedOutputTests {
    private func entries(_ count: Int, from start: Int = 0) -> [EncodedLog] {
        let encoder = EnvelopeEncoder(schemaVersion: "test")
        return (start..<start + count).map { index in
            let envelope = LogEnvelope(tag: "recipe_search.select_recipe", payload: LogPayload([("recipe_id", .integer(Int64(index)))]))
            return EncodedLog(envelope: envelope, body: encoder.body(of: envelope))
        }
    }

    private func quick(chunkCount: Int = 10, flushInterval: Duration = .seconds(60), sendTimeout: Duration = .seconds(5)) -> BufferedOutputConfiguration {
        try! BufferedOutputConfiguration(  // in range
            chunkCount: chunkCount, flushInterval: flushInterval, sendTimeout: sendTimeout,
            retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20), retryJitter: 0.5)
    }

    private func recipeIDs(_ logs: [LogRecord]) -> [Int] {
        logs.map { log in
            let text = String(decoding: log.payload, as: UTF8.self)
            let digits = text.split(separator: "\"recipe_id\":")[1].prefix { $0.isNumber }
            return Int(digits)!
        }
    }

    @Test func fullChunksGoAtOnceAndTheRestAfterTheInterval() async {
        let backend = ScriptedBackend()
        let output = BufferedOutput(
            storage: InMemoryOutbox(), backend: backend, configuration: quick(chunkCount: 10, flushInterval: .milliseconds(500)), name: "test")
        let written = Date()
        output.write(entries(25))
        output.writerIsIdle()
        #expect(await eventually { backend.accepted.count == 25 })
        #expect(backend.chunkSizes == [10, 10, 5])
        #expect(recipeIDs(backend.accepted) == Array(0..<25))
        // The full chunks went at once; the partial one waited for the interval.
        let times = backend.sendTimes.map { $0.timeIntervalSince(written) }
        #expect(times.count == 3 && times[2] >= 0.45 && times[2] - times[1] >= 0.3, "\(times)")
        await output.shutdown()
    }

    @Test func aChunkGoesAsSoonAsItsBytesArePending() async throws {
        let backend = ScriptedBackend()
        // Bodies of about 90 bytes; 1,000 bytes fill a chunk long before 1,000 logs or an hour do.
        let configuration = try BufferedOutputConfiguration(chunkCount: 1_000, chunkBytes: 1_000, flushInterval: .seconds(3600))
        let output = BufferedOutput(storage: InMemoryOutbox(), backend: backend, configuration: configuration, name: "test")
        output.write(entries(30))
        output.writerIsIdle()
        #expect(await eventually { backend.sends >= 1 })
        let sizes = backend.chunkSizes
        #expect(sizes.allSatisfy { $0 < 30 } && sizes.first.map { $0 >= 5 } == true, "\(sizes)")
        #expect(backend.accepted.reduce(0) { $0 + $1.payload.count } <= 1_000 * sizes.count)
        await output.shutdown()
    }

    /// The sender, woken while logs are appended but not yet durable, finds nothing to send;
    /// it must still count their bytes, so that the chunk goes when they become durable, not
    /// an interval later. (It used to zero the count whenever nothing durable was unsent, and
    /// under load the suite saw this chunk wait for its hour-long interval.)
    @Test func bytesAppendedBeforeTheyAreDurableStillFillAChunk() async throws {
        let backend = ScriptedBackend()
        let storage = InMemoryOutbox()
        let configuration = try BufferedOutputConfiguration(chunkCount: 1_000, chunkBytes: 1_000, flushInterval: .seconds(3600))
        let output = BufferedOutput(storage: storage, backend: backend, configuration: configuration, name: "test")
        #expect(await eventually { storage.state.withLock { $0.unsentQueries } >= 1 })
        let queries = storage.state.withLock { $0.unsentQueries }
        output.write(entries(30))  // appended, not durable: wakes the sender, which finds none unsent
        #expect(await eventually { storage.state.withLock { $0.unsentQueries } > queries })
        output.writerIsIdle()  // now durable
        #expect(await eventually(within: 5) { backend.sends >= 1 }, "the 2,700 bytes appended should fill a 1,000-byte chunk at once")
        await output.shutdown()
    }

    @Test func flushSendsAPartialChunkNow() async {
        let backend = ScriptedBackend()
        let output = BufferedOutput(storage: InMemoryOutbox(), backend: backend, configuration: quick(chunkCount: 100), name: "test")
        output.write(entries(7))
        await output.flush()
        #expect(backend.accepted.count == 7)
        #expect(output.statistics.unsentLogs == 0 && output.statistics.sentChunks == 1)
        await output.shutdown()
    }

    /// Only durable logs are sent, and the sync is made for the chunk, just before it goes: the
    /// logs wait for no interval of the store's, and cost one sync per chunk, not one per log.
    @Test func aChunkIsMadeDurableJustBeforeItIsSent() async {
        let backend = ScriptedBackend()
        let storage = InMemoryOutbox()
        let output = BufferedOutput(storage: storage, backend: backend, configuration: quick(chunkCount: 10, flushInterval: .seconds(60)), name: "test")
        for start in stride(from: 0, to: 30, by: 2) { output.write(entries(2, from: start)) }
        #expect(await eventually { backend.accepted.count == 30 })
        #expect(recipeIDs(backend.accepted) == Array(0..<30))
        let syncs = storage.state.withLock { $0.syncs }
        #expect(syncs >= 1 && syncs <= 3, "\(syncs) syncs for 3 chunks of 15 writes")
        await output.shutdown()
    }

    @Test func failuresTimeoutsAndRecoveryLoseNothing() async {
        // Two 503s, a send that outlives the timeout (the backend keeps it anyway), another 503.
        let backend = ScriptedBackend([.retryable, .retryable, .hang(0.5), .retryable])
        let output = BufferedOutput(
            storage: InMemoryOutbox(), backend: backend, configuration: quick(chunkCount: 10, sendTimeout: .milliseconds(100)), name: "test")
        output.write(entries(30))
        output.writerIsIdle()
        #expect(await eventually { output.statistics.unsentLogs == 0 && output.statistics.sentLogs == 30 })
        try? await Task.sleep(for: .milliseconds(600))  // let the hung send finish late
        let accepted = backend.accepted
        // No loss: every log reached the backend.
        #expect(Set(recipeIDs(accepted)) == Set(0..<30))
        // Duplicates only by at-least-once: a log seen twice carries the same UUID both times.
        let byUUID = Dictionary(grouping: accepted, by: \.uuid)
        #expect(byUUID.count == 30)
        #expect(byUUID.values.allSatisfy { copies in copies.allSatisfy { $0 == copies[0] } })
        #expect(accepted.count > 30)  // the timed-out chunk came twice
        #expect(output.statistics.retryableFailures == 4)
        await output.shutdown()
    }

    @Test func permanentFailuresAreSetAsideAndNotResent() async {
        let backend = ScriptedBackend([.accept, .permanent])
        let storage = InMemoryOutbox()
        let output = BufferedOutput(storage: storage, backend: backend, configuration: quick(chunkCount: 10), name: "test")
        output.write(entries(30))
        output.writerIsIdle()
        #expect(await eventually { output.statistics.unsentLogs == 0 && backend.sends == 3 })
        try? await Task.sleep(for: .milliseconds(50))
        #expect(backend.sends == 3)
        #expect(recipeIDs(backend.accepted) == Array(0..<10) + Array(20..<30))
        #expect(storage.setAsideCount == 10)
        let statistics = output.statistics
        #expect(statistics.rejectedChunks == 1 && statistics.rejectedLogs == 10 && statistics.lastError?.contains("HTTP 400") == true)
        await output.shutdown()
    }

    @Test func aBacklogIsSentAtOnceChunkAfterChunk() async {
        let backend = ScriptedBackend()
        // A long interval: only the backlog rule can send these partial chunks now.
        let output = BufferedOutput(
            storage: InMemoryOutbox(backlog: 4_005), backend: backend, configuration: quick(chunkCount: 500, flushInterval: .seconds(3600)), name: "test")
        output.resume()  // used without a logger, an output holds its backlog until its first direct use
        #expect(await eventually(within: 20) { backend.accepted.count == 4_005 })
        #expect(backend.chunkSizes == Array(repeating: 500, count: 8) + [5])
        await output.shutdown()
    }

    @Test func suspendedOutputsDoNotSend() async {
        let backend = ScriptedBackend()
        let output = BufferedOutput(storage: InMemoryOutbox(), backend: backend, configuration: quick(chunkCount: 1), name: "test")
        output.suspend()
        output.write(entries(3))
        await output.flush()
        try? await Task.sleep(for: .milliseconds(100))
        #expect(backend.sends == 0 && output.statistics.unsentLogs == 3)
        output.resume()
        #expect(await eventually { backend.accepted.count == 3 })
        await output.shutdown()
    }

    /// Issue 25, defect 7: `flush()` flushed the outputs one after another, so a buffered output
    /// listed first held the history's sync behind its send. The outputs flush concurrently: the
    /// history is durable while the stuck send still runs.
    @Test func aStuckSendDoesNotHoldUpTheHistorysSyncInAFlush() async throws {
        let directory = TemporaryDirectory("history").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let durable = Locked(0)
        let stuck = BufferedOutput(
            storage: InMemoryOutbox(), backend: StuckBackend(), configuration: quick(chunkCount: 1, sendTimeout: .seconds(3600)), name: "stuck")
        // Synced only by a flush (its interval is an hour).
        let history = try LocalStoreOutput(directory: URL(fileURLWithPath: directory), syncInterval: .seconds(3600)) { count in
            durable.withLock { $0 = count }
        }
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(stuck), OutputSetting(history)]))
        for index in 0..<10 { logger.post(tag: "a.b", payload: LogPayload([("i", .integer(Int64(index)))])) }
        #expect(await eventually { stuck.statistics.unsentLogs == 10 })  // the send of the first is under way
        let flushing = Task { await logger.flush() }
        let synced = await returns(within: .seconds(30)) {
            while durable.withLock({ $0 }) < 10 { try? await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(synced, "the history's sync waited behind the stuck output's flush")
        await logger.shutdown()  // abandons the stuck send; the flush returns
        await flushing.value
    }

    /// Issue 25, item 4: the sender's store work (sync, reading unsent logs) is blocking disk
    /// work, done on the output's own thread (`bl-send.<name>`), never on Swift's cooperative pool.
    @Test func theSenderReadsTheStoreOnItsOwnThread() async throws {
        let backend = ScriptedBackend()
        let storage = InMemoryOutbox()
        let output = BufferedOutput(storage: storage, backend: backend, configuration: quick(chunkCount: 10), name: "own")
        output.write(entries(30))
        #expect(await eventually { backend.accepted.count == 30 })
        let threads = storage.state.withLock { $0.readingThreads }
        #expect(!threads.isEmpty && threads.allSatisfy { $0 == "bl-send.own" }, "\(threads)")
        // So do a flush's and a shutdown's syncs: the async caller only waits for them.
        output.write(entries(5))
        await output.flush()
        await output.shutdown()
        let syncing = storage.state.withLock { $0.syncingThreads }
        #expect(!syncing.isEmpty && syncing.allSatisfy { $0 == "bl-send.own" }, "\(syncing)")
    }

    @Test func aStuckBackendDoesNotStallAnotherOutput() async throws {
        let healthy = ScriptedBackend()
        let stuck = BufferedOutput(
            storage: InMemoryOutbox(), backend: StuckBackend(), configuration: quick(chunkCount: 1, sendTimeout: .seconds(3600)), name: "stuck")
        let working = BufferedOutput(storage: InMemoryOutbox(), backend: healthy, configuration: quick(chunkCount: 1), name: "working")
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(stuck), OutputSetting(working)]))
        for index in 0..<200 { logger.post(tag: "a.b", payload: LogPayload([("i", .integer(Int64(index)))])) }
        #expect(await eventually { healthy.accepted.count == 200 })
        #expect(stuck.statistics.sentLogs == 0)
        await logger.shutdown()  // abandons the stuck send instead of waiting an hour
    }

    @Test func postingNeverTouchesTheBacklog() async throws {
        // 100,000 logs wait behind a dead backend; posting 10,000 more must only append.
        let storage = InMemoryOutbox(backlog: 100_000)
        let output = BufferedOutput(storage: storage, backend: FailingBackend(), configuration: quick(chunkCount: 500), name: "dead")
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)]))
        let readsBefore = storage.state.withLock { $0.reads }
        await onOwnThread {
            for index in 0..<10_000 { logger.post(tag: "a.b", payload: LogPayload([("i", .integer(Int64(index)))])) }
        }
        await logger.shutdown()
        let state = storage.state.withLock { $0 }
        #expect(state.logs.count == 110_000)
        // Every read came from the sender's retries, one chunk each — never from posting.
        #expect(state.largestRead <= 500)
        #expect(state.reads - readsBefore <= output.statistics.retryableFailures + 1)
    }

    @Test func backoffGrowsWithJitterUpToTheMaximum() {
        var generator = SplitMix64(state: 3)
        let backoff = Backoff(initial: 1, maximum: 60, multiplier: 2, jitter: 0.5)
        for failures in 1...12 {
            let full = min(60, pow(2, Double(failures - 1)))
            for _ in 0..<50 {
                let delay = backoff.delay(afterFailures: failures, using: &generator)
                #expect(delay >= full * 0.5 && delay <= full, "failures \(failures): \(delay)")
            }
        }
        let none = Backoff(initial: 2, maximum: 10, jitter: 0)
        #expect((1...5).map { none.delay(afterFailures: $0, using: &generator) } == [2, 4, 8, 10, 10])
        var draws = Set<Double>()
        for _ in 0..<20 { draws.insert(backoff.delay(afterFailures: 3, using: &generator)) }
        #expect(draws.count > 10)  // jittered, not one value
    }

    @Test func httpStatusesAreClassified() {
        #expect(LogDeliveryResult.httpStatus(200) == .accepted)
        #expect(LogDeliveryResult.httpStatus(204) == .accepted)
        #expect(LogDeliveryResult.httpStatus(503) == .retryableFailure("HTTP 503"))
        #expect(LogDeliveryResult.httpStatus(429) == .retryableFailure("HTTP 429"))
        #expect(LogDeliveryResult.httpStatus(408) == .retryableFailure("HTTP 408"))
        #expect(LogDeliveryResult.httpStatus(400) == .permanentFailure("HTTP 400"))
        #expect(LogDeliveryResult.httpStatus(413) == .permanentFailure("HTTP 413"))
    }

    @Test func chunksAreJSONLines() throws {
        let logs = entries(2).enumerated().map { index, log in
            LogRecord(
                sequence: UInt64(index + 1), tag: log.envelope.tag, timestamp: LogTimestamp(log.envelope.time), uuid: log.envelope.uuid, payload: log.body)
        }
        let lines = String(decoding: LogChunk(logs: logs).jsonLines, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        for (index, line) in lines.enumerated() {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["seq"] as? Int == index + 1)
            #expect(object["uuid"] as? String == logs[index].uuid.uuidString.lowercased())
        }
    }
}

@Suite struct BufferedOutputFlushTests {
    @Test(.timeLimit(.minutes(1))) func flushDuringABackoffTriesAtOnce() async throws {
        // The first send fails and the backoff is an hour; flush must not wait for it.
        let backend = ScriptedBackend([.retryable])
        let output = BufferedOutput(
            storage: InMemoryOutbox(), backend: backend,
            configuration: try BufferedOutputConfiguration(
                chunkCount: 1, flushInterval: .seconds(0), retryDelay: .seconds(3600), maximumRetryDelay: .seconds(3600), retryJitter: 0),
            name: "test")
        let entry = LogEnvelope(tag: "a.b", payload: LogPayload())
        output.write([EncodedLog(envelope: entry, body: Array("{}".utf8))])
        output.writerIsIdle()
        #expect(await eventually { output.statistics.retryableFailures == 1 })
        let started = Date()
        await output.flush()
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(backend.accepted.count == 1 && output.statistics.unsentLogs == 0)
        await output.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aRequestedDelayIsWaitedOutEvenByAFlush() async throws {
        // The backoff is 5 ms, the backend asks for 3 s, and the send timeout (1 s) is
        // shorter than that: the wait happens between sends, not inside one. (The timeout is
        // not shorter still: on a loaded machine the scripted answer itself can take a few
        // hundred milliseconds, and a timed-out send carries no requested delay.)
        let backend = ScriptedBackend([.retryAfter(.seconds(3))])
        let output = BufferedOutput(
            storage: InMemoryOutbox(), backend: backend,
            configuration: try BufferedOutputConfiguration(
                chunkCount: 1, flushInterval: .seconds(0), sendTimeout: .seconds(1), retryDelay: .milliseconds(5), retryJitter: 0),
            name: "test")
        output.write([EncodedLog(envelope: LogEnvelope(tag: "a.b", payload: LogPayload()), body: Array("{}".utf8))])
        output.writerIsIdle()
        #expect(await eventually { output.statistics.retryableFailures == 1 })
        // A flush during the requested wait returns (the last send failed) without sending.
        await output.flush()
        let firstSend = try #require(backend.sendTimes.first)
        if Date().timeIntervalSince(firstSend) < 2.5 { #expect(backend.sends == 1) }
        #expect(await eventually { backend.accepted.count == 1 })
        let times = backend.sendTimes
        try #require(times.count == 2)
        #expect(times[1].timeIntervalSince(times[0]) >= 2.98)
        #expect(output.statistics.retryableFailures == 1)  // no spurious timeouts
        // The backend counts the log as accepted inside `send`, before the output has
        // marked it sent: wait for the output too (under ThreadSanitizer this gap is wide).
        #expect(await eventually { output.statistics.unsentLogs == 0 })
        await output.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aLongBackoffIsNotShortenedByAShortRequestedDelay() async throws {
        // Retry-After is a floor, not a replacement: an hour's backoff still holds, and a
        // flush after the requested 10 ms cuts it short as usual.
        let backend = ScriptedBackend([.retryAfter(.milliseconds(10))])
        let output = BufferedOutput(
            storage: InMemoryOutbox(), backend: backend,
            configuration: try BufferedOutputConfiguration(
                chunkCount: 1, flushInterval: .seconds(0), retryDelay: .seconds(3600), maximumRetryDelay: .seconds(3600), retryJitter: 0),
            name: "test")
        output.write([EncodedLog(envelope: LogEnvelope(tag: "a.b", payload: LogPayload()), body: Array("{}".utf8))])
        output.writerIsIdle()
        #expect(await eventually { output.statistics.retryableFailures == 1 })
        try? await Task.sleep(for: .milliseconds(100))
        #expect(backend.sends == 1)
        await output.flush()
        #expect(backend.accepted.count == 1 && output.statistics.unsentLogs == 0)
        await output.shutdown()
    }
}
