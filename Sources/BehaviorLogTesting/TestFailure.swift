#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where an expectation was written: the caller's `#fileID`, `#filePath`, `#line` and `#column`,
/// which both test frameworks understand (Swift Testing's `SourceLocation` is built from them).
public struct ExpectationLocation: Sendable {
    public var fileID: String
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failed expectation to whichever framework runs the test.
///
/// Inside a Swift Testing test (`Test.current` is set) it is an `Issue`, so `withKnownIssue`
/// and the test's result see it; otherwise it is an `XCTFail` of the running `XCTestCase`.
/// Swift Testing's `Test.current` is task-local: an expectation checked from a detached task or
/// another thread of a Swift Testing test is reported through XCTest, so check on the test's task.
/// With neither framework importable (a plain executable), the message goes to standard error.
enum TestFailure {
    static func record(_ message: String, at location: ExpectationLocation) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                "\(message)",
                sourceLocation: SourceLocation(
                    fileID: location.fileID, filePath: "\(location.filePath)",
                    line: Int(location.line), column: Int(location.column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
        #elseif canImport(Testing)
        Issue.record(
            "\(message)",
            sourceLocation: SourceLocation(
                fileID: location.fileID, filePath: "\(location.filePath)",
                line: Int(location.line), column: Int(location.column)))
        #else
        print("\(location.filePath):\(location.line): error: \(message)")
        #endif
    }
}
