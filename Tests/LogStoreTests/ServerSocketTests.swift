import Foundation
import LogCore
import Testing
import LogStore

/// The platform layer's TCP server calls (Sources/LogCore/Platform/ServerSocket.swift), on
/// real sockets over the loopback: listen, accept, wait, send and receive, and each failure.
@Suite struct ServerSocketTests {
    /// A listener on a free port of 127.0.0.1, a client connected to it and the accepted side.
    private struct Connection {
        let listener: Int32
        let port: UInt16
        let client: Int32
        let server: Int32

        init() throws {
            (listener, port) = try System.listenTCP(host: "127.0.0.1", port: 0, backlog: 8)
            client = try System.connectTCP(host: "127.0.0.1", port: Int(port), timeout: 5)
            #expect(System.waitUntilReady(listener, for: .readable, milliseconds: 5_000))
            server = try #require(System.acceptConnection(listener))
        }

        func close() {
            for descriptor in [server, client, listener] { System.close(descriptor) }
        }
    }

    @Test func portZeroPicksAFreePortAndBytesGoBothWays() throws {
        let connection = try Connection()
        defer { connection.close() }
        #expect(connection.port != 0)

        try Array("ping".utf8).withUnsafeBytes { try System.sendAll(connection.client, $0) }
        #expect(System.waitUntilReady(connection.server, for: .readable, milliseconds: 5_000))
        var buffer = [UInt8](repeating: 0, count: 16)
        let got = try buffer.withUnsafeMutableBytes { try System.receive(connection.server, into: $0.baseAddress!, count: $0.count) }
        #expect(Array(buffer[..<got]) == Array("ping".utf8))

        let sent = try Array("pong".utf8).withUnsafeBytes { try System.sendSome(connection.server, $0) }
        #expect(sent == 4)
        let back = try buffer.withUnsafeMutableBytes { try System.receive(connection.client, into: $0.baseAddress!, count: $0.count) }
        #expect(Array(buffer[..<back]) == Array("pong".utf8))
    }

    @Test func anIPv6ListenerReportsItsPort() throws {
        let listener: (descriptor: Int32, port: UInt16)
        do {
            listener = try System.listenTCP(host: "::1", port: 0, backlog: 8)
        } catch {
            guard error.call == "bind" || error.call == "getaddrinfo" else { throw error }
            // Reported, not failed: a machine (a container) without IPv6 on its loopback.
            print("ServerSocketTests: note: ::1 cannot be bound here; the IPv6 port path is not exercised")
            return
        }
        defer { System.close(listener.descriptor) }
        #expect(listener.port != 0)
        let client = try System.connectTCP(host: "::1", port: Int(listener.port), timeout: 5)
        System.close(client)
    }

    @Test func waitingForNothingTimesOutAndTheEndOfTheStreamReadsAsZero() throws {
        let connection = try Connection()
        defer { System.close(connection.server); System.close(connection.listener) }
        #expect(!System.waitUntilReady(connection.server, for: .readable, milliseconds: 50))
        #expect(System.waitUntilReady(connection.server, for: .writable, milliseconds: 0))

        System.close(connection.client)
        #expect(System.waitUntilReady(connection.server, for: .readable, milliseconds: 5_000))
        var byte: UInt8 = 0
        #expect(try System.receive(connection.server, into: &byte, count: 1) == 0)
    }

    @Test func aNonBlockingSocketSaysWouldBlockWhenThePeerDoesNotRead() throws {
        let connection = try Connection()
        defer { connection.close() }
        System.setNonBlocking(connection.server)
        let chunk = [UInt8](repeating: 0x61, count: 64 * 1024)
        var total = 0
        var failure: System.Failure?
        chunk.withUnsafeBytes { bytes in
            // The kernel's buffers hold a few MiB at most; 1 GiB means the socket blocked or lost bytes.
            while total < 1 << 30 {
                do throws(System.Failure) {
                    total += try System.sendSome(connection.server, bytes)
                } catch {
                    failure = error
                    return
                }
            }
        }
        #expect(failure?.isWouldBlock == true, "after \(total) bytes: \(String(describing: failure))")
        #expect(!System.waitUntilReady(connection.server, for: .writable, milliseconds: 50))

        // Nothing came from the client: a read says would-block too (what the server takes for "wait").
        var byte: UInt8 = 0
        do {
            let got = try System.receive(connection.server, into: &byte, count: 1)
            Issue.record("a read with nothing sent returned \(got)")
        } catch {
            #expect(error.isWouldBlock, "\(error)")
        }
    }

    @Test func aTakenPortFailsAtBindWithTheSystemsText() throws {
        let first = try System.listenTCP(host: "127.0.0.1", port: 0, backlog: 8)
        defer { System.close(first.descriptor) }
        do {
            let second = try System.listenTCP(host: "127.0.0.1", port: first.port, backlog: 8)
            System.close(second.descriptor)
            Issue.record("a second listener on port \(first.port) was accepted")
        } catch {
            guard error.call == "bind", let failure = error.failure else { Issue.record("expected a bind failure, got \(error.call)"); return }
            #expect(failure.description.contains("in use"), "\(failure)")
        }
    }

    @Test func aHostThatIsNotAnAddressFailsBeforeAnySocket() {
        do {
            let listener = try System.listenTCP(host: "999.1.1.1", port: 0, backlog: 8)
            System.close(listener.descriptor)
            Issue.record("999.1.1.1 was accepted as an address")
        } catch {
            guard error.call == "getaddrinfo" else { Issue.record("expected an address failure, got \(error.call)"); return }
            #expect(!error.text.isEmpty)
        }
    }

    #if os(Linux)
    /// Close-on-exec, read back from the kernel (`flags:` in /proc/self/fdinfo, octal; O_CLOEXEC
    /// is 02000000): a process the server starts must not inherit its sockets.
    @Test func theListenerAndAcceptedSocketsAreClosedOnExec() throws {
        let connection = try Connection()
        defer { connection.close() }
        for descriptor in [connection.listener, connection.server] {
            let info = try String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8)
            let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("flags:") })
            let flags = try #require(Int(line.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces), radix: 8))
            #expect(flags & 0o2000000 != 0, "descriptor \(descriptor): \(line)")
        }
    }
    #endif
}
