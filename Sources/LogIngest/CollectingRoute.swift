import Foundation
import LogGzip
import LogServer

/// `POST /v1/logs` for `logview serve --collect`: the posted envelopes (JSON lines, optionally
/// gzip) appended to the store through a ``LogCollector``, its only writer.
public final class CollectingRoute: IngestRoute {
    private let collector: LogCollector
    private let maximumBodyBytes: Int

    /// Creates the store's directory if missing and opens it for appending.
    /// - Parameters:
    ///   - storeDirectory: the store to append to.
    ///   - maximumBodyBytes: the largest body once inflated (`--max-body`).
    /// - Throws: ``LogViewerError`` when the store cannot be created or opened.
    public init(storeDirectory: String, maximumBodyBytes: Int = 8 << 20) throws(LogViewerError) {
        do {
            try FileManager.default.createDirectory(atPath: storeDirectory, withIntermediateDirectories: true)
            collector = try LogCollector(directory: storeDirectory)
        } catch {
            throw LogViewerError(description: "cannot collect into '\(storeDirectory)': \(error)", isUsage: false)
        }
        self.maximumBodyBytes = maximumBodyBytes
    }

    public func close() {
        collector.close()
    }

    /// Appends the posted envelopes (JSON lines, optionally gzip) to the store.
    public func handle(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)]) {
        var body = request.body
        switch request.header("content-encoding")?.lowercased() {
        case nil, "identity":
            break
        case "gzip":
            switch Gzip.decompress(body, maximumCount: maximumBodyBytes) {
            case .bytes(let bytes): body = bytes
            case .invalid:
                exchange.respond(status: 400, text: "logview: error: the body is not valid gzip\n", headers: headers)
                return
            case .tooLarge:
                exchange.respond(status: 413, text: "logview: error: the body inflates to over \(maximumBodyBytes) bytes (--max-body)\n", headers: headers)
                return
            }
        case let other?:
            exchange.respond(status: 415, text: "logview: error: Content-Encoding '\(other)' is not accepted; send gzip or no encoding\n", headers: headers)
            return
        }
        do {
            let outcome = try collector.collect(body)
            exchange.respond(status: outcome.rejected.isEmpty ? 200 : 400, json: outcome.json, headers: headers)
        } catch {
            exchange.respond(
                status: 503, text: "logview: error: the store did not take the logs: \(error); send them again\n", headers: headers + [("Retry-After", "1")])
        }
    }
}
