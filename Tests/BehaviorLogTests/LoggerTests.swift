@testable import BehaviorLog
import BehaviorLogTesting
import Foundation
import LogCore
import LogStore
import RecipeLogs
import Testing
import TestSupport

@Suite struct LoggerTests {
    @Test func postsReachTheOutputInOrderWithAnEnvelope() async throws {
        let recorder = RecordingOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder)], schemaVersion: "v1"))
        for index in 0..<100 {
            logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg"))
        }
        await logger.flush()
        let logs = recorder.logs
        #expect(logs.map { $0.payload["recipe_id"] } == (0..<100).map { .integer(Int64($0)) })
        #expect(Set(logs.map(\.uuid)).count == 100)
        #expect(logs.allSatisfy { $0.tag == "recipe_search.tap_search_result" })
        #expect(zip(logs, logs.dropFirst()).allSatisfy { $0.time <= $1.time })
        let body = String(decoding: recorder.encodedLogs[0].body, as: UTF8.self)
        #expect(body == #"{"schema":"v1","common":{},"violations":[],"payload":{"recipe_id":0,"position":1,"keyword":"egg"}}"#)
        await logger.shutdown()
    }

    @Test func outputsReceiveOnlyTheirTags() async throws {
        let searches = RecordingOutput()
        let selections = RecordingOutput()
        let everything = RecordingOutput()
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(outputs: [
                try OutputSetting(searches, tagPattern: "*.search"),
                try OutputSetting(selections, tagPattern: "recipe_search.tap_search_result"),
                OutputSetting(everything),
            ]))
        logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
        logger.post(RecipeSearch.tapSearchResult(recipeId: 1, position: 1, keyword: "egg"))
        logger.post(tag: "other.thing", payload: LogPayload())
        await logger.flush()
        #expect(searches.tags == ["recipe_search.search"])
        #expect(selections.tags == ["recipe_search.tap_search_result"])
        #expect(everything.tags == ["recipe_search.search", "recipe_search.tap_search_result", "other.thing"])
        await logger.shutdown()
    }

    @Test func filtersApplyByPatternInOrderAndMayDrop() async throws {
        struct Append: LogFilter {
            let mark: String
            func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
                envelope.payload.append("mark", .string(mark))
                return .pass
            }
        }
        struct DropAll: LogFilter {
            func apply(to envelope: inout LogEnvelope) -> LogFilterDecision { .drop }
        }
        let recorder = RecordingOutput()
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [
                    FilterSetting(Append(mark: "first")),
                    try FilterSetting(Append(mark: "second"), tagPattern: "recipe_search.search"),
                    try FilterSetting(DropAll(), tagPattern: "debug.**"),
                ],
                outputs: [OutputSetting(recorder)]))
        logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
        logger.post(RecipeSearch.tapSearchResult(recipeId: 1, position: 1, keyword: "egg"))
        logger.post(tag: "debug.trace", payload: LogPayload())
        await logger.flush()
        #expect(recorder.tags == ["recipe_search.search", "recipe_search.tap_search_result"])
        #expect(recorder.logs[0].payload.fields.filter { $0.key == "mark" }.map(\.value) == [.string("first"), .string("second")])
        #expect(recorder.logs[1].payload.fields.filter { $0.key == "mark" }.map(\.value) == [.string("first")])
        let statistics = logger.statistics
        #expect(statistics.posted == 3 && statistics.filteredOut == 1 && statistics.delivered == 2)
        await logger.shutdown()
    }

    @Test func violationsGoToTheirOwnOutput() async throws {
        let main = RecordingOutput()
        let violations = RecordingOutput()
        let history = RecordingOutput()
        let logger = BehaviorLogger(
            configuration: try LoggerConfiguration(
                filters: [FilterSetting(ViolationRoutingFilter())],
                outputs: [
                    OutputSetting(main),
                    OutputSetting(violations, route: .named("violations")),
                    OutputSetting(history, route: .every),
                ]))
        logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
        let reported = Locked<[ConstraintViolation]>([])
        ConstraintViolation.withHandler({ violation in reported.withLock { $0.append(violation) } }) {
            logger.post(RecipeSearch.search(keyword: String(repeating: "long", count: 70), order: .latest, filters: [], page: 1))
        }
        await logger.flush()
        #expect(reported.withLock { $0.map(\.kind) } == [.maxLength])  // told on the posting thread, as well as routed
        #expect(main.logs.count == 1 && main.logs[0].payload["keyword"] == .string("egg"))
        #expect(violations.logs.count == 1 && violations.logs[0].violations.map(\.kind) == [.maxLength])
        #expect(history.logs.count == 2)
        let body = String(decoding: violations.encodedLogs[0].body, as: UTF8.self)
        #expect(body.contains(#""violations":[{"field":"keyword","kind":"maxLength","detail":"280 bytes, limit 256; truncated to 256"}]"#))
        await logger.shutdown()
    }

    @Test func aFullQueueMakesThePosterWaitWithoutLoss() async throws {
        let output = SlowOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], queueCapacity: 8))
        // From a thread of the app's own: a task would not wait (MainThreadTests).
        await onOwnThread {
            for index in 0..<1000 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        }
        await logger.flush()
        #expect(output.recipeIDs == (0..<1000).map(Int64.init))
        #expect(logger.statistics.spills > 0)
        #expect(output.largestBatch <= 8 + 1)  // bounded by the capacity (plus the poster's own log)
        await logger.shutdown()
    }

    @Test func concurrentPostersLoseNothingAndKeepTheirOwnOrder() async throws {
        let recorder = RecordingOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder)], queueCapacity: 64))
        // Four threads of the app's own (tasks would not wait for room: MainThreadTests).
        await withTaskGroup(of: Void.self) { group in
            for poster in 0..<4 {
                group.addTask {
                    await onOwnThread {
                        for index in 0..<2_000 {
                            logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: Int16(poster + 1), keyword: "egg"))
                        }
                    }
                }
            }
        }
        await logger.flush()
        let logs = recorder.logs
        #expect(logs.count == 8_000)
        for poster in 0..<4 {
            let ids = logs.filter { $0.payload["position"] == .integer(Int64(poster + 1)) }.map { $0.payload["recipe_id"] }
            #expect(ids == (0..<2_000).map { .integer(Int64($0)) })
        }
        await logger.shutdown()
    }

    @Test func shutdownWritesEverythingAndLaterPostsAreCounted() async throws {
        let recorder = RecordingOutput()
        let lifecycle = LifecycleOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder), OutputSetting(lifecycle)]))
        for index in 0..<500 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        await logger.shutdown()
        #expect(recorder.logs.count == 500)
        #expect(lifecycle.events.last == "shutdown")
        logger.post(RecipeSearch.tapSearchResult(recipeId: 1, position: 1, keyword: "egg"))
        #expect(logger.statistics.postedAfterShutdown == 1)
        #expect(recorder.logs.count == 500)
    }

    @Test func controlCallsReachTheOutputs() async throws {
        let lifecycle = LifecycleOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(lifecycle)]))
        logger.suspend()
        logger.resume()
        logger.post(tag: "a.b", payload: LogPayload())
        await logger.flush()
        // The writer reports idle once its queue runs empty after a batch.
        for _ in 0..<200 where !lifecycle.events.contains("idle") { try await Task.sleep(for: .milliseconds(5)) }
        await logger.shutdown()
        let events = lifecycle.events
        #expect(Array(events.prefix(2)) == ["suspend", "resume"])
        #expect(events.contains("write 1") && events.contains("flush") && events.contains("idle"))
        #expect(events.last == "shutdown")
    }

    @Test func uuidsAreVersion7AndTimeOrdered() {
        let generator = UUIDGenerator()
        let early = generator.next(at: Date(timeIntervalSince1970: 1_700_000_000))
        let late = generator.next(at: Date(timeIntervalSince1970: 1_700_000_001))
        #expect(early.uuid.6 >> 4 == 7 && early.uuid.8 >> 6 == 0b10)
        #expect(early.uuidString < late.uuidString)
        #expect(generator.next(at: Date()) != generator.next(at: Date()))
    }
}

/// An output that takes its time, to fill the logger's queue.
final class SlowOutput: LogOutput {
    private let state = Locked<(ids: [Int64], largest: Int)>(([], 0))
    func write(_ logs: [EncodedLog]) {
        usleep(200)
        state.withLock { state in
            state.largest = max(state.largest, logs.count)
            for log in logs { if case .integer(let id)? = log.envelope.payload["recipe_id"] { state.ids.append(id) } }
        }
    }
    var recipeIDs: [Int64] { state.withLock { $0.ids } }
    var largestBatch: Int { state.withLock { $0.largest } }
}

/// An output whose writes wait until it is opened.
final class GatedOutput: LogOutput {
    private let gate = DispatchSemaphore(value: 0)
    private let written = AtomicCounter()
    var count: UInt64 { written.load() }
    func open() { gate.signal() }
    func write(_ logs: [EncodedLog]) {
        gate.wait()
        gate.signal()
        written.add(UInt64(logs.count))
    }
}

/// The main thread never waits for the writer: with the writer stuck in a slow output and the
/// queue full, its posts go on past the capacity (counted), then, at four times the capacity,
/// are dropped (counted) — where any other thread would wait. (`isMainThread` stands in for
/// the main thread, which a test does not run on.)
@Suite struct MainThreadTests {
    @Test func theMainThreadNeverWaitsForAFullQueue() async throws {
        let output = GatedOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], queueCapacity: 8), isMainThread: { true })
        for index in 0..<100 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        // Returned: nothing waited. The writer held one batch in the gated output; the queue
        // took up to 32 more; the rest were dropped, and every post is counted once. (The gate
        // opens first, so that the batch it held is counted before shutdown.)
        output.open()
        let statistics = logger.statistics
        #expect(statistics.spills == 0)
        #expect(statistics.mainThreadOverflows > 0 && statistics.mainThreadDrops > 0)
        #expect(statistics.posted == 100)
        await logger.shutdown()
        let after = logger.statistics
        #expect(after.delivered + after.mainThreadDrops == 100)
        #expect(output.count == after.delivered)
    }

    /// Nor does a Swift concurrency task (this test's body is one): a thread of the cooperative
    /// pool that waited for the writer would hold one of its few threads. Were a post to wait,
    /// the gate would open only after a minute (the hang guard) and the test fail.
    @Test func aTaskNeverWaitsForAFullQueue() async throws {
        let output = GatedOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], queueCapacity: 8), isMainThread: { false })
        let guardOpened = Locked(false)
        let hangGuard = Task.detached {
            guard (try? await Task.sleep(for: .seconds(60))) != nil else { return }
            guardOpened.withLock { $0 = true }
            output.open()
        }
        for index in 0..<100 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        hangGuard.cancel()
        #expect(!guardOpened.withLock { $0 }, "a post from a task waited for the writer")
        output.open()
        let statistics = logger.statistics
        #expect(statistics.spills == 0)
        #expect(statistics.taskOverflows > 0 && statistics.taskDrops > 0)
        #expect(statistics.mainThreadOverflows == 0 && statistics.mainThreadDrops == 0)
        #expect(statistics.posted == 100)
        await logger.shutdown()
        let after = logger.statistics
        #expect(after.delivered + after.taskDrops == 100)
    }

    /// A thread of the app's own (not a task, not the main thread) still waits for room, so
    /// nothing it posts is dropped.
    @Test func aThreadOfItsOwnWaitsForRoomAndDropsNothing() async throws {
        let output = GatedOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], queueCapacity: 8), isMainThread: { false })
        let posted = Locked(0)
        let thread = Thread {
            for index in 0..<100 {
                logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg"))
                posted.withLock { $0 += 1 }
            }
        }
        thread.start()
        // It stops at the full queue while the writer is held in the gated output.
        #expect(await eventually { logger.statistics.spills >= 1 })
        #expect(posted.withLock { $0 } < 100)
        output.open()
        #expect(await eventually(within: 60) { posted.withLock { $0 } == 100 })
        await logger.shutdown()
        let after = logger.statistics
        #expect(after.delivered == 100 && after.taskDrops == 0 && after.taskOverflows == 0)
    }
}

/// An output that records the calls it gets.
final class LifecycleOutput: LogOutput {
    private let recorded = Locked<[String]>([])
    var events: [String] { recorded.withLock { $0 } }
    func write(_ logs: [EncodedLog]) { recorded.withLock { $0.append("write \(logs.count)") } }
    func writerIsIdle() { recorded.withLock { $0.append("idle") } }
    func flush() async { recorded.withLock { $0.append("flush") } }
    func suspend() { recorded.withLock { $0.append("suspend") } }
    func resume() { recorded.withLock { $0.append("resume") } }
    func shutdown() async { recorded.withLock { $0.append("shutdown") } }
}

@Suite struct ConsoleOutputTests {
    private func printed(_ format: ConsoleOutput.Format, _ posts: (BehaviorLogger) -> Void) async throws -> [String] {
        let lines = Locked<[UInt8]>([])
        let console = ConsoleOutput(format: format) { bytes in lines.withLock { $0.append(contentsOf: bytes) } }
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(console)], schemaVersion: "v1"))
        posts(logger)
        await logger.shutdown()
        return String(decoding: lines.withLock { $0 }, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func readableLines() async throws {
        let lines = try await printed(.readable) { logger in
            logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
            ConstraintViolation.withHandler({ _ in }) {  // recorded in the log, which is what this test reads
                logger.post(RecipeSearch.search(keyword: String(repeating: "x", count: 300), order: .latest, filters: [], page: 1))
            }
        }
        #expect(lines.count == 2)
        #expect(lines[0].wholeMatch(of: /\d\d:\d\d:\d\d\.\d\d\d recipe_search\.search keyword="egg" order="latest" filters=\[\] page=1/) != nil, "\(lines[0])")
        #expect(lines[1].hasSuffix(#" !violation keyword: maxLength: 300 bytes, limit 256; truncated to 256"#), "\(lines[1])")
    }

    @Test func jsonLinesAreFullEnvelopes() async throws {
        let lines = try await printed(.jsonLines) { logger in
            for index in 0..<3 { logger.post(RecipeSearch.tapSearchResult(recipeId: Int64(index), position: 1, keyword: "egg")) }
        }
        #expect(lines.count == 3)
        for (index, line) in lines.enumerated() {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["seq"] as? Int == index + 1)
            #expect(object["tag"] as? String == "recipe_search.tap_search_result")
            #expect(object["schema"] as? String == "v1")
        }
    }
}
