import Foundation
import Testing

/// The folder of this test target's fixtures, in the source tree (so that goldens can
/// be re-recorded in place).
let resources = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Resources")

/// The project's root folder (also when built through ASan/'s symlinks, `make asan-store`).
let projectRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Compares `actual` with the golden file at `path` (relative to Resources), byte for
/// byte. With `RECORD_GOLDENS=1` the golden is rewritten and the test fails, so that
/// recording is never left on.
func expectGolden(_ actual: String, _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = resources.appendingPathComponent(path)
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded \(path); run again without RECORD_GOLDENS", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(path) differs; re-record with RECORD_GOLDENS=1 and review the diff", sourceLocation: sourceLocation)
}
