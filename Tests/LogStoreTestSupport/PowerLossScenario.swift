import Foundation
import LogStore
import TestSupport

/// What a test knows about a store it drove: every entry it handed to the writer (by sequence
/// number), and what the writer reported durable, acknowledged and dropped. A recovered store
/// is checked against it (``PowerLossCheck``).
package struct PowerLossModel: Sendable {
    /// Entries by sequence number, as appended (an entry whose append was cut off by the power
    /// loss is here too: it may or may not have reached the file).
    package var entries: [UInt64: LogEntry] = [:]
    /// The highest sequence number the writer reported durable.
    package var syncedThrough: UInt64 = 0
    /// The highest position of cursor ``PowerLossModel/cursor`` whose acknowledgement returned.
    package var acknowledgedThrough: UInt64 = 0
    /// The highest position of that cursor acknowledged without a sync (durable once the writer closes).
    package var acknowledgedAtClose: UInt64 = 0
    /// The highest position of that cursor asked for (it may have reached the disk).
    package var acknowledgeAttempted: UInt64 = 0
    /// Records up to here may be gone: a cap dropped (or an acknowledgement deleted) their segment.
    package var droppedThrough: UInt64 = 0
    /// Power losses survived so far.
    package var powerLosses = 0

    package static let cursor = "sent"

    package init() {}
}

/// Counters of what the checks saw, summed over scenarios for the report in docs/Store.md.
package struct PowerLossTally: Sendable, CustomStringConvertible {
    package var scenarios = 0
    package var powerLosses = 0
    package var syncedRecordsChecked = 0
    package var syncedRecordsLost = 0
    package var unsyncedRecordsRecovered = 0
    package var garbageRecords = 0
    package var failedRecoveries = 0
    package var tornTailsCut = 0
    package var holesSkipped = 0
    package var recordsResent = 0
    package var problems: [String] = []

    package init() {}

    package mutating func add(_ other: PowerLossTally) {
        scenarios += other.scenarios
        powerLosses += other.powerLosses
        syncedRecordsChecked += other.syncedRecordsChecked
        syncedRecordsLost += other.syncedRecordsLost
        unsyncedRecordsRecovered += other.unsyncedRecordsRecovered
        garbageRecords += other.garbageRecords
        failedRecoveries += other.failedRecoveries
        tornTailsCut += other.tornTailsCut
        holesSkipped += other.holesSkipped
        recordsResent += other.recordsResent
        problems += other.problems
    }

    package var description: String {
        "\(scenarios) scenarios, \(powerLosses) power losses: \(syncedRecordsChecked) synced records checked, "
            + "\(syncedRecordsLost) lost, \(garbageRecords) garbage records handed out, \(failedRecoveries) failed recoveries; "
            + "\(unsyncedRecordsRecovered) unsynced records survived, \(tornTailsCut) torn tails cut, "
            + "\(holesSkipped) holes skipped, \(recordsResent) records to resend (at-least-once)"
    }
}

/// One power-loss scenario: a seeded workload on a writer (appends, batches, flushes, syncs,
/// rotation, caps, an outbox-style consumer that reads after its cursor and acknowledges,
/// clean restarts), power lost at mutating call `crashAt` (or at the end), recovery on the
/// surviving image (itself losing power at its call `recoveryCrashAt`, then recovering
/// again), then appends after recovery. Every store opened after a power loss is checked.
package struct PowerLossScenario: Sendable, CustomStringConvertible {
    package var workloadSeed: UInt64
    /// The mutating call before which power is lost; `nil`: after the whole workload.
    package var crashAt: Int?
    /// Decides which unsynced writes and directory changes survive.
    package var fateSeed: UInt64
    /// The mutating call of the first recovery before which power is lost again; `nil`: none.
    package var recoveryCrashAt: Int?

    package static let directory = "/app/logs"
    /// Prints every mutating call of each generation (to study a failing scenario).
    package var trace = false

    package init(workloadSeed: UInt64, crashAt: Int?, fateSeed: UInt64, recoveryCrashAt: Int?) {
        self.workloadSeed = workloadSeed
        self.crashAt = crashAt
        self.fateSeed = fateSeed
        self.recoveryCrashAt = recoveryCrashAt
    }

    package var description: String {
        "PowerLossScenario(workloadSeed: \(workloadSeed), crashAt: \(crashAt.map(String.init) ?? "nil"), fateSeed: \(fateSeed), recoveryCrashAt: \(recoveryCrashAt.map(String.init) ?? "nil"))"
    }

    /// The workload's configuration (small segments, so that a few hundred records rotate).
    package static func configuration(seed: UInt64, fileSystem: any StoreFileSystem) -> LogStoreConfiguration {
        var random = SeededGenerator(seed: seed ^ 0xC0FF_EE00)
        var configuration = try! LogStoreConfiguration(
            segmentBytes: 4096,
            writeBufferBytes: [0, 700, 2000].randomElement(using: &random)!,
            syncEveryRecords: [1_000_000, 7, 23].randomElement(using: &random)!,
            syncInterval: .seconds(Int32.max),
            maximumTotalBytes: [nil, 3 * 4096, 6 * 4096].randomElement(using: &random)!,
            maximumAge: nil,
            syncMethod: Bool.random(using: &random) ? .full : .barrier)
        configuration.fileSystem = fileSystem
        return configuration
    }

    /// Mutating calls of the workload when power never fails (to spread crash points over).
    package static func operationCount(workloadSeed: UInt64) -> Int {
        let fileSystem = PowerLossFileSystem(seed: 0)
        var model = PowerLossModel()
        var tally = PowerLossTally()
        Workload(seed: workloadSeed, steps: stepCount(workloadSeed)).run(on: fileSystem, model: &model, tally: &tally)
        return fileSystem.operations
    }

    private static func stepCount(_ seed: UInt64) -> Int {
        40 + Int(seed % 61) * 2
    }

    /// Runs the scenario; the tally's `problems` name every property that did not hold.
    package func run() -> PowerLossTally {
        var tally = PowerLossTally()
        tally.scenarios = 1
        var model = PowerLossModel()
        var fates = SeededGenerator(seed: fateSeed)
        let first = PowerLossFileSystem(seed: fates.next())
        first.powerFailsAt = crashAt
        Workload(seed: workloadSeed, steps: Self.stepCount(workloadSeed)).run(on: first, model: &model, tally: &tally)
        if !tally.problems.isEmpty { return tally.labelled(self) }
        model.powerLosses += 1
        if trace {
            print("== workload (synced through \(model.syncedThrough), acknowledged \(model.acknowledgedThrough), dropped through \(model.droppedThrough))");
            for (index, operation) in first.operationLog.enumerated() { print(index, operation) }
        }

        // Recovery, losing power during it (or during the appends after it) when asked.
        let imageSeed = fates.next()
        var current = first.image(seed: imageSeed)
        if let recoveryCrashAt {
            current.powerFailsAt = recoveryCrashAt
            var afterRecovery = Workload(seed: workloadSeed &+ 7_777, steps: 12)
            afterRecovery.isRecovery = true
            afterRecovery.run(on: current, model: &model, tally: &tally)
            if trace {
                print(
                    "== recovery (synced through \(model.syncedThrough), acknowledged \(model.acknowledgedThrough), dropped through \(model.droppedThrough))");
                for (index, operation) in current.operationLog.enumerated() { print(index, operation) }
            }
            if !tally.problems.isEmpty { return tally.labelled(self) }
            model.powerLosses += 1
            current = current.image(seed: fates.next())
        }
        tally.powerLosses = model.powerLosses
        Recovery.check(current, seed: fates.next(), model: model, tally: &tally)
        return tally.labelled(self)
    }
}

extension PowerLossTally {
    fileprivate func labelled(_ scenario: PowerLossScenario) -> PowerLossTally {
        var copy = self
        copy.problems = problems.map { "\(scenario): \($0)" }
        return copy
    }
}

/// The seeded workload: what an app's logger and a buffered output do to a store.
struct Workload {
    var seed: UInt64
    var steps: Int
    /// Opened right after a power loss: the opening is recovery, and is checked as such.
    var isRecovery = false

    func run(on fileSystem: PowerLossFileSystem, model: inout PowerLossModel, tally: inout PowerLossTally) {
        var random = SeededGenerator(seed: seed)
        let configuration = PowerLossScenario.configuration(seed: seed, fileSystem: fileSystem)
        var writer: LogStoreWriter
        if isRecovery {
            guard let recovered = Recovery.open(fileSystem, configuration: configuration, model: &model, tally: &tally) else { return }
            writer = recovered
        } else {
            do {
                writer = try LogStoreWriter(directory: PowerLossScenario.directory, configuration: configuration)
            } catch {
                if !fileSystem.hasLostPower { tally.problems.append("opening the store failed: \(error)") }
                return
            }
        }
        var consumed = (try? writer.acknowledgedSequence(cursor: PowerLossModel.cursor)) ?? 0
        var counter = seed << 20

        func nextEntry() -> LogEntry {
            counter += 1
            var payload = [UInt8](repeating: 0, count: Int(random.next() % 420))
            var bits = SeededGenerator(seed: counter)
            for index in payload.indices { payload[index] = UInt8(truncatingIfNeeded: bits.next()) }
            let tags = ["search.submitted", "checkout.paid", "app.launched"]
            return LogEntry(
                tag: tags[Int(counter % 3)],
                timestamp: LogTimestamp(microsecondsSince1970: 1_760_000_000_000_000 + Int64(counter)),
                uuid: UUID(uuid: Self.uuidBytes(counter, seed)), payload: payload)
        }

        /// The segments the writer reported, by number (to know what a deleted one held).
        var ranges: [UInt64: ClosedRange<UInt64>] = [:]
        func noteSegments() {
            for segment in writer.stats().segments { if let range = segment.sequenceRange { ranges[segment.number] = range } }
        }
        /// A segment the writer deleted (a cap, or every cursor past it): its records may be gone.
        func noteDeletedSegments() {
            for case .unlink(let path) in fileSystem.operationLog {
                // (An unknown one held no records: an empty segment deleted once superseded.)
                guard let number = StoreLayoutNames.segmentNumber(path), let range = ranges[number] else { continue }
                model.droppedThrough = max(model.droppedThrough, range.upperBound)
            }
        }
        noteSegments()

        func append(_ entry: LogEntry) throws(LogStoreError) {
            let expected = writer.lastSequence + 1
            model.entries[expected] = entry
            let sequence = try writer.append(entry)
            if sequence != expected { tally.problems.append("append got sequence \(sequence), expected \(expected)") }
        }

        for _ in 0..<steps {
            let choice = random.next() % 100
            do throws(LogStoreError) {
                switch choice {
                case 0..<45:
                    try append(nextEntry())
                case 45..<58:
                    let batch = (0..<2 + Int(random.next() % 11)).map { _ in nextEntry() }
                    let first = writer.lastSequence + 1
                    for (offset, entry) in batch.enumerated() { model.entries[first + UInt64(offset)] = entry }
                    let range = try writer.append(contentsOf: batch)
                    if range?.lowerBound != first { tally.problems.append("batch got \(String(describing: range)), expected from \(first)") }
                case 58..<64:
                    try writer.flush()
                case 64..<76:
                    model.syncedThrough = max(model.syncedThrough, try writer.sync())
                case 76..<96:
                    // An outbox: read what is durable after the position in memory, "send" it,
                    // and persist the position now and then.
                    let durable = writer.durableSequence
                    let records = try writer.read(after: consumed, limit: 1 + Int(random.next() % 25)).filter { $0.sequence <= durable }
                    if let last = records.last { consumed = last.sequence }
                    if random.next() % 2 == 0 && consumed > model.acknowledgedThrough {
                        // Durably (the cursor synced), or not (synced at close), as an outbox does.
                        let durably = random.next() % 3 != 0
                        model.acknowledgeAttempted = max(model.acknowledgeAttempted, consumed)
                        try writer.acknowledge(cursor: PowerLossModel.cursor, through: consumed, durably: durably)
                        if durably {
                            model.acknowledgedThrough = max(model.acknowledgedThrough, consumed)
                        } else {
                            model.acknowledgedAtClose = max(model.acknowledgedAtClose, consumed)
                        }
                    }
                default:
                    // A clean restart of the app.
                    try writer.close()
                    model.syncedThrough = max(model.syncedThrough, writer.durableSequence)
                    model.acknowledgedThrough = max(model.acknowledgedThrough, model.acknowledgedAtClose)
                    writer = try LogStoreWriter(directory: PowerLossScenario.directory, configuration: configuration)
                }
            } catch {
                if !fileSystem.hasLostPower { tally.problems.append("step \(choice) failed without a power loss: \(error)") }
                break
            }
            model.syncedThrough = max(model.syncedThrough, writer.durableSequence)
            noteSegments()
        }
        model.syncedThrough = max(model.syncedThrough, writer.durableSequence)
        noteDeletedSegments()  // also by the step that lost power (a rotation's caps)
        // The machine goes off with the writer open.
        fileSystem.losePower()
        _ = try? writer.close()
    }

    static func uuidBytes(_ counter: UInt64, _ seed: UInt64) -> uuid_t {
        let a = counter, b = seed
        return (
            UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16), UInt8(truncatingIfNeeded: a >> 24),
            UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40), 0x40 | UInt8(truncatingIfNeeded: a >> 48) & 0x0F,
            UInt8(truncatingIfNeeded: a >> 56),
            0x80 | UInt8(truncatingIfNeeded: b) & 0x3F, UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b >> 16),
            UInt8(truncatingIfNeeded: b >> 24),
            UInt8(truncatingIfNeeded: b >> 32), UInt8(truncatingIfNeeded: b >> 40), UInt8(truncatingIfNeeded: b >> 48), UInt8(truncatingIfNeeded: b >> 56)
        )
    }
}

/// Opening a store after a power loss, and what must hold of it.
package enum Recovery {
    /// Checks the image with a reader (no garbage before recovery either), opens a writer on it
    /// (recovery), and checks what the writer holds against the model: nothing that was never
    /// written, nothing out of order or twice, every synced record not acknowledged or dropped,
    /// the cursor between what was acknowledged and what was asked. Then forgets the unsynced
    /// entries that did not survive (their sequence numbers may be given again).
    /// - Returns: the writer; `nil` when power was lost again while opening, or on a problem.
    static func open(
        _ fileSystem: PowerLossFileSystem, configuration: LogStoreConfiguration,
        model: inout PowerLossModel, tally: inout PowerLossTally
    ) -> LogStoreWriter? {
        let directory = PowerLossScenario.directory
        var rawSegments: [LogSegmentInfo] = []
        let problemsBefore = tally.problems.count
        do {
            let reader = try LogStoreReader(directory: directory, fileSystem: fileSystem)
            rawSegments = try reader.segments()
            let records = try reader.read(after: 0, limit: .max)
            checkRecords(records, what: "a reader of the image before recovery", model: model, tally: &tally, counting: false)
            tally.tornTailsCut += rawSegments.filter { $0.tornTailBytes > 0 }.count
        } catch LogStoreError.notAStore {
            if model.syncedThrough > 0 {
                tally.problems.append("the store directory is gone although records through \(model.syncedThrough) were synced")
            }
        } catch {
            if fileSystem.hasLostPower { return nil }
            tally.problems.append("a reader of the image failed: \(error)")
        }

        if ProcessInfo.processInfo.environment["POWER_LOSS_TRACE"] != nil {
            print("== image: \(fileSystem.names(in: directory))")
            for segment in rawSegments {
                print(
                    "segment \(segment.number): \(String(describing: segment.sequenceRange)) records \(segment.recordCount) bytes \(segment.fileBytes) torn \(segment.tornTailBytes) skipped \(segment.corruptSkipped)"
                )
            }
        }
        let opened = Result { () throws(LogStoreError) in try LogStoreWriter(directory: directory, configuration: configuration) }
        // Segments a cap dropped while opening (even if power was lost before it finished).
        for case .unlink(let path) in fileSystem.operationLog {
            for segment in rawSegments where StoreLayoutNames.segmentNumber(path) == segment.number {
                if let range = segment.sequenceRange { model.droppedThrough = max(model.droppedThrough, range.upperBound) }
            }
        }
        let writer: LogStoreWriter
        switch opened {
        case .success(let opened):
            writer = opened
        case .failure(let error):
            if fileSystem.hasLostPower { return nil }
            tally.failedRecoveries += 1
            tally.problems.append("recovery failed: \(error)")
            return nil
        }
        // A torn tail is cut and counted: the recovered summary says how many bytes went.
        let recovered = Dictionary(writer.stats().segments.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        for segment in rawSegments where segment.tornTailBytes > 0 {
            guard let after = recovered[segment.number], after.sequenceRange != nil else { continue }
            if after.tornTailBytes != segment.tornTailBytes {
                tally.problems.append("segment \(segment.number): a torn tail of \(segment.tornTailBytes) bytes, after recovery \(after.tornTailBytes) counted")
            }
        }
        do {
            let records = try writer.read(after: 0, limit: .max)
            checkRecords(records, what: "the recovered store", model: model, tally: &tally, counting: true)
            tally.holesSkipped += writer.stats().segments.reduce(0) { $0 + $1.corruptSkipped }

            // Cursors never point past what the store holds, and never move back behind an
            // acknowledgement that returned.
            let cursor = try writer.acknowledgedSequence(cursor: PowerLossModel.cursor)
            if ProcessInfo.processInfo.environment["POWER_LOSS_TRACE"] != nil {
                print(
                    "== recovered: cursor \(cursor), last sequence \(writer.lastSequence), model acknowledged \(model.acknowledgedThrough) ... \(model.acknowledgeAttempted)"
                )
            }
            if cursor < model.acknowledgedThrough {
                tally.problems.append("cursor at \(cursor), behind the acknowledged \(model.acknowledgedThrough)")
            }
            if cursor > model.acknowledgeAttempted {
                tally.problems.append("cursor at \(cursor), never acknowledged (highest asked \(model.acknowledgeAttempted))")
            }
            if cursor > writer.lastSequence { tally.problems.append("cursor at \(cursor), past the last sequence \(writer.lastSequence)") }
            let unsent = try writer.read(cursor: PowerLossModel.cursor, limit: .max)
            if let first = unsent.first, first.sequence <= cursor { tally.problems.append("a read after the cursor returned \(first.sequence)") }
            tally.recordsResent += unsent.filter { $0.sequence <= model.acknowledgeAttempted }.count
            model.acknowledgedThrough = cursor
            model.acknowledgeAttempted = cursor
            model.acknowledgedAtClose = cursor

            // What did not survive is forgotten; what did is durable now.
            let present = Set(records.map(\.sequence))
            for sequence in model.entries.keys where !present.contains(sequence) && sequence <= writer.lastSequence {
                model.entries[sequence] = nil
            }
            for sequence in model.entries.keys where sequence > writer.lastSequence { model.entries[sequence] = nil }
            model.syncedThrough = max(model.syncedThrough, writer.durableSequence)
        } catch {
            if fileSystem.hasLostPower { return nil }
            tally.problems.append("reading the recovered store failed: \(error)")
        }
        return tally.problems.count == problemsBefore ? writer : nil
    }

    static func checkRecords(_ records: [LogRecord], what: String, model: PowerLossModel, tally: inout PowerLossTally, counting: Bool) {
        var previous: UInt64 = 0
        var present = Set<UInt64>()
        for record in records {
            if record.sequence <= previous { tally.problems.append("\(what): sequence \(record.sequence) after \(previous)") }
            previous = record.sequence
            present.insert(record.sequence)
            if model.entries[record.sequence] != record.entry {
                tally.garbageRecords += 1
                tally.problems.append("\(what): record \(record.sequence) was never written (\(record.tag), \(record.payload.count) bytes)")
            } else if counting && record.sequence > model.syncedThrough {
                tally.unsyncedRecordsRecovered += 1
            }
        }
        guard counting else { return }
        let floor = max(model.acknowledgedThrough, model.droppedThrough)
        guard floor < model.syncedThrough else { return }
        var lost = 0
        for sequence in floor + 1...model.syncedThrough where model.entries[sequence] != nil {
            tally.syncedRecordsChecked += 1
            if !present.contains(sequence) {
                tally.syncedRecordsLost += 1
                lost += 1
                if lost <= 3 { tally.problems.append("\(what): synced record \(sequence) is lost") }
            }
        }
    }

    /// After the last power loss: recovery, then appends that must be durable and readable, and
    /// a verification that finds no torn tail left behind.
    static func check(_ fileSystem: PowerLossFileSystem, seed: UInt64, model: PowerLossModel, tally: inout PowerLossTally) {
        var model = model
        let configuration = PowerLossScenario.configuration(seed: seed, fileSystem: fileSystem)
        guard let writer = open(fileSystem, configuration: configuration, model: &model, tally: &tally) else {
            if tally.problems.isEmpty { tally.problems.append("power lost during the final recovery") }
            return
        }
        do {
            let verification = try LogStoreReader(directory: PowerLossScenario.directory, fileSystem: fileSystem).verify()
            if verification.sequenceRegressions > 0 { tally.problems.append("sequence numbers go backwards after recovery: \(verification)") }
            if verification.tornTailBytes > 0 { tally.problems.append("recovery left \(verification.tornTailBytes) torn tail bytes") }

            let entries = (0..<3).map { index in
                LogEntry(
                    tag: "app.recovered", timestamp: LogTimestamp(microsecondsSince1970: 1_760_000_000_000_000 + Int64(index)),
                    uuid: UUID(uuid: Workload.uuidBytes(UInt64(index), seed)), payload: Array("after recovery \(index)".utf8))
            }
            let range = try writer.append(contentsOf: entries)!
            let durable = try writer.sync()
            if durable < range.upperBound { tally.problems.append("sync after recovery reported \(durable), below \(range.upperBound)") }
            let back = try writer.read(after: range.lowerBound - 1, limit: 10)
            if back.map(\.entry) != entries { tally.problems.append("records appended after recovery read back as \(back.map(\.sequence))") }
            try writer.close()
        } catch {
            tally.problems.append("after recovery: \(error)")
        }
    }
}

/// Many scenarios: per workload, power lost at every N-th mutating call, at seeded random
/// calls, and after the end; most of them lose power again during recovery.
package enum PowerLossCampaign {
    /// `perWorkload` scenarios for each workload in `workloads`; `nil`: one for every mutating
    /// call of the workload (every crash point), plus one after the end.
    package static func scenarios(workloads: Range<UInt64>, perWorkload: Int?) -> [PowerLossScenario] {
        var scenarios: [PowerLossScenario] = []
        for workload in workloads {
            let seed = workload &* 0x9E37_79B9 &+ 1
            let operations = PowerLossScenario.operationCount(workloadSeed: seed)
            var random = SeededGenerator(seed: seed ^ 0x5EED)
            let count = perWorkload ?? operations + 1
            for index in 0..<count {
                let crashAt: Int?
                if perWorkload == nil {
                    crashAt = index < operations ? index : nil
                } else if index == count - 1 {
                    crashAt = nil
                } else if index % 2 == 0 {
                    crashAt = (index / 2 + 1) * operations / (count / 2 + 1)  // every N-th call
                } else {
                    crashAt = Int(random.next() % UInt64(max(operations, 1)))
                }
                let recoveryCrashAt: Int? = random.next() % 4 == 0 ? nil : Int(random.next() % 40)
                scenarios.append(PowerLossScenario(workloadSeed: seed, crashAt: crashAt, fateSeed: random.next(), recoveryCrashAt: recoveryCrashAt))
            }
        }
        return scenarios
    }

    /// Runs `scenarios` and sums what they saw.
    package static func run(_ scenarios: [PowerLossScenario]) -> PowerLossTally {
        var tally = PowerLossTally()
        for scenario in scenarios { tally.add(scenario.run()) }
        return tally
    }
}

/// Reading the names of a store's files (docs/Store.md, "Files") in the calls a file system saw.
enum StoreLayoutNames {
    /// The number of the segment file at `path`; `nil` for another file.
    static func segmentNumber(_ path: String) -> UInt64? {
        guard let name = path.split(separator: "/").last, name.hasPrefix("segment-"), name.hasSuffix(".log") else { return nil }
        return UInt64(name.dropFirst(8).dropLast(4))
    }
}
