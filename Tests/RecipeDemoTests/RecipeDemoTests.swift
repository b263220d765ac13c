import BehaviorLog
import Foundation
import LogCore
import LogStore
import Testing
import TestSupport
@testable import RecipeDemo

@Suite struct RecipeDemoTests {
    @Test func theDemoRunsThePipelineEndToEnd() async throws {
        let directory = TemporaryDirectory("recipe-demo")
        defer { directory.remove() }
        let demo = RecipeDemo(options: RecipeDemo.Options(events: 3_000, seed: 9, storeDirectory: directory.path, printDurable: true))
        let lines = LineCollector()
        let summary = try await demo.run { lines.append($0) }

        #expect(summary.posted == 3_000 && summary.durableInHistory == 3_000 && summary.historyRecords == 3_000)
        #expect(summary.backendLogs == 3_000 && summary.unsent == 0)
        #expect(summary.violations > 0)
        // `durable N` lines rise to the number posted.
        let counts = lines.lines.compactMap { Int($0.dropFirst("durable ".count).dropLast()) }
        #expect(counts == counts.sorted() && counts.last == 3_000)

        let records = try LogStoreReader(directory: directory.path).read(after: 0, limit: 10_000)
        #expect(records.count == 3_000 && Set(records.map(\.uuid)).count == 3_000)
        // Replay the simulation: the stored logs are its events, in order, with the envelope.
        var simulator = SessionSimulator(seed: 9)
        for record in records {
            let step = ConstraintViolation.withHandler({ _ in }) { simulator.next() }
            #expect(record.tag == step.event.tag)
            let text = String(decoding: record.payload, as: UTF8.self)
            #expect(text.hasPrefix(#"{"schema":"fnv1a64:"#) && text.contains(#","common":{"user_id":"#))
            let object = try #require(JSONSerialization.jsonObject(with: Data(record.payload)) as? [String: Any])
            #expect(Set(object.keys) == ["schema", "common", "violations", "payload"])
            // Personal data never reaches the disk in clear.
            let common = try #require(object["common"] as? [String: Any])
            #expect((common["device_id"] as? String)?.hasPrefix("sha256:") == true)
            if record.tag == "user_post_detail.show", let nickname = (object["payload"] as? [String: Any])?["author_nickname"] as? String {
                #expect(nickname.hasPrefix("sha256:"))
            }
        }
        let outbox = try LogStoreReader(directory: demo.outboxDirectory)
        #expect(try outbox.acknowledgedSequence(cursor: "sent") == 3_000)
    }
}

final class LineCollector: Sendable {
    private let stored = Locked<[String]>([])
    func append(_ line: String) { stored.withLock { $0.append(line) } }
    var lines: [String] { stored.withLock { $0 } }
}

@Suite struct RecipeDemoCommandTests {
    /// `--history-megabytes` sets the local store's cap; one below two segments is a usage error.
    @Test func historyCapIsValidated() throws {
        let directory = TemporaryDirectory("recipe-demo-cap")
        defer { directory.remove() }
        let executable = try ProcessRunner.builtExecutable("recipe-demo")
        func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
            let result = try ProcessRunner.run(executable, arguments)
            return (result.status, result.standardError)
        }
        let tooSmall = try run(["--events", "10", "--store", directory.path, "--history-megabytes", "8"])
        #expect(tooSmall.status == 64)
        #expect(tooSmall.errors.hasPrefix("recipe-demo: error: --history-megabytes must be at least 16"))
        let accepted = try run(["--events", "10", "--store", directory.path, "--history-megabytes", "16"])
        #expect(accepted.status == 0, "\(accepted.errors)")
        #expect(try LogStoreReader(directory: directory.path).read(after: 0, limit: 100).count == 10)
    }
}
