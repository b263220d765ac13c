import BehaviorLog
import Foundation
import LogStore

/// A buffered output that POSTs each chunk to an HTTP endpoint.
///
/// Logs are kept in the output's own store until the endpoint answers 2xx; 5xx, 408, 429
/// (honouring `Retry-After`), timeouts and connection errors are retried with the buffered
/// output's backoff; other statuses set the chunk aside in `directory/rejected` and count
/// it (`statistics.rejectedLogs`). Delivery is at least once: a retried chunk carries the
/// same UUIDs, for the warehouse to collapse.
///
/// ```swift
/// let output = try HTTPOutput(
///     directory: store.appending(path: "outputs/collector"),
///     configuration: HTTPOutputConfiguration(
///         url: URL(string: "https://collector.example.com/logs")!, format: .jsonEachRow, gzip: true,
///         headers: [("Authorization", "Bearer \(token)")], timeout: .seconds(20)))
/// ```
public class HTTPOutput: LogOutput, @unchecked Sendable {  // only `let`s of Sendable types
    /// The buffered output that keeps and sends the logs.
    package let buffered: BufferedOutput

    /// - Parameters:
    ///   - directory: The output's own store.
    ///   - configuration: The endpoint, body format, gzip, headers and timeout.
    ///   - buffering: Chunk size, flush interval and backoff; the send timeout is raised to
    ///     cover the request timeout.
    ///   - storeConfiguration: The store's segment size, group commit and caps.
    ///   - name: A name for messages and statistics; the directory's name by default.
    /// - Throws: `LogStoreError` when the store cannot be opened.
    public convenience init(
        directory: URL, configuration: HTTPOutputConfiguration,
        buffering: BufferedOutputConfiguration = .standard,
        storeConfiguration: LogStoreConfiguration = .standard, name: String? = nil
    ) throws(LogStoreError) {
        try self.init(
            directory: directory, configuration: configuration, buffering: buffering,
            storeConfiguration: storeConfiguration, name: name, transport: nil)
    }

    /// - Parameter transport: How requests go out (URLSession unless a test gives its own).
    package convenience init(
        directory: URL, configuration: HTTPOutputConfiguration,
        buffering: BufferedOutputConfiguration = .standard,
        storeConfiguration: LogStoreConfiguration = .standard, name: String? = nil,
        transport: (any HTTPTransport)?
    ) throws(LogStoreError) {
        try self.init(
            directory: directory, backend: HTTPBackend(configuration: configuration, transport: transport),
            requestTimeout: configuration.timeout, buffering: buffering, storeConfiguration: storeConfiguration, name: name)
    }

    init(
        directory: URL, backend: any LogBackend, requestTimeout: Duration, buffering: BufferedOutputConfiguration,
        storeConfiguration: LogStoreConfiguration, name: String?
    ) throws(LogStoreError) {
        var buffering = buffering
        // The request's own timeout reports a clearer reason than the output's; leave it room.
        buffering.sendTimeout = max(buffering.sendTimeout, requestTimeout + .seconds(5))
        buffered = try BufferedOutput(
            directory: directory, backend: backend, configuration: buffering,
            storeConfiguration: storeConfiguration, name: name)
    }

    /// What the output did so far: logs sent, retries, chunks and logs set aside.
    public var statistics: BufferedOutputStatistics { buffered.statistics }

    public func write(_ logs: [EncodedLog]) { buffered.write(logs) }
    public func writerIsIdle() { buffered.writerIsIdle() }
    public func flush() async { await buffered.flush() }
    public func suspend() { buffered.suspend() }
    public func resume() { buffered.resume() }
    public func shutdown() async { await buffered.shutdown() }
}
