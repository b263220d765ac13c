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
}

/// Runs programs for the tests that check executables from the outside.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - directory: the working directory; the test runner's when `nil`.
    ///   - environment: the whole environment; the test runner's when `nil`.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes while the process runs, so a full pipe cannot block it.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A program this package builds, found beside the test bundle (the build's bin directory);
    /// a test target that depends on the executable makes `swift build --build-tests` build it.
    /// - Throws: An error with the command that builds it when it is missing.
    public static func builtExecutable(_ name: String) throws -> String {
        let candidates = [CommandLine.arguments[0], (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
        for candidate in candidates where !candidate.isEmpty {
            var directory = URL(fileURLWithPath: candidate).deletingLastPathComponent()
            // Inside an .xctest bundle directory (Darwin), go up to the bin directory.
            while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw MissingExecutable(name: name, searched: candidates)
    }

    /// Starts a program and returns at once: read what it printed so far, kill it, wait for it
    /// (the fault tests kill real processes at chosen moments).
    public static func start(_ executable: String, _ arguments: [String]) throws -> RunningProcess {
        try RunningProcess(executable: executable, arguments: arguments)
    }

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
        "\(name) not found beside \(searched.filter { !$0.isEmpty }.joined(separator: " or ")); build it with `swift build --build-tests`"
    }
}

/// A program started by ``ProcessRunner/start(_:_:)``; its standard output is read as it comes
/// (standard error is discarded).
public final class RunningProcess: @unchecked Sendable {   // the process is only signalled and waited for; the text is under a lock
    private let process = Process()
    private let data = Locked(Data())
    private let finishedReading = DispatchSemaphore(value: 0)

    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let reader = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let more = reader.availableData
                if more.isEmpty { break }
                data.withLock { $0.append(more) }
            }
            finishedReading.signal()
        }.start()
        try process.run()
    }

    /// What the program printed so far.
    public var output: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

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
        _ = signal(process.processIdentifier)
    }

    private func signal(_ pid: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.kill(pid, SIGKILL)
        #else
        Glibc.kill(pid, SIGKILL)
        #endif
    }

    /// Waits for the program to end; returns its status and everything it printed.
    public func wait() -> (status: Int32, output: String) {
        finishedReading.wait()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
