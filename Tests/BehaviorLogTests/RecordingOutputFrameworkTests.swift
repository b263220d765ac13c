import BehaviorLog
import BehaviorLogTesting
import RecipeLogs
import Testing
#if canImport(XCTest)
import XCTest
#endif

/// `BehaviorLogTesting` reports a failed expectation to whichever framework runs the test, at
/// the line that wrote it: here from Swift Testing, below (`RecordingOutputXCTests`) from XCTest.
@Suite struct RecordingOutputFrameworkTests {
    static func recorder() async throws -> RecordingOutput {
        let recorder = RecordingOutput()
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [OutputSetting(recorder)]))
        logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
        await logger.shutdown()
        return recorder
    }

    @Test func aFailureIsASwiftTestingIssueAtTheCallersLine() async throws {
        let recorder = try await Self.recorder()
        let line = #line + 2
        withKnownIssue {
            recorder.expectLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
                && issue.description.contains("expected recipe_search.search {keyword: \"milk\"")
        }
        #expect(recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1)))
    }
}

#if canImport(XCTest)
/// The same expectations from an `XCTestCase`: the failure is an XCTest failure (captured here
/// instead of failing the test), at the caller's file and line.
final class RecordingOutputXCTests: XCTestCase {
    private var capturing = false
    private var captured: [(message: String, file: String, line: Int)] = []

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
    }
    #endif

    func testAFailureIsAnXCTestFailureAtTheCallersLine() async throws {
        let recorder = try await RecordingOutputFrameworkTests.recorder()
        capturing = true
        let line = #line + 1
        let held = recorder.expectLogged(RecipeSearch.search(keyword: "milk", order: .latest, filters: [], page: 1))
        let heldCount = recorder.expectCount(3)
        capturing = false
        XCTAssertFalse(held)
        XCTAssertFalse(heldCount)
        XCTAssertEqual(captured.count, 2, "\(captured)")
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertEqual(captured.first?.file, #filePath)
        XCTAssertTrue(captured.first?.message.contains("expected recipe_search.search {keyword: \"milk\"") == true, "\(captured)")
        XCTAssertTrue(captured.last?.message.contains("expected 3 log(s) matching `**`, found 1") == true, "\(captured)")
    }

    func testPassingExpectationsRecordNothing() async throws {
        let recorder = try await RecordingOutputFrameworkTests.recorder()
        capturing = true
        XCTAssertTrue(recorder.expectLogged(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1)))
        XCTAssertTrue(recorder.expectNotLogged(tagPattern: "recipe_detail.*"))
        XCTAssertTrue(recorder.expectOrder([RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1)]))
        capturing = false
        XCTAssertTrue(captured.isEmpty, "\(captured)")
    }
}
#endif
