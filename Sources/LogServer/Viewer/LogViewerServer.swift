import Foundation
import LogCore
import LogQuery
import LogSchema
import LogStore

/// What `logview serve` serves, and how.
public struct LogViewerConfiguration: Sendable {
    /// The store to show (and, collecting, to append to).
    public var storeDirectory: String
    /// The definitions, loaded once at start; `nil` for none.
    public var schema: Schema?
    /// The address to bind: `127.0.0.1` unless given.
    public var host: String
    /// The port; 0 lets the system pick one.
    public var port: UInt16
    /// The token every request must carry; required to bind anything but loopback.
    public var token: String?
    /// What answers `POST /v1/logs` (`logview serve --collect`: LogIngest's `CollectingRoute`,
    /// which creates the store); `nil` for a read-only server, which needs an existing store.
    public var ingest: (any IngestRoute)?
    /// Whether `POST /v1/logs` appends to the store.
    public var collect: Bool { ingest != nil }
    /// The largest request body, compressed or not (8 MiB unless given).
    public var maximumBodyBytes: Int
    /// Bounds on connections and time.
    public var limits: HTTPServer.Limits
    /// How long an event stream may stay silent before a comment line keeps proxies from
    /// closing it (15 s).
    public var streamKeepAliveSeconds: Double

    public init(
        storeDirectory: String, schema: Schema? = nil, host: String = "127.0.0.1", port: UInt16 = 8765, token: String? = nil,
        ingest: (any IngestRoute)? = nil, maximumBodyBytes: Int = 8 << 20, limits: HTTPServer.Limits = HTTPServer.Limits(),
        streamKeepAliveSeconds: Double = 15
    ) {
        self.streamKeepAliveSeconds = streamKeepAliveSeconds
        self.storeDirectory = storeDirectory
        self.schema = schema
        self.host = host
        self.port = port
        self.token = token
        self.ingest = ingest
        self.maximumBodyBytes = maximumBodyBytes
        self.limits = limits
    }
}

/// Why the viewer cannot start, in one line with the fix; `isUsage` for a wrong option.
public struct LogViewerError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public var isUsage: Bool

    public init(description: String, isUsage: Bool) {
        self.description = description
        self.isUsage = isUsage
    }
}

/// `logview serve`: the viewer, its API over a store, and (collecting) `POST /v1/logs`.
///
/// The store is read through ``StoreQuery`` (one per request: it is not thread-safe) and never
/// written here; collecting, the configuration's ``IngestRoute`` is its only writer. Nothing a request
/// names reaches the file system: the pages are compiled in (``ViewerAssets``).
public final class LogViewerServer: Sendable {
    public let configuration: LogViewerConfiguration
    private let access: AccessPolicy
    private let server: Locked<HTTPServer?>
    /// The port it listens on.
    public let port: UInt16

    /// Validates the configuration, checks the store opens (collecting, the ingest route has
    /// created it) and starts serving; on failure the ingest route is closed.
    /// - Throws: ``LogViewerError``.
    public init(configuration: LogViewerConfiguration) throws(LogViewerError) {
        self.configuration = configuration
        if !AccessPolicy.isLoopback(configuration.host) && configuration.token == nil {
            configuration.ingest?.close()
            throw LogViewerError(
                description:
                    "listening on \(configuration.host) lets other machines read the logs; pass --token TOKEN too (clients send 'Authorization: Bearer TOKEN'), or listen on 127.0.0.1",
                isUsage: true)
        }
        if configuration.ingest == nil {
            do {
                _ = try StoreLocation(option: configuration.storeDirectory, environment: [:]).open()
            } catch {
                throw LogViewerError(description: error.description, isUsage: false)
            }
        }
        server = Locked(nil)
        var limits = configuration.limits
        limits.parser.bodyBytes = configuration.maximumBodyBytes
        let started: HTTPServer
        do {
            // The handler needs `self`, which exists only once every stored property is set.
            let relay = Relay()
            started = try HTTPServer(host: configuration.host, port: configuration.port, limits: limits) { request, exchange in
                relay.target?.handle(request, exchange)
            }
            port = started.port
            access = AccessPolicy(listenHost: configuration.host, port: started.port, token: configuration.token)
            server.withLock { $0 = started }
            relay.set(self)
        } catch {
            configuration.ingest?.close()
            throw LogViewerError(description: error.description, isUsage: false)
        }
    }

    /// The address to open in a browser (with `?token=` when a token is set).
    public var url: String {
        let shownHost = access.isWildcard ? "127.0.0.1" : (configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host)
        var url = "http://\(shownHost):\(port)/"
        if let token = configuration.token { url += "?token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token) }
        return url
    }

    /// How many connections are open (each has a thread).
    public var openConnectionCount: Int { server.withLock { $0 }?.openConnections ?? 0 }

    /// Stops serving and closes the store.
    public func stop() {
        server.withLock { $0 }?.stop()
        configuration.ingest?.close()
    }

    // MARK: - Routing

    private func handle(_ request: HTTPRequest, _ exchange: HTTPExchange) {
        let security = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store")]
        guard access.allows(hostHeader: request.header("host")) else {
            // Never the URL with its token here: a rebinding page can read this answer.
            exchange.respond(
                status: 403, text: "error: the Host '\(request.header("host") ?? "")' is not this server's address; open the URL logview serve printed\n",
                headers: security)
            return
        }
        let changesState = request.method != "GET" && request.method != "HEAD"
        if changesState && !access.allows(origin: request.header("origin"), hostHeader: request.header("host")) {
            exchange.respond(
                status: 403, text: "error: requests from the page at \(request.header("origin") ?? "") may not change this server's store\n", headers: security)
            return
        }
        guard access.isAuthorized(request) else {
            exchange.respond(
                status: 401, text: "error: this server needs its token: send 'Authorization: Bearer TOKEN', or open the URL logview serve printed\n",
                headers: security + [("WWW-Authenticate", "Bearer")])
            return
        }
        var headers = security
        if let token = configuration.token, request.queryValue("token") != nil {
            headers.append(("Set-Cookie", "\(AccessPolicy.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"))
        }
        let routes = ViewerRoutes(configuration: configuration, isStopping: { [server] in server.withLock { $0?.isStopping ?? true } })
        switch (request.method, request.path) {
        case ("GET", _), ("HEAD", _):
            if let asset = ViewerAssets.asset(at: request.path) {
                exchange.respond(
                    status: 200, headers: headers + [("Content-Type", asset.contentType), ("Content-Security-Policy", ViewerAssets.contentSecurityPolicy)],
                    body: asset.bytes)
                return
            }
            switch request.path {
            case "/api/logs": routes.logs(request, exchange, headers: headers)
            case "/api/stats": routes.stats(request, exchange, headers: headers)
            case "/api/stream": routes.stream(request, exchange, headers: headers)
            case "/api/definitions": routes.definitions(request, exchange, headers: headers)
            case "/api/findings": routes.findings(request, exchange, headers: headers)
            case "/api/coverage": routes.coverage(request, exchange, headers: headers)
            case "/v1/logs": exchange.respond(status: 405, text: "error: send logs with POST /v1/logs\n", headers: headers + [("Allow", "POST")])
            default:
                exchange.respond(
                    status: 404, text: "error: nothing at \(request.path); the viewer is at /, the API under /api/ (docs/Logview.md)\n", headers: headers)
            }
        case ("POST", "/v1/logs"):
            guard let ingest = configuration.ingest else {
                exchange.respond(
                    status: 404, text: "logview: error: this server does not collect logs; start it with logview serve --collect\n", headers: headers)
                return
            }
            ingest.handle(request, exchange, headers: headers)
        default:
            exchange.respond(status: 405, text: "error: \(request.method) \(request.path) is not served\n", headers: headers + [("Allow", "GET, HEAD")])
        }
    }
}

/// Hands requests to the server object once it exists.
private final class Relay: Sendable {
    private let box = Locked<LogViewerServer?>(nil)
    var target: LogViewerServer? { box.withLock { $0 } }
    func set(_ server: LogViewerServer) { box.withLock { $0 = server } }
}
