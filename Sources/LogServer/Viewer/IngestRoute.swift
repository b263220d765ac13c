/// What answers `POST /v1/logs` when the server collects: `logview serve --collect` gives
/// LogIngest's `CollectingRoute`, which appends to the store. LogServer itself only reads, so
/// an app that links it (through BehaviorLogViewer) carries no collector and no gzip.
public protocol IngestRoute: Sendable {
    /// Answers one `POST /v1/logs` whose Host, Origin and token the server already checked.
    func handle(_ request: HTTPRequest, _ exchange: HTTPExchange, headers: [(String, String)])
    /// Closes what it writes to, once the server has stopped.
    func close()
}
