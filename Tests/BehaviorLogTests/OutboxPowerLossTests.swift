@testable import BehaviorLog
import Foundation
import LogStore
import LogStoreTestSupport
import TestSupport
import Testing

/// A buffered output's outbox (`LogStoreOutbox`) on a store that loses power: appends,
/// group commits (`makeDurable`), sends (read what is durable after the position, then
/// acknowledge; the cursor is persisted every `cursorLogs`), clean restarts. After the power
/// loss (and often a second one while the outbox reopens), a new outbox on the surviving
/// image must deliver every log that was durable and not sent, never one that was not
/// appended, each once and in order, and resend only logs sent since the cursor was last
/// made durable (when the outbox closed). `shared`: the outbox is a history's store
/// (`BufferedOutput(history:…)`), synced by the history's scheduler.
struct OutboxPowerLossScenario: CustomStringConvertible {
    var seed: UInt64
    var crashAt: Int?
    var fateSeed: UInt64
    var recoveryCrashAt: Int?
    var shared = false

    static let directory = "/app/outbox"
    static let chunk = 30

    var description: String {
        "OutboxPowerLossScenario(seed: \(seed), crashAt: \(crashAt.map(String.init) ?? "nil"), fateSeed: \(fateSeed), recoveryCrashAt: \(recoveryCrashAt.map(String.init) ?? "nil"), shared: \(shared))"
    }

    var cursorLogs: Int { [1, 5, 20][Int(seed % 3)] }

    func makeOutbox(on fileSystem: PowerLossFileSystem) throws -> LogStoreOutbox {
        var configuration = try LogStoreConfiguration(
            segmentBytes: 4096, writeBufferBytes: Int(seed % 2) * 1000, syncEveryRecords: Int(Int32.max),
            syncInterval: .seconds(Int32.max), maximumTotalBytes: nil, maximumAge: nil)
        configuration.fileSystem = fileSystem
        // The group-commit thread never syncs by itself here (count and interval out of reach):
        // the scenario calls makeDurable, so that the calls it makes are the same every run.
        let outbox: LogStoreOutbox
        if shared {
            // The history's sync thread never syncs by itself either (its interval out of reach).
            let history = try LocalStoreOutput(directory: URL(fileURLWithPath: Self.directory), configuration: configuration, syncInterval: .seconds(Int32.max))
            outbox = LogStoreOutbox(history: history, cursorInterval: 1e9, cursorLogs: cursorLogs)
        } else {
            outbox = LogStoreOutbox(directory: Self.directory, configuration: configuration, cursorInterval: 1e9, cursorLogs: cursorLogs)
        }
        try outbox.open()  // as the sender's thread does first
        return outbox
    }

    struct Outcome {
        var problems: [String] = []
        var powerLosses = 0
        var delivered = 0
        var resent = 0
        var operations = 0
    }

    /// Appended logs by UUID, in order.
    private final class Ledger {
        var appended: [UUID: LogEntry] = [:]
        var durable = Set<UUID>()
        var sent = Set<UUID>()
        /// Sent since the cursor was last made durable (the outbox syncs it when it closes).
        var sentSinceClose = Set<UUID>()
    }

    private func workload(on fileSystem: PowerLossFileSystem, steps: Int, seed: UInt64, ledger: Ledger, send: Bool, outcome: inout Outcome) {
        var random = SeededGenerator(seed: seed)
        var outbox: LogStoreOutbox
        do {
            outbox = try makeOutbox(on: fileSystem)
        } catch {
            if !fileSystem.hasLostPower { outcome.problems.append("opening the outbox failed: \(error)") }
            return
        }
        var counter = seed << 24
        var appendedHere: [UUID] = []
        for _ in 0..<steps {
            do {
                switch random.next() % 10 {
                case 0..<4:
                    let logs = (0..<1 + Int(random.next() % 8)).map { _ -> EncodedLog in
                        counter += 1
                        var bits = SeededGenerator(seed: counter)
                        let body = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: bits.next()) }
                        let envelope = LogEnvelope(
                            uuid: UUID(uuid: uuidBytes(counter)), time: Date(timeIntervalSince1970: 1_760_000_000 + Double(counter % 1000)),
                            tag: "search.submitted", payload: LogPayload())
                        return EncodedLog(envelope: envelope, body: body)
                    }
                    for log in logs {
                        ledger.appended[log.envelope.uuid] = LogStoreOutbox.storeEntry(log)
                        appendedHere.append(log.envelope.uuid)
                    }
                    try outbox.append(logs)
                case 4..<6:
                    // What this outbox appended (what a previous life appended but lost is not).
                    let before = appendedHere
                    try outbox.makeDurable()
                    ledger.durable.formUnion(before)
                case 6..<9 where send:
                    let records = try outbox.readUnsent(maxCount: 1 + Int(random.next() % UInt64(Self.chunk)), maxBytes: 1 << 20)
                    guard let last = records.last else { break }
                    ledger.sent.formUnion(records.map(\.uuid))
                    ledger.sentSinceClose.formUnion(records.map(\.uuid))
                    try outbox.acknowledge(through: last.sequence)
                default:
                    try outbox.close()
                    // (Reopened after a power loss, an outbox that sends nothing makes no older
                    // acknowledgement durable: its cursor is the recovered one.)
                    if send { ledger.sentSinceClose = [] }
                    outbox = try makeOutbox(on: fileSystem)
                }
            } catch {
                if !fileSystem.hasLostPower { outcome.problems.append("a step failed without a power loss: \(error)") }
                break
            }
        }
        fileSystem.losePower()
        try? outbox.close()
    }

    private func uuidBytes(_ counter: UInt64) -> uuid_t {
        let a = counter
        return (
            UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16), UInt8(truncatingIfNeeded: a >> 24),
            UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40), 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 7
        )
    }

    func run() -> Outcome {
        var outcome = Outcome()
        let ledger = Ledger()
        var fates = SeededGenerator(seed: fateSeed)
        let first = PowerLossFileSystem(seed: fates.next())
        first.powerFailsAt = crashAt
        workload(on: first, steps: 60 + Int(seed % 40), seed: seed, ledger: ledger, send: true, outcome: &outcome)
        outcome.operations = first.operations
        outcome.powerLosses = 1
        var current = first.image(seed: fates.next())
        if let recoveryCrashAt {
            // Reopening (recovery) and appending, losing power again.
            current.powerFailsAt = recoveryCrashAt
            workload(on: current, steps: 8, seed: seed &+ 99, ledger: ledger, send: false, outcome: &outcome)
            outcome.powerLosses += 1
            current = current.image(seed: fates.next())
        }
        guard outcome.problems.isEmpty else { return outcome.labelled(self) }

        // A new outbox sends everything unsent.
        do {
            let outbox = try makeOutbox(on: current)
            defer { try? outbox.close() }
            var delivered: [LogRecord] = []
            while true {
                let records = try outbox.readUnsent(maxCount: Self.chunk, maxBytes: 1 << 20)
                guard let last = records.last else { break }
                delivered += records
                try outbox.acknowledge(through: last.sequence)
                if delivered.count > 100_000 { outcome.problems.append("the outbox never runs dry"); break }
            }
            var seen = Set<UUID>()
            var previous: UInt64 = 0
            for record in delivered {
                if record.sequence <= previous { outcome.problems.append("sequence \(record.sequence) after \(previous)") }
                previous = record.sequence
                if !seen.insert(record.uuid).inserted { outcome.problems.append("log \(record.uuid) delivered twice") }
                if ledger.appended[record.uuid] != record.entry { outcome.problems.append("record \(record.sequence) was never appended") }
            }
            let unsent = ledger.durable.subtracting(ledger.sent)
            let skipped = unsent.subtracting(seen)
            if !skipped.isEmpty { outcome.problems.append("\(skipped.count) durable logs never sent") }
            let resent = seen.intersection(ledger.sent).count
            // The outbox persists its cursor without a sync (every cursorLogs logs) and syncs it
            // when it closes: a power loss may take it back to where it was at the last close,
            // never further.
            let resentFromBefore = seen.intersection(ledger.sent.subtracting(ledger.sentSinceClose)).count
            if resentFromBefore > 0 { outcome.problems.append("\(resentFromBefore) logs resent that were sent and acknowledged before the last close") }
            outcome.delivered = delivered.count
            outcome.resent = resent
        } catch {
            outcome.problems.append("the outbox after recovery: \(error)")
        }
        return outcome.labelled(self)
    }
}

extension OutboxPowerLossScenario.Outcome {
    fileprivate func labelled(_ scenario: OutboxPowerLossScenario) -> Self {
        var copy = self
        copy.problems = problems.map { "\(scenario): \($0)" }
        return copy
    }
}

@Suite struct OutboxPowerLossTests {
    /// 384 scenarios: 32 workloads on an outbox's own store and 16 on a history's, power lost at
    /// 8 points of each (every N-th call, seeded random ones, after the end), most losing power
    /// again while the outbox reopens.
    @Test func anOutboxNeverSkipsAnUnsentLogNorResendsBeyondItsCursor() async {
        let (problems, summary) = await onOwnThread { () -> ([String], String) in
            var problems: [String] = []
            var scenarios = 0, losses = 0, delivered = 0, resent = 0
            for workload in UInt64(0)..<48 {
                let seed = workload &* 0x51_7CC1 &+ 3
                var random = SeededGenerator(seed: seed)
                // The last 16 on a history's store (`BufferedOutput(history:…)`).
                let shared = workload >= 32
                let operations = OutboxPowerLossScenario(seed: seed, crashAt: nil, fateSeed: 0, recoveryCrashAt: nil, shared: shared).run().operations
                for index in 0..<8 {
                    let crashAt: Int? = index == 7 ? nil : index % 2 == 0 ? (index / 2 + 1) * operations / 5 : Int(random.next() % UInt64(max(1, operations)))
                    let scenario = OutboxPowerLossScenario(
                        seed: seed, crashAt: crashAt, fateSeed: random.next(), recoveryCrashAt: random.next() % 4 == 0 ? nil : Int(random.next() % 30),
                        shared: shared)
                    let outcome = scenario.run()
                    problems += outcome.problems
                    scenarios += 1
                    losses += outcome.powerLosses
                    delivered += outcome.delivered
                    resent += outcome.resent
                }
            }
            return (problems, "\(scenarios) outbox scenarios, \(losses) power losses: \(delivered) logs delivered after recovery, \(resent) of them resent")
        }
        print(summary)
        #expect(problems.count == 0, "\(problems.prefix(20).joined(separator: "\n"))")
    }
}
