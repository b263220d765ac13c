import Foundation
import LogCore
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What a program printed and returned.
public struct ProcessResult: Equatable, Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// Runs programs for the tests that check executables from the outside: the only place the
/// tests start a process.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - directory: the working directory; the test runner's when `nil`.
    ///   - environment: the whole environment; the test runner's when `nil`.
    ///   - outputThroughFiles: collect the output in files read at the end instead of pipes read
    ///     as it comes: for a program that leaves a child running (a server it starts), whose
    ///     copy of a pipe would keep a read from ever ending.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        outputThroughFiles: Bool = false
    ) throws -> ProcessResult {
        try RunningProcess(
            executable: executable, arguments: arguments, directory: directory, environment: environment,
            outputThroughFiles: outputThroughFiles
        ).wait()
    }

    /// Starts a program and returns at once: read what it printed so far, signal it, wait for it
    /// (the fault tests kill real processes at chosen moments; servers are stopped at the end).
    ///
    /// - Parameters:
    ///   - directory: the working directory; the test runner's when `nil`.
    ///   - environment: the whole environment; the test runner's when `nil`.
    public static func start(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> RunningProcess {
        try RunningProcess(
            executable: executable, arguments: arguments, directory: directory, environment: environment,
            outputThroughFiles: false)
    }

    /// The build's products directory, where SwiftPM puts the executables, `Modules/` and the
    /// test bundle: the folder of the running test bundle.
    /// - Throws: ``MissingExecutable`` when no such folder holds `Modules/`.
    public static func productsDirectory() throws -> URL {
        for directory in productsCandidates
        where FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules").path) {
            return directory
        }
        throw MissingExecutable(name: "Modules/", searched: productsCandidates.map(\.path))
    }

    /// A program this package builds, found in the products directory (beside the test bundle);
    /// a test target that depends on the executable makes `swift build --build-tests` build it.
    /// - Throws: ``MissingExecutable``, with the command that builds it, when it is missing.
    public static func builtExecutable(_ name: String) throws -> String {
        for directory in productsCandidates {
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw MissingExecutable(name: name, searched: productsCandidates.map(\.path))
    }

    /// The folders that may be the products directory: those of the test runner's path and of
    /// `/proc/self/exe`, above any `.xctest` bundle (on Darwin the runner is inside one).
    private static let productsCandidates: [URL] = {
        let paths = [CommandLine.arguments[0], (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
        return paths.filter { !$0.isEmpty }.map { path in
            var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
            return directory
        }
    }()

    /// The path of a program on `PATH`.
    public static func which(_ name: String) -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/\(name)"
    }
}

/// A program the package builds is not where the tests look for it.
public struct MissingExecutable: Error, CustomStringConvertible {
    public var name: String
    public var searched: [String]
    public var description: String {
        "\(name) not found in \(searched.joined(separator: " or ")); build it with `swift build --build-tests`"
    }
}

/// A program started by ``ProcessRunner/start(_:_:in:environment:)``. Its standard output and
/// standard error are read as they come, each on a thread of its own, so that a full pipe never
/// blocks the program (reading one to its end before the other can deadlock).
public final class RunningProcess: @unchecked Sendable {  // the process is only signalled and waited for; the output is under locks
    private let process = Process()
    private let standardOutputCapture: OutputCapture
    private let standardErrorCapture: OutputCapture

    init(executable: String, arguments: [String], directory: URL?, environment: [String: String]?, outputThroughFiles: Bool) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        standardOutputCapture = try OutputCapture(throughFile: outputThroughFiles)
        standardErrorCapture = try OutputCapture(throughFile: outputThroughFiles)
        process.standardOutput = standardOutputCapture.destination
        process.standardError = standardErrorCapture.destination
        try process.run()
        standardOutputCapture.started()
        standardErrorCapture.started()
    }

    /// What the program printed on standard output so far.
    public var output: String { standardOutputCapture.text }

    /// What the program printed on standard error so far.
    public var errorOutput: String { standardErrorCapture.text }

    public var isRunning: Bool { process.isRunning }

    /// Waits until the output holds `text` or the program ends, for at most `seconds`.
    @discardableResult
    public func waitForOutput(containing text: String, within seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            if !process.isRunning { return output.contains(text) }
            usleep(500)
        }
        return output.contains(text)
    }

    /// Sends SIGKILL: the program ends at once, with no chance to clean up.
    public func kill() {
        #if canImport(Darwin)
        _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #else
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #endif
    }

    /// Sends SIGTERM: the polite request to stop.
    public func terminate() { process.terminate() }

    /// Sends SIGINT, as Control-C in a terminal does.
    public func interrupt() { process.interrupt() }

    /// Waits for the program to end; returns its status and everything it printed.
    public func wait() -> ProcessResult {
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: standardOutputCapture.waitForEnd(), as: UTF8.self),
            standardError: String(decoding: standardErrorCapture.waitForEnd(), as: UTF8.self))
    }
}

/// One output stream of a program: a pipe read by a thread as it comes, or a file read when asked.
private final class OutputCapture: Sendable {
    private let data = Locked(Data())
    private let finishedReading = DispatchSemaphore(value: 0)
    private let pipe: Pipe?
    private let file: (path: String, handle: FileHandle)?

    /// What to give `Process` as the stream.
    var destination: Any { pipe ?? file!.handle }

    init(throughFile: Bool) throws {
        if throughFile {
            let path = NSTemporaryDirectory() + "process-output-\(UUID().uuidString)"
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            file = (path, handle)
            pipe = nil
        } else {
            file = nil
            pipe = Pipe()
        }
    }

    deinit {
        if let file { try? FileManager.default.removeItem(atPath: file.path) }
    }

    /// The process runs: read the pipe until its end, or close this process's copy of the file.
    func started() {
        if let file {
            try? file.handle.close()
            return
        }
        let reader = pipe!.fileHandleForReading
        Thread { [self] in
            while true {
                let more = reader.availableData
                if more.isEmpty { break }
                data.withLock { $0.append(more) }
            }
            finishedReading.signal()
        }.start()
    }

    var text: String { String(decoding: current, as: UTF8.self) }

    private var current: Data {
        if let file { return FileManager.default.contents(atPath: file.path) ?? Data() }
        return data.withLock { $0 }
    }

    /// Everything, once the writer has closed the stream (a file: what it holds now).
    func waitForEnd() -> Data {
        if pipe != nil {
            finishedReading.wait()
            finishedReading.signal()  // a second call does not block
        }
        return current
    }
}
