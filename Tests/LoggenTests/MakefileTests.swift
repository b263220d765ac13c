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
        let script = try String(contentsOf: projectRoot.appendingPathComponent("mk/bench-logview.sh"), encoding: .utf8)
        #expect(!script.contains("/work/"))
    }

    /// `make test` builds every fuzz target and runs each briefly, so one that stops
    /// compiling fails CI.
    @Test func testRunsEveryFuzzTarget() throws {
        let commands = try plannedCommands(["fuzz-check", "FUZZ_CHECK_SECONDS=2"])
        #expect(commands.contains("FUZZ_SECONDS=2 fuzz-markdown fuzz-store"))
        let test = try plannedCommands(["test"])
        #expect(test.contains("FUZZ_SECONDS=5 fuzz-markdown fuzz-store"))
        let fuzz = try plannedCommands(["fuzz-store"])
        #expect(fuzz.contains("-package-name BehaviorLog"))
    }
}
