import Foundation

/// What a run of the built `loggen` printed and returned.
struct LoggenRun: Equatable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// The project's root folder.
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// This target's fixtures.
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

/// The `loggen` built beside the test runner (SwiftPM puts both in the same folder).
let loggenExecutable: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loggen")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return projectRoot.appendingPathComponent(".build/debug/loggen")
}()

/// Runs `loggen` with the arguments in a working directory, and waits for it.
func runLoggen(_ arguments: [String], in directory: URL = projectRoot) throws -> LoggenRun {
    let process = Process()
    process.executableURL = loggenExecutable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    // Standard error goes to a file, so that neither stream can fill up and block the child
    // while the other is read.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("loggen-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errorHandle = try FileHandle(forWritingTo: errorFile)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errorHandle
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errorHandle.close()
    return LoggenRun(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
}
