#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// Every system call of the server (socket, bind, listen, accept, poll, recv, send, close)
// lives in this file, under `#if canImport(Darwin)` first, so that the rest of LogServer is
// plain Swift and the server builds on macOS as on Linux.

/// Why a socket could not be set up, in one line with the fix.
public struct ServerSocketError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A listening TCP socket.
final class ServerSocket: @unchecked Sendable {   // `descriptor` is only closed once, by `close()`
    let descriptor: Int32
    /// The port it listens on (the one the system picked for port 0).
    let port: UInt16

    /// Binds `host:port` (IPv4 or IPv6 literal, or `localhost`) and listens.
    init(host: String, port: UInt16, backlog: Int32 = 128) throws(ServerSocketError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host == "localhost" ? "127.0.0.1" : host, String(port), &hints, &list)
        guard lookup == 0, let first = list else {
            throw ServerSocketError("cannot use the address '\(host)': \(String(cString: gai_strerror(lookup))); give an IP address such as 127.0.0.1 or 0.0.0.0")
        }
        defer { freeaddrinfo(list) }
        let socketDescriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, 0)
        guard socketDescriptor >= 0 else { throw ServerSocketError("cannot open a socket: \(Self.errorText())") }
        var one: Int32 = 1
        setsockopt(socketDescriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socketDescriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let text = Self.errorText()
            _ = systemClose(socketDescriptor)
            throw ServerSocketError("cannot listen on \(host):\(port): \(text); pick another port with --listen HOST:PORT (port 0 picks a free one)")
        }
        guard listen(socketDescriptor, backlog) == 0 else {
            let text = Self.errorText()
            _ = systemClose(socketDescriptor)
            throw ServerSocketError("cannot listen on \(host):\(port): \(text)")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let boundPort: UInt16 = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                guard getsockname(socketDescriptor, address, &length) == 0 else { return port }
                if address.pointee.sa_family == sa_family_t(AF_INET6) {
                    return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                }
                return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        }
        descriptor = socketDescriptor
        self.port = boundPort
    }

    /// Waits up to `milliseconds` for a connection.
    /// - Returns: the connection, or `nil` when none came (or accepting failed for now).
    func accept(waitingUpTo milliseconds: Int32) -> ClientSocket? {
        guard ClientSocket.waitReadable(descriptor, milliseconds: milliseconds) else { return nil }
        let client = systemAccept(descriptor)
        guard client >= 0 else { return nil }
        var one: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return ClientSocket(descriptor: client)
    }

    func close() {
        _ = systemClose(descriptor)
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// One accepted connection; reads and writes with deadlines.
final class ClientSocket: @unchecked Sendable {   // used by one thread at a time
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
        guard Self.waitReadable(descriptor, milliseconds: milliseconds) else { return .timedOut }
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .timedOut }
            return .failed
        }
    }

    /// Whether the peer closed its side (or sent more bytes), without waiting.
    var hasInputOrHangUp: Bool { Self.waitReadable(descriptor, milliseconds: 0) }

    /// Writes every byte, waiting up to `milliseconds` in all for the peer to take them.
    /// - Returns: `false` when the peer is gone or too slow.
    func writeAll(_ bytes: UnsafeRawBufferPointer, waitingUpTo milliseconds: Int32) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        let deadline = Self.monotonicMilliseconds() + Int64(milliseconds)
        while remaining > 0 {
            #if canImport(Darwin)
            let written = send(descriptor, pointer, remaining, 0)
            #else
            let written = send(descriptor, pointer, remaining, Int32(MSG_NOSIGNAL))
            #endif
            if written > 0 {
                pointer += written
                remaining -= written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                let left = deadline - Self.monotonicMilliseconds()
                guard left > 0, Self.waitWritable(descriptor, milliseconds: Int32(left)) else { return false }
                continue
            }
            return false
        }
        return true
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = systemClose(descriptor)
    }

    /// Makes writes return instead of blocking (they then wait in `poll`, with a deadline).
    func setNonBlocking() {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        wait(descriptor, events: Int16(POLLIN), milliseconds: milliseconds)
    }

    static func waitWritable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        wait(descriptor, events: Int16(POLLOUT), milliseconds: milliseconds)
    }

    private static func wait(_ descriptor: Int32, events: Int16, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { return true }   // let the read or write report the error
        }
    }

    /// A monotonic clock in milliseconds, for deadlines.
    static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}

// `close` and `accept` are also names of methods above; these reach the system's.
@inline(__always) private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}

@inline(__always) private func systemAccept(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.accept(descriptor, nil, nil)
    #else
    Glibc.accept(descriptor, nil, nil)
    #endif
}
