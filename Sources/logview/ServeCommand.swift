import CommandLineSupport
import Foundation
import LogIngest
import LogQuery
import LogServer

/// `logview serve`: the browser viewer over a store (and, with --collect, its collector).
func runServe(_ arguments: ParsedArguments) throws -> Int32 {
    let location = StoreLocation(option: arguments.value("store"), environment: environment)
    let schema = arguments.value("definitions") == nil ? nil : try loadDefinitions(arguments)
    let (host, port) = try listenAddress(arguments.value("listen") ?? "127.0.0.1:8765")
    var maximumBody = 8 << 20
    if let text = arguments.value("max-body") {
        guard let bytes = byteCount(text), bytes > 0 else {
            throw UsageError("--max-body '\(text)' is not a size; give bytes, or KiB/MiB such as 512k or 8m")
        }
        maximumBody = bytes
    }
    var token = arguments.value("token")
    if token == "" { token = nil }
    let server: LogViewerServer
    let configuration: LogViewerConfiguration
    do {
        let ingest = arguments.flag("collect") ? try CollectingRoute(storeDirectory: location.path, maximumBodyBytes: maximumBody) : nil
        configuration = LogViewerConfiguration(
            storeDirectory: location.path, schema: schema, host: host, port: port, token: token,
            ingest: ingest, maximumBodyBytes: maximumBody)
        server = try LogViewerServer(configuration: configuration)
    } catch {
        if error.isUsage { throw UsageError(error.description) }
        throw CommandFailure(error.description)
    }
    let collecting = configuration.collect ? ", collecting at \(server.url.split(separator: "?")[0])v1/logs" : ""
    // One unbuffered line: a script (or a test) reads the URL from it at once.
    var standardOutput = OutputBuffer.fileDescriptor(1)
    standardOutput.append("logview: serving \(location.path) at \(server.url)\(collecting) (Ctrl-C stops)\n")
    try standardOutput.flush()
    if arguments.flag("open") { openInBrowser(server.url) }
    catchInterrupt()
    signal(SIGTERM) { _ in interrupted.store(1) }
    while interrupted.load() == 0 { usleep(100_000) }
    server.stop()
    return 0
}

/// `HOST:PORT`, `[IPv6]:PORT`, or a bare port.
private func listenAddress(_ text: String) throws -> (String, UInt16) {
    var host = "127.0.0.1"
    var portText = Substring(text)
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
        host = String(text[text.index(after: text.startIndex)..<close])
        portText = text[text.index(after: close)...].dropFirst()
    } else if let colon = text.lastIndex(of: ":") {
        host = String(text[..<colon])
        portText = text[text.index(after: colon)...]
    }
    guard !host.isEmpty, let port = UInt16(portText) else {
        throw UsageError("--listen '\(text)' is not HOST:PORT; such as --listen 127.0.0.1:8765 (port 0 picks a free one)")
    }
    return (host, port)
}

/// `8388608`, `512k`, `8m` (KiB and MiB).
private func byteCount(_ text: String) -> Int? {
    let lower = text.lowercased()
    for (suffix, scale) in [("kib", 1 << 10), ("mib", 1 << 20), ("k", 1 << 10), ("m", 1 << 20)] where lower.hasSuffix(suffix) {
        return Int(lower.dropLast(suffix.count)).map { $0 * scale }
    }
    return Int(lower)
}

/// Opens the URL in the desktop's browser (`open` on macOS, `xdg-open` elsewhere).
private func openInBrowser(_ url: String) {
    let process = Process()
    #if os(macOS)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
    #else
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-open"]
    #endif
    process.arguments = (process.arguments ?? []) + [url]
    do { try process.run() } catch { writeToStandardError("logview: cannot open a browser (\(error)); open \(url) yourself\n") }
}
