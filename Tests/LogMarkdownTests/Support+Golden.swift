import Foundation
import Testing
import TestSupport

/// The folder of this test target's fixtures, in the source tree (so that goldens can
/// be re-recorded in place).
let resources = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Resources")

/// The project's root folder (also when built through ASan/'s symlinks, `make asan-store`).
let projectRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Compares `actual` with the golden file at `path` (relative to Resources), byte for
/// byte; `RECORD_GOLDENS=1` re-records it (`Golden.expect`).
func expectGolden(_ actual: String, _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    try Golden.expect(actual, matches: resources.appendingPathComponent(path), named: path, sourceLocation: sourceLocation)
}
