import Foundation
import LogServer
import Testing
import TestSupport

@Suite struct HTTPServerTests {
    /// Issue 25, defect 8: `stop()` closes the connections still open (a keep-alive client
    /// idling between requests), as its documentation says, before it returns — it left each
    /// one to notice the stop on its next 200 ms poll.
    @Test func stopClosesTheOpenConnectionsBeforeItReturns() async throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _, exchange in exchange.respond(status: 200, text: "ok\n") }
        let (openBefore, openAfter, closed) = try await onOwnThread { () throws -> (Int, Int, Bool) in
            let connection = try HTTPTestConnection(port: server.port)
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            _ = try connection.readResponse()
            let openBefore = server.openConnections
            server.stop()
            let openAfter = server.openConnections
            // Closed by then: the end of the stream is there at once.
            return (openBefore, openAfter, connection.readUntilClosed(timeout: 0.05).closed)
        }
        #expect(openBefore == 1)
        #expect(openAfter == 0, "stop() returned with a connection still open")
        #expect(closed, "the client's connection was still open after stop() returned")
    }

    /// A connection whose request is still being answered is closed by `stop()` too: the client
    /// sees the end of the stream at once, not when the handler returns.
    @Test func stopClosesAConnectionWhoseHandlerIsStillRunning() async throws {
        let handlerMayReturn = DispatchSemaphore(value: 0)
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _, exchange in
            _ = handlerMayReturn.wait(timeout: .now() + 20)
            exchange.respond(status: 200, text: "late\n")
        }
        let closed = try await onOwnThread { () throws -> Bool in
            let connection = try HTTPTestConnection(port: server.port)
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            while server.openConnections == 0 { usleep(1_000) }
            server.stop()
            return connection.readUntilClosed(timeout: 2).closed
        }
        handlerMayReturn.signal()
        #expect(closed, "the connection stayed open after stop() returned, until its handler would return")
    }
}
