import Foundation
import Testing

/// Golden files: expected output checked in beside the tests and compared byte for byte.
///
/// Every golden test of the package re-records with one switch, `RECORD_GOLDENS=1`
/// (`RECORD_GOLDENS=1 swift test --filter <Suite>`): the goldens are rewritten and each test
/// that wrote one fails, so that recording is never left on; then review the change with
/// `git diff`.
public enum Golden {
    /// The environment variable that re-records the goldens.
    public static let recordVariable = "RECORD_GOLDENS"

    /// Whether this run re-records (`RECORD_GOLDENS=1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Compares `actual` with the golden file at `url`, byte for byte; with `RECORD_GOLDENS=1`
    /// writes it (and its folder) and fails the test instead.
    /// - Parameter name: how the failure names the golden; its path when `nil`.
    public static func expect(
        _ actual: String, matches url: URL, named name: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = name ?? url.path
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            recorded(name, sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs; \(howToRecord)", sourceLocation: sourceLocation)
    }

    /// Fails the test because it re-recorded `name` (for goldens written by other means than
    /// ``expect(_:matches:named:sourceLocation:)``, such as a folder of generated files).
    public static func recorded(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record("recorded \(name); run again without \(recordVariable) and review the change with git diff", sourceLocation: sourceLocation)
    }

    /// What a mismatch tells the reader to do.
    public static let howToRecord = "re-record with \(recordVariable)=1 and review the diff"
}
