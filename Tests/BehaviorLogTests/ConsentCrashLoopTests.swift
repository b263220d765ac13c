import Foundation
import LogStore
import TestSupport
import Testing

/// SIGKILL `consent-probe` around a `setConsent(.denied)`, over and over, on one outbox and one
/// backend record: the backend never receives a log posted after the denial returned — not
/// in the killed run, and not after a restart while the app keeps passing `.denied` (issue 17).
@Suite(.serialized) struct ConsentCrashLoopTests {
    static let iterations = 20

    private struct Findings: Sendable {
        var problems: [String] = []
        var killsAfterDenial = 0
        var sentBeforeDenial = 0
    }

    @Test func aLogPostedAfterADenialNeverReachesTheBackend() async throws {
        let findings = try await onOwnThread { try Self.loop() }
        #expect(findings.problems.isEmpty, "\(findings.problems.prefix(10).joined(separator: "\n"))")
        // The kills landed after denials, and the backend was receiving logs before them: the
        // rule was tested against a busy sender, not an idle one.
        #expect(findings.killsAfterDenial >= Self.iterations / 2)
        #expect(findings.sentBeforeDenial > 0)
    }

    /// The backend's record: `(run, n)` per log received. A line torn by a kill is left out when
    /// it lost a field, and reads as a smaller `n` of its run otherwise (never a later log);
    /// the next run ends it before writing its own lines.
    private static func received(_ path: String) -> [(run: Int, n: Int)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, let run = Int(fields[0]), let n = Int(fields[1]) else { return nil }
            return (run, n)
        }
    }

    private static func loop() throws -> Findings {
        let probe = try ProcessRunner.builtExecutable("consent-probe")
        let root = TemporaryDirectory("consent-crash").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = (root as NSString).appendingPathComponent("outbox")
        let record = (root as NSString).appendingPathComponent("received")
        var findings = Findings()
        var deniedAt: [Int: Int] = [:]  // run → the first log posted after its denial
        var random = SystemRandomNumberGenerator()
        var run = 0
        func start(_ arguments: [String]) throws -> RunningProcess {
            try ProcessRunner.start(probe, ["--store", store, "--received", record, "--run", "\(run)"] + arguments)
        }

        for iteration in 0..<iterations {
            // A: granted (or pending) at start, denied after `limit` posts, killed around the denial.
            run += 1
            let limit = Int.random(in: 100...3_000, using: &random)
            let startConsent = iteration % 3 == 2 ? "pending" : "granted"
            let before = received(record).count
            let first = try start(["--consent", startConsent, "--deny-after", "\(limit)"])
            if iteration % 2 == 0 {
                first.waitForOutput(containing: "denied ")
                usleep(UInt32.random(in: 0...40_000, using: &random))
            } else {
                first.waitForOutput(containing: "started")
                usleep(UInt32.random(in: 5_000...150_000, using: &random))
            }
            first.kill()
            let output = first.wait().standardOutput
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("denied ") }), let n = Int(line.dropFirst(7)) {
                deniedAt[run] = n
                findings.killsAfterDenial += 1
            }
            let sentInRun = received(record).dropFirst(before).filter { $0.run == run }
            if startConsent == "pending" && !sentInRun.isEmpty {
                findings.problems.append("run \(run) (pending, then denied) sent \(sentInRun.count) logs")
            }
            findings.sentBeforeDenial += sentInRun.count

            // B: restarted under `.denied`: nothing at all reaches the backend, and the outbox is empty.
            run += 1
            let linesBefore = received(record).count
            let second = try start(["--consent", "denied"])
            second.waitForOutput(containing: "started")
            usleep(UInt32.random(in: 10_000...80_000, using: &random))
            second.kill()
            _ = second.wait()
            let sentUnderDenial = received(record).count - linesBefore
            if sentUnderDenial != 0 { findings.problems.append("run \(run), started under denied, sent \(sentUnderDenial) logs") }
            let kept = try LogStoreReader(directory: store).stats()
            if kept.recordCount != 0 { findings.problems.append("run \(run), started under denied, left \(kept.recordCount) logs in the outbox") }

            // C, now and then: granted again; it sends only its own logs (nothing from before the denial).
            if iteration % 4 == 3 {
                run += 1
                let linesBefore = received(record).count
                let third = try start(["--consent", "granted"])
                third.waitForOutput(containing: "started")
                usleep(UInt32.random(in: 20_000...100_000, using: &random))
                third.kill()
                _ = third.wait()
                let foreign = received(record).dropFirst(linesBefore).filter { $0.run != run }
                if !foreign.isEmpty { findings.problems.append("run \(run), granted after a denial, sent \(foreign.count) logs of earlier runs") }
                // Its unsent logs are deleted by the next run that starts and denies.
            }
        }
        // The rule over every run: no log posted after a run's denial was ever received.
        for (run, n) in received(record) {
            if let denied = deniedAt[run], n >= denied {
                findings.problems.append("the backend received log \(n) of run \(run), posted after setConsent(.denied) returned at \(denied)")
            }
        }
        return findings
    }
}
