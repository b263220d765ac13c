import Foundation
import LogCore
import LogStore

/// A small HTTP/1.1 server: one thread accepts, one thread serves each connection, with a
/// bound on everything a client controls.
///
/// - Keep-alive (HTTP/1.1 by default), `Content-Length` and `chunked` request bodies.
/// - At most ``Limits/connections`` open connections; one more gets `503` and is closed.
/// - A request must arrive whole within ``Limits/requestMilliseconds`` of its first byte
///   (`408` otherwise), and an idle keep-alive connection is closed after
///   ``Limits/idleMilliseconds``; a client that does not read its response in
///   ``Limits/writeMilliseconds`` is dropped. A slow client holds only its own thread.
public final class HTTPServer: Sendable {
    /// Bounds on what clients can make the server hold.
    public struct Limits: Sendable {
        public var parser = HTTPRequestParser.Limits()
        public var connections = 64
        public var requestMilliseconds: Int32 = 10_000
        public var idleMilliseconds: Int32 = 30_000
        public var writeMilliseconds: Int32 = 10_000

        public init() {}
    }

    /// Answers one request through the exchange; runs on the connection's thread.
    public typealias Handler = @Sendable (HTTPRequest, HTTPExchange) -> Void

    public let limits: Limits
    /// The port it listens on.
    public let port: UInt16
    private let socket: ServerSocket
    private let handler: Handler
    private let state = Locked(State())

    private struct State {
        var stopping = false
        var open: [Int32: ClientSocket] = [:]
        var acceptorDone = false
    }

    /// Binds `host:port` and starts serving on threads of its own.
    /// - Throws: ``ServerSocketError`` when the address cannot be bound.
    public init(host: String, port: UInt16, limits: Limits = Limits(), handler: @escaping Handler) throws(ServerSocketError) {
        socket = try ServerSocket(host: host, port: port)
        self.port = socket.port
        self.limits = limits
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LogServer.accept"
        thread.start()
    }

    /// Whether ``stop()`` was called.
    public var isStopping: Bool { state.withLock { $0.stopping } }

    /// Stops accepting, closes every open connection (a keep-alive client between requests
    /// sees it closed) and waits, up to a second, for the acceptor and the connections' threads
    /// to end.
    public func stop() {
        state.withLock { state in
            state.stopping = true
            // Shut down, not closed: each connection's thread owns its descriptor and closes it
            // when its read returns the end of the stream, which the shutdown makes at once. (Under
            // the lock, which a connection's thread holds to close its descriptor: a descriptor
            // closed and reused meanwhile is never shut down by mistake.)
            for client in state.open.values { client.shutDown() }
        }
        for _ in 0..<100 where !state.withLock({ $0.acceptorDone && $0.open.isEmpty }) { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// How many connections are open.
    public var openConnections: Int { state.withLock { $0.open.count } }

    private func acceptLoop() {
        while !isStopping {
            guard let client = socket.accept(waitingUpTo: 100) else { continue }
            let admitted = state.withLock { state -> Bool in
                guard state.open.count < limits.connections, !state.stopping else { return false }
                state.open[client.descriptor] = client
                return true
            }
            guard admitted else {
                client.setNonBlocking()
                let body = Array("error: too many connections (\(limits.connections)); try again shortly\n".utf8)
                let response =
                    HTTPExchange.head(
                        status: 503, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")], bodyCount: body.count) + body
                _ = response.withUnsafeBytes { client.writeAll($0, waitingUpTo: 100) }
                client.close()
                continue
            }
            let thread = Thread { [self] in
                serve(client)
                state.withLock { state in
                    state.open.removeValue(forKey: client.descriptor)
                    client.close()
                }
            }
            thread.name = "LogServer.connection"
            thread.stackSize = 1 << 20
            thread.start()
        }
        socket.close()
        state.withLock { $0.acceptorDone = true }
    }

    /// Serves the requests of one connection until it closes, times out or asks to close.
    private func serve(_ client: ClientSocket) {
        client.setNonBlocking()
        let parser = HTTPRequestParser(limits: limits.parser)
        var buffered: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopping {
            // Wait for a request to begin (the idle timeout), then for all of it (the request timeout).
            var started: Int64? = buffered.isEmpty ? nil : ClientSocket.monotonicMilliseconds()
            let idleSince = ClientSocket.monotonicMilliseconds()
            var request: HTTPRequest?
            var continued = false
            while request == nil {
                if !buffered.isEmpty {
                    switch buffered.withUnsafeBufferPointer({ parser.parse($0) }) {
                    case .incomplete:
                        if !continued && buffered.withUnsafeBufferPointer({ parser.expectsContinue($0) }) {
                            continued = true
                            _ = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8).withUnsafeBytes { client.writeAll($0, waitingUpTo: limits.writeMilliseconds) }
                        }
                    case .request(let parsed, let consumed):
                        request = parsed
                        buffered.removeFirst(consumed)
                        continue
                    case .failure(let error):
                        let exchange = HTTPExchange(client: client, limits: limits, keepAlive: false, method: "")
                        exchange.respond(status: error.status, text: "error: \(error.message)\n")
                        return
                    }
                }
                let now = ClientSocket.monotonicMilliseconds()
                let wait: Int64
                if let started {
                    wait = Int64(limits.requestMilliseconds) - (now - started)
                    if wait <= 0 {
                        let exchange = HTTPExchange(client: client, limits: limits, keepAlive: false, method: "")
                        exchange.respond(status: 408, text: "error: the request did not arrive within \(limits.requestMilliseconds) ms\n")
                        return
                    }
                } else {
                    wait = Int64(limits.idleMilliseconds)
                }
                // `stop()` ends the wait: it shuts the connection down, and the read returns the end of the stream.
                let result = chunk.withUnsafeMutableBytes { client.read(into: $0, waitingUpTo: Int32(min(wait, Int64(Int32.max)))) }
                switch result {
                case .bytes(let count):
                    if started == nil { started = ClientSocket.monotonicMilliseconds() }
                    buffered.append(contentsOf: chunk[0..<count])
                case .timedOut:
                    if isStopping { return }
                    if started == nil && ClientSocket.monotonicMilliseconds() - idleSince >= Int64(limits.idleMilliseconds) { return }
                case .endOfStream, .failed:
                    return
                }
            }
            let exchange = HTTPExchange(client: client, limits: limits, keepAlive: request!.keepsAlive, method: request!.method)
            handler(request!, exchange)
            exchange.finishIfNeeded()
            guard exchange.keepsConnection else { return }
        }
    }
}
