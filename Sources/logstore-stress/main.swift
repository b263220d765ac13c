// logstore-stress: a test fixture of LogStoreTests (their crash loops and fault tests kill it
// mid-write and read what survived) and of `make fuzz-store` (its seed store). It stays in the
// root package because the root's tests run it; the store's benchmark is Benchmarks/ store-bench.

import CommandLineSupport
import LogStore

/// Reads a required positive whole-number option.
func positive(_ arguments: ParsedArguments, _ name: String, default value: Int? = nil) throws -> Int {
    guard let number = try arguments.integer(name) ?? value else { throw UsageError("--\(name) is required") }
    guard number > 0 else { throw UsageError("--\(name) must be a positive number, not \(number)") }
    return number
}

func storeOption(_ arguments: ParsedArguments) throws -> String {
    guard let store = arguments.value("store") else { throw UsageError("--store is required") }
    return store
}

let storeArgument = ArgumentSpec.option("store", valueName: "dir", help: "The store directory.")

let tool = CommandLineTool(
    version: "0.1.0",
    root: CommandSpec(
        name: "logstore-stress", abstract: "Write checkable records to a LogStore and verify them (the store's crash and fault tests).",
        subcommands: [
            CommandSpec(
                name: "write", abstract: "Append checkable records; print 'durable <seq>' after every sync.",
                discussion:
                    "Each payload holds its sequence number and a digest, so 'verify' can check it. Kill it at any moment: every record up to the last printed durable sequence must survive.",
                examples: ["logstore-stress write --store /tmp/s --count 100000 --sync-every 100"],
                arguments: [
                    storeArgument,
                    .option("count", valueName: "n", help: "Records to append."),
                    .option("sync-every", valueName: "k", help: "Records per sync.", defaultValue: "100"),
                    .option("payload-bytes", valueName: "b", help: "Payload size (at least 16).", defaultValue: "100"),
                    .option("segment-bytes", valueName: "b", help: "Segment size.", defaultValue: "1048576"),
                ],
                run: { arguments in
                    try stressWrite(
                        store: try storeOption(arguments), count: try positive(arguments, "count"),
                        syncEvery: try positive(arguments, "sync-every", default: 100),
                        payloadBytes: max(StressPayload.minimumBytes, try positive(arguments, "payload-bytes", default: 100)),
                        segmentBytes: try positive(arguments, "segment-bytes", default: 1 << 20))
                }),
            CommandSpec(
                name: "verify", abstract: "Read everything and print one JSON line; exit 1 if a payload fails its check.",
                examples: ["logstore-stress verify --store /tmp/s"],
                arguments: [storeArgument],
                run: { arguments in try stressVerify(store: try storeOption(arguments)) }),
        ]))

await tool.main()
