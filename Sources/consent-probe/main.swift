import BehaviorLog
import CommandLineSupport
import Foundation
import LogCore
import LogStore

// The process the consent crash test (BehaviorLogTests/ConsentCrashLoopTests) kills: it posts
// numbered logs to a buffered output whose backend writes down every log it receives, and
// denies consent after a given number of posts. The test checks, run after run, that the
// backend never received a log posted after `setConsent(.denied)` returned.

/// Writes to a file descriptor at once (no buffer), so a line is out before a kill.
func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in try? System.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
}

/// A backend that appends `<run> <n>` for each log it receives to a file, then accepts.
final class RecordingBackend: LogBackend {
    private let descriptor: Int32
    private let lock = Locked(())

    init(path: String) throws {
        do {
            descriptor = try System.open(path, .appending, followingLinks: true)
        } catch {
            throw CommandFailure("cannot open \(path): \(error)")
        }
        // A kill can end an earlier run's write in the middle of a line (Linux stops a write
        // to a file at a page boundary for SIGKILL): end that line, so that this run's first
        // line is not glued to it (which made `2` + `27 5` read as run 227).
        if let last = FileManager.default.contents(atPath: path)?.last, last != UInt8(ascii: "\n") {
            writeAll(descriptor, "\n")
        }
    }

    func send(_ chunk: LogChunk) async -> LogDeliveryResult {
        var lines = ""
        for log in chunk.logs {
            let body = String(decoding: log.payload, as: UTF8.self)
            lines += "\(Self.number("run", in: body) ?? -1) \(Self.number("n", in: body) ?? -1)\n"
        }
        lock.withLock { _ in writeAll(descriptor, lines) }
        return .accepted
    }

    /// The integer after `"key":` in the body's payload.
    static func number(_ key: String, in body: String) -> Int? {
        guard let payload = body.range(of: "\"payload\":"),
            let found = body.range(of: "\"\(key)\":", range: payload.upperBound..<body.endIndex)
        else { return nil }
        return Int(body[found.upperBound...].prefix { $0.isNumber })
    }
}

let tool = CommandLineTool(
    version: "0.1.0",
    root: CommandSpec(
        name: "consent-probe",
        abstract: "Post numbered logs to a buffered output and deny consent midway, for the consent crash test.",
        discussion: """
            Posts logs {run, n} for n = 0, 1, 2, … (until --logs, or until killed) to a buffered output in
            --store whose backend appends `<run> <n>` to --received for every log it receives. With
            --deny-after N it calls setConsent(.denied) before posting log N and then prints `denied N`.
            """,
        examples: [
            "consent-probe --store /tmp/probe --received /tmp/probe.received --run 1 --deny-after 500",
            "consent-probe --store /tmp/probe --received /tmp/probe.received --run 2 --consent denied --logs 1000",
        ],
        arguments: [
            .option("store", valueName: "dir", help: "The buffered output's store."),
            .option("received", valueName: "file", help: "Where the backend writes down what it received."),
            .option("run", valueName: "number", help: "This run's number, in every log (default 0).", defaultValue: "0"),
            .option("consent", valueName: "consent", help: "The consent at start: granted, pending or denied (default granted).", defaultValue: "granted"),
            .option("deny-after", valueName: "count", help: "Deny consent after posting this many logs."),
            .option("logs", valueName: "count", help: "Stop after this many logs and shut down (default: post until killed)."),
        ],
        run: { arguments in
            guard let store = arguments.value("store"), let received = arguments.value("received") else {
                throw UsageError("--store DIR and --received FILE are needed")
            }
            guard let run = try arguments.integer("run") else { throw UsageError("--run must be a number") }
            let consent: LogConsent
            switch arguments.value("consent") ?? "granted" {
            case "granted": consent = .granted
            case "pending": consent = .pending
            case "denied": consent = .denied
            case let other: throw UsageError("--consent must be granted, pending or denied, not \(other)")
            }
            let denyAfter = try arguments.integer("deny-after")
            let limit = try arguments.integer("logs") ?? Int.max

            let output: BufferedOutput
            do {
                output = try BufferedOutput(
                    directory: URL(fileURLWithPath: store), backend: try RecordingBackend(path: received),
                    configuration: try BufferedOutputConfiguration(
                        chunkCount: 25, flushInterval: .milliseconds(2), sendTimeout: .seconds(1), retryDelay: .milliseconds(5),
                        maximumRetryDelay: .milliseconds(50)),
                    storeConfiguration: try LogStoreConfiguration(syncEveryRecords: 50, syncInterval: .milliseconds(2)))
            } catch {
                throw CommandFailure("cannot open the store at \(store): \(error)")
            }
            let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(output)], consent: consent))
            writeAll(1, "started \(consent)\n")
            var index = 0
            while index < limit {
                if index == denyAfter {
                    logger.setConsent(.denied)
                    writeAll(1, "denied \(index)\n")
                }
                logger.post(tag: "probe.tick", payload: LogPayload([("run", .integer(Int64(run))), ("n", .integer(Int64(index)))]))
                index += 1
                // A steady stream, so the sender sends while the logs are posted.
                if index % 50 == 0 { System.sleep(microseconds: 500) }
            }
            await logger.shutdown()
            writeAll(1, "posted \(index)\n")
            return 0
        }))
await tool.main()
