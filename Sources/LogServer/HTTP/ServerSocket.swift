import LogCore
import LogStore

// The server's sockets, in plain Swift: their system calls are the platform layer's
// (`System.listenTCP`, `acceptConnection`, `waitUntilReady`, `sendSome`, `receive`:
// Sources/LogCore/Platform/ServerSocket.swift), so LogServer builds on macOS as on Linux
// without importing Darwin or Glibc.

/// Why a socket could not be set up, in one line with the fix.
public struct ServerSocketError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A listening TCP socket.
final class ServerSocket: @unchecked Sendable {  // `descriptor` is only closed once, by `close()`
    let descriptor: Int32
    /// The port it listens on (the one the system picked for port 0).
    let port: UInt16

    /// Binds `host:port` (IPv4 or IPv6 literal, or `localhost`) and listens.
    init(host: String, port: UInt16, backlog: Int32 = 128) throws(ServerSocketError) {
        do {
            (descriptor, self.port) = try System.listenTCP(host: host == "localhost" ? "127.0.0.1" : host, port: port, backlog: backlog)
        } catch {
            let failure = error.failure.map { "\($0)" } ?? ""
            switch error.call {
            case "getaddrinfo":
                throw ServerSocketError("cannot use the address '\(host)': \(error.text); give an IP address such as 127.0.0.1 or 0.0.0.0")
            case "socket":
                throw ServerSocketError("cannot open a socket: \(failure)")
            case "bind":
                throw ServerSocketError("cannot listen on \(host):\(port): \(failure); pick another port with --listen HOST:PORT (port 0 picks a free one)")
            default:
                throw ServerSocketError("cannot listen on \(host):\(port): \(failure)")
            }
        }
    }

    /// Waits up to `milliseconds` for a connection.
    /// - Returns: the connection, or `nil` when none came (or accepting failed for now).
    func accept(waitingUpTo milliseconds: Int32) -> ClientSocket? {
        guard System.waitUntilReady(descriptor, for: .readable, milliseconds: milliseconds),
            let client = System.acceptConnection(descriptor)
        else { return nil }
        return ClientSocket(descriptor: client)
    }

    func close() {
        System.close(descriptor)
    }
}

/// One accepted connection; reads and writes with deadlines.
final class ClientSocket: @unchecked Sendable {  // used by one thread at a time
    let descriptor: Int32
    private var isClosed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// What a read brought.
    enum ReadResult: Equatable {
        case bytes(Int)
        case endOfStream
        case timedOut
        case failed
    }

    /// Reads what is there (at most `buffer.count` bytes), waiting up to `milliseconds`.
    func read(into buffer: UnsafeMutableRawBufferPointer, waitingUpTo milliseconds: Int32) -> ReadResult {
        guard let start = buffer.baseAddress,
            System.waitUntilReady(descriptor, for: .readable, milliseconds: milliseconds)
        else { return .timedOut }
        do {
            let count = try System.receive(descriptor, into: start, count: buffer.count)
            return count > 0 ? .bytes(count) : .endOfStream
        } catch {
            return error.isWouldBlock ? .timedOut : .failed
        }
    }

    /// Whether the peer closed its side (or sent more bytes), without waiting.
    var hasInputOrHangUp: Bool { System.waitUntilReady(descriptor, for: .readable, milliseconds: 0) }

    /// Writes every byte, waiting up to `milliseconds` in all for the peer to take them.
    /// - Returns: `false` when the peer is gone or too slow.
    func writeAll(_ bytes: UnsafeRawBufferPointer, waitingUpTo milliseconds: Int32) -> Bool {
        var offset = 0
        let deadline = Self.monotonicMilliseconds() + Int64(milliseconds)
        while offset < bytes.count {
            do {
                let written = try System.sendSome(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                guard written > 0 else { return false }
                offset += written
            } catch  where error.isWouldBlock {
                let left = deadline - Self.monotonicMilliseconds()
                guard left > 0, System.waitUntilReady(descriptor, for: .writable, milliseconds: Int32(left)) else { return false }
            } catch {
                return false
            }
        }
        return true
    }

    /// Ends the connection both ways without closing the descriptor (from another thread:
    /// the connection's own thread, waiting in a read, sees the end of the stream and closes it).
    func shutDown() {
        System.shutDownConnection(descriptor)
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        System.close(descriptor)
    }

    /// Makes writes return instead of blocking (they then wait in `poll`, with a deadline).
    func setNonBlocking() {
        System.setNonBlocking(descriptor)
    }

    /// A monotonic clock in milliseconds, for deadlines.
    static func monotonicMilliseconds() -> Int64 {
        Int64(System.monotonicNanoseconds() / 1_000_000)
    }
}
