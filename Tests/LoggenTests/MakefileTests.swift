import Foundation
import Testing
import TestSupport

/// What the Makefile and its fragments would run (`make -n`, nothing built): the parts
/// that must hold on any machine that checks the project out.
@Suite struct MakefileTests {
    /// The commands `make -n` prints for the targets, with `swift` replaced by `true`.
    func plannedCommands(_ targets: [String]) throws -> String {
        let run = try ProcessRunner.run(ProcessRunner.which("make"), ["-n", "--no-print-directory", "SWIFT=true"] + targets, in: projectRoot)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    @Test func benchmarksFindTheirFloorsBesideTheProject() throws {
        let commands = try plannedCommands(["bench-store", "bench-runtime", "bench-loggen", "bench-logview"])
        for floor in ["append_floor.c", "scan_floor.c", "cmark_floor.c", "gen_corpus.py"] {
            #expect(commands.contains(" ../shared/bench/\(floor)"), "\(floor) is not read from ../shared/bench")
        }
        #expect(commands.contains("BENCH_FLOORS=../shared/bench"))
        #expect(!commands.contains(" /work/"), "a machine-specific path: \(commands)")
        let script = try String(contentsOf: projectRoot.appendingPathComponent("Benchmarks/Scripts/bench-logview.sh"), encoding: .utf8)
        #expect(!script.contains("/work/"))
    }

    /// `make test` builds every fuzz target and runs each briefly, so one that stops
    /// compiling fails CI.
    @Test func testRunsEveryFuzzTarget() throws {
        // Every fuzz target of the fragments (FUZZ_TARGETS), each for the check's seconds.
        let targets = ["fuzz-markdown", "fuzz-serve", "fuzz-store"]
        let commands = try plannedCommands(["fuzz-check", "FUZZ_CHECK_SECONDS=2"])
        let line = commands.split(separator: "\n").first { $0.contains("FUZZ_SECONDS=2 ") }.map(String.init) ?? ""
        #expect(targets.allSatisfy { line.contains(" \($0)") }, "\(line)")
        let test = try plannedCommands(["test"])
        let testLine = test.split(separator: "\n").first { $0.contains("FUZZ_SECONDS=5 ") }.map(String.init) ?? ""
        #expect(targets.allSatisfy { testLine.contains(" \($0)") }, "\(testLine)")
        let fuzz = try plannedCommands(["fuzz-store"])
        #expect(fuzz.contains("-package-name BehaviorLog"))
    }
}
