import Foundation
import LogMarkdown
import LogQuery
import LogSchema
import LogStore
import TestSupport
import Testing

/// `logview check` groups logs by the `schema` hash they carry: logs of other definitions are
/// counted apart, and `--definitions-at REV` checks them against the definitions at that git
/// revision (a real repository with two commits).
@Suite struct CheckBySchemaTests {
    static let version1 = """
        # shop

        Events of the shop.

        ## buy

        Sent on a purchase.

        - item_id: !bigint
            - The item
        - note: !string 64
            - A note
        """
    /// `note` is narrowed to 4 bytes: logs of version 1 with longer notes break it.
    static let version2 = version1.replacingOccurrences(of: "- note: !string 64", with: "- note: !string 4")

    private func hash(_ text: String) -> String {
        SchemaFingerprint.hash(of: SchemaLoader().load(documents: [(path: "shop.md", contents: Array(text.utf8))]).schema)
    }

    private func git(_ arguments: [String], in directory: URL) throws {
        let result = try ProcessRunner.run("/usr/bin/env", ["git", "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments, in: directory)
        #expect(result.status == 0, "git \(arguments): \(result.standardError)")
    }

    private func logview(_ arguments: [String], in directory: URL) throws -> ProcessResult {
        try ProcessRunner.run(try ProcessRunner.builtExecutable("logview"), arguments, in: directory, environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"])
    }

    @Test func logsAreCheckedAgainstTheDefinitionsTheyCarry() throws {
        let temporary = TemporaryDirectory("check-by-schema")
        defer { temporary.remove() }
        let repository = temporary.url
        let definitions = repository.appendingPathComponent("LogDefinitions")
        try FileManager.default.createDirectory(at: definitions, withIntermediateDirectories: true)
        try git(["init", "--quiet"], in: repository)
        try Self.version1.write(to: definitions.appendingPathComponent("shop.md"), atomically: true, encoding: .utf8)
        try git(["add", "LogDefinitions"], in: repository)
        try git(["commit", "--quiet", "-m", "version 1"], in: repository)
        try git(["tag", "v1"], in: repository)
        try Self.version2.write(to: definitions.appendingPathComponent("shop.md"), atomically: true, encoding: .utf8)
        try git(["commit", "--quiet", "-a", "-m", "version 2"], in: repository)

        let (hash1, hash2) = (hash(Self.version1), hash(Self.version2))
        #expect(hash1 != hash2)
        let store = repository.appendingPathComponent("store").path
        let writer = try LogStoreWriter(directory: store, configuration: LogStoreConfiguration())
        func append(_ schema: String, note: String, second: Int64) throws {
            let body = #"{"schema":"\#(schema)","common":{},"violations":[],"payload":{"item_id":1,"note":"\#(note)"}}"#
            _ = try writer.append(
                LogEntry(
                    tag: "shop.buy", timestamp: LogTimestamp(microsecondsSince1970: 1_795_996_800_000_000 + second * 1_000_000),
                    uuid: UUID(), payload: Array(body.utf8)))
        }
        try append(hash1, note: "a long note", second: 0)  // fine in version 1
        try append(hash1, note: "a longer note", second: 1)
        try append(hash2, note: "ok", second: 2)  // fine in version 2
        try append(hash2, note: "too long", second: 3)  // breaks version 2
        try append("", note: "unstamped", second: 4)  // posted by tag: checked against --definitions
        try writer.close()

        let current = try logview(["check", "--store", store, "--definitions", "LogDefinitions"], in: repository)
        #expect(current.status == 1)
        #expect(
            current.standardOutput.split(separator: "\n").map(String.init) == [
                "LogDefinitions/shop.md:11:3: error: seq 4 at 2026-11-30T00:00:03.000Z shop.buy: note is 8 bytes, limit 4",
                "LogDefinitions/shop.md:11:3: error: seq 5 at 2026-11-30T00:00:04.000Z shop.buy: note is 9 bytes, limit 4",
                "2 logs from definitions \(hash1): not checked against these (\(hash2)); pass --definitions-at REV to check them against their own",
                "LogDefinitions (\(hash2)): checked 3 logs: 2 findings in 2 logs (length: 2)",
            ])

        let both = try logview(["check", "--store", store, "--definitions", "LogDefinitions", "--definitions-at", "v1"], in: repository)
        #expect(both.status == 1)
        #expect(
            both.standardOutput.split(separator: "\n").suffix(2).map(String.init) == [
                "v1:LogDefinitions (\(hash1)): checked 2 logs: no findings",
                "LogDefinitions (\(hash2)): checked 3 logs: 2 findings in 2 logs (length: 2)",
            ])

        let unknown = try logview(["check", "--store", store, "--definitions", "LogDefinitions", "--definitions-at", "no-such-tag"], in: repository)
        #expect(unknown.status == 1)
        #expect(unknown.standardOutput == "")
        #expect(unknown.standardError.hasPrefix("logview: error: cannot read revision 'no-such-tag': "))
    }
}
