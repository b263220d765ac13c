import Foundation
import Testing
import TestSupport

/// `loggen generate`, run as the built executable.
@Suite struct GenerateCommandTests {
    let definitions = TestPaths.resources.appending(path: "minimal/definitions").path

    func loggen(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(try ProcessRunner.builtExecutable("loggen"), arguments)
    }

    @Test func generatesThenChecks() throws {
        let temporary = TemporaryDirectory("loggen-cli")
        defer { temporary.remove() }
        let output = temporary.appending("output")

        let missing = try loggen("generate", definitions, "--output", output, "--check")
        #expect(missing.status == 1)
        #expect(
            missing.standardError == """
                \(output)/app_launch.swift: missing (+31 lines)
                \(output)/common+types.swift: missing (+22 lines)
                \(output)/retired.swift: missing (+19 lines)
                loggen: 3 generated file(s) out of date; run 'loggen generate \(definitions) --output \(output)'

                """)

        let generate = try loggen("generate", definitions, "--output", output)
        #expect(generate.status == 0)
        #expect(generate.standardOutput == "\(output): 3 files, 3 changed\n")
        #expect(
            try String(contentsOfFile: output + "/app_launch.swift", encoding: .utf8)
                == String(contentsOf: TestPaths.resources.appending(path: "minimal/expected/app_launch.swift"), encoding: .utf8))

        let check = try loggen("generate", definitions, "--output", output, "--check")
        #expect(check.status == 0)
        #expect(check.standardError.isEmpty)
    }

    @Test func theCacheRendersOnlyWhatChanged() throws {
        let temporary = TemporaryDirectory("loggen-cache")
        defer { temporary.remove() }
        let folder = temporary.url
        let copy = folder.appending(path: "definitions")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: definitions, toPath: copy.path)
        let output = folder.appending(path: "out").path
        let cache = folder.appending(path: "cache/loggen-cache").path
        func generate() throws -> String {
            let run = try loggen("generate", copy.path, "--output", output, "--cache", cache)
            #expect(run.status == 0, "\(run.standardError)")
            return run.standardOutput
        }

        #expect(try generate() == "\(output): 3 files, 3 changed\n")
        #expect(FileManager.default.fileExists(atPath: cache))
        #expect(try generate() == "\(output): 3 files, 0 changed\n")

        // A description edited: that category's file alone (the schema hash stays).
        let document = copy.appending(path: "app_launch.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        try text.replacingOccurrences(of: "starts from scratch", with: "starts from nothing").write(to: document, atomically: true, encoding: .utf8)
        #expect(try generate() == "\(output): 3 files, 1 changed\n")
        // The same bytes as without the cache: --check of a plain run finds nothing stale.
        let check = try loggen("generate", copy.path, "--output", output, "--check")
        #expect(check.status == 0, "\(check.standardError)")

        // A generated file edited by hand is noticed and restored.
        let appLaunch = output + "/app_launch.swift"
        let original = try String(contentsOfFile: appLaunch, encoding: .utf8)
        try (original + "// edited\n").write(toFile: appLaunch, atomically: false, encoding: .utf8)
        #expect(try generate() == "\(output): 3 files, 1 changed\n")
        #expect(try String(contentsOfFile: appLaunch, encoding: .utf8) == original)

        // Other options make other files: the cache is not trusted for them.
        let internalAccess = try loggen("generate", copy.path, "--output", output, "--cache", cache, "--access", "internal")
        #expect(internalAccess.standardOutput == "\(output): 3 files, 3 changed\n")
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let noOutput = try loggen("generate", definitions)
        #expect(noOutput.status == 64)
        #expect(noOutput.standardError.hasPrefix("loggen: error: missing '--output <dir>'; say where the Swift files go, such as '--output Generated'\n"))
        let access = try loggen("generate", definitions, "--output", "/tmp/unused", "--access", "open")
        #expect(access.status == 64)
        #expect(access.standardError.hasPrefix("loggen: error: unknown access level 'open'; use 'public' or 'internal'\n"))
    }

    @Test func definitionErrorsStopGeneration() throws {
        let temporary = TemporaryDirectory("loggen-bad")
        defer { temporary.remove() }
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# shop\n\n## buy\n\nBuying.\n\n- price: !money\n    - The price\n".write(to: folder.appending(path: "shop.md"), atomically: true, encoding: .utf8)
        let result = try loggen("generate", folder.path, "--output", folder.appending(path: "out").path)
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(folder.path)/shop.md:7:"))
        #expect(result.standardError.contains(": error: "))
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "out").path))
    }
}
