#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The TCP server calls of the platform layer: what `logview serve`'s HTTP server (`LogServer`,
/// on Linux and macOS) needs to listen, accept, wait and move bytes, and nothing else. The
/// client calls are in Socket.swift; ``receive(_:into:count:)`` serves both.
///
/// Every descriptor made here is closed on `exec` and never raises `SIGPIPE` (Linux: `send`
/// with `MSG_NOSIGNAL`; Darwin has no such flag in its API: `SO_NOSIGPIPE` on the socket).
/// Emitted into their callers' modules, as the client calls are (Socket.swift says why).
extension System {
    /// Why a listening socket could not be made, by step.
    ///
    /// An immutable class, not an enum with payloads: the enum's value witnesses were linked into
    /// every app, and only the tools listen (issue 26).
    public final class ListenFailure: Error {
        /// The call that failed: `getaddrinfo` (the host is not a numeric address), `socket`,
        /// `bind` (the port is taken, the address is not the machine's, ...) or `listen`.
        public let call: String
        /// The system's reason, for `socket`, `bind` and `listen`.
        public let failure: Failure?
        /// `getaddrinfo`'s text, for `getaddrinfo`; else empty.
        public let text: String

        @usableFromInline init(call: String, failure: Failure?, text: String = "") {
            self.call = call
            self.failure = failure
            self.text = text
        }
    }

    /// A TCP socket listening on `host:port`, with `SO_REUSEADDR`.
    /// - Parameters:
    ///   - host: a numeric address, IPv4 (`127.0.0.1`, `0.0.0.0`) or IPv6 (`::1`, `::`).
    ///   - port: the port; 0 lets the system pick a free one.
    ///   - backlog: how many connections may wait to be accepted.
    /// - Returns: the descriptor and the port it listens on (the one picked for port 0).
    @_alwaysEmitIntoClient
    public static func listenTCP(host: String, port: UInt16, backlog: Int32) throws(ListenFailure) -> (descriptor: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        let closeOnExecType: Int32 = 0  // no SOCK_CLOEXEC: FD_CLOEXEC below
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        let closeOnExecType = Int32(SOCK_CLOEXEC.rawValue)
        #endif
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &list)
        guard lookup == 0, let first = list else { throw ListenFailure(call: "getaddrinfo", failure: nil, text: String(cString: gai_strerror(lookup))) }
        defer { freeaddrinfo(list) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype | closeOnExecType, 0)
        guard descriptor >= 0 else { throw ListenFailure(call: "socket", failure: .last) }
        #if canImport(Darwin)
        setCloseOnExec(descriptor)
        #endif
        setFlag(descriptor, SOL_SOCKET, SO_REUSEADDR)
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let failure = Failure.last
            close(descriptor)
            throw ListenFailure(call: "bind", failure: failure)
        }
        guard listen(descriptor, backlog) == 0 else {
            let failure = Failure.last
            close(descriptor)
            throw ListenFailure(call: "listen", failure: failure)
        }
        return (descriptor, boundPort(descriptor) ?? port)
    }

    /// The local port of a bound socket (`getsockname`), `nil` when it cannot be read.
    @_alwaysEmitIntoClient @usableFromInline
    static func boundPort(_ descriptor: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> UInt16? in
                guard getsockname(descriptor, address, &length) == 0 else { return nil }
                // The port is in network byte order (in_port_t, big-endian) in both families.
                if address.pointee.sa_family == sa_family_t(AF_INET6) {
                    return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                }
                return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        }
    }

    /// Accepts a connection waiting on a listening socket, with Nagle off and no `SIGPIPE`.
    /// - Returns: its descriptor, or `nil` when accepting failed (none was waiting, a signal,
    ///   too many descriptors: the caller tries again later).
    @_alwaysEmitIntoClient
    public static func acceptConnection(_ listener: Int32) -> Int32? {
        // No accept4: Darwin has none, and Swift's Glibc module does not declare it.
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        setCloseOnExec(descriptor)
        setFlag(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY)
        #if canImport(Darwin)
        setFlag(descriptor, SOL_SOCKET, SO_NOSIGPIPE)
        #endif
        return descriptor
    }

    /// What ``waitUntilReady(_:for:milliseconds:)`` waits for.
    /// A struct of `poll`'s events, not an enum: an enum's value witnesses and synthesised
    /// conformances would be in every app, though only `LogServer` waits (issue 26).
    public struct Readiness: Sendable {
        @usableFromInline let events: Int16
        @usableFromInline init(_ events: Int16) { self.events = events }

        /// Bytes to read, the end of the stream, or a connection to accept.
        @_alwaysEmitIntoClient public static var readable: Readiness { Readiness(Int16(POLLIN)) }
        /// Room to write.
        @_alwaysEmitIntoClient public static var writable: Readiness { Readiness(Int16(POLLOUT)) }
    }

    /// Waits up to `milliseconds` (0: not at all) for a descriptor to be ready (`poll`),
    /// retrying `EINTR`.
    /// - Returns: `false` when the time ran out; `true` when it is ready or `poll` failed
    ///   otherwise (the read or write that follows then reports the error).
    @_alwaysEmitIntoClient
    public static func waitUntilReady(_ descriptor: Int32, for readiness: Readiness, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: readiness.events, revents: 0)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { return true }
        }
    }

    /// Shuts a connected socket down both ways (`shutdown`, not `close`: the descriptor stays
    /// its owner's to close): a read waiting on it returns the end of the stream at once, and
    /// the peer sees the connection closed.
    @_alwaysEmitIntoClient
    public static func shutDownConnection(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = shutdown(descriptor, SHUT_RDWR)
        #else
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        #endif
    }

    /// Makes reads and writes on a descriptor return `isWouldBlock` instead of waiting.
    @_alwaysEmitIntoClient
    public static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    /// Sends what the socket takes now, at least one byte unless it fails (never raising
    /// `SIGPIPE`), retrying `EINTR`.
    /// - Returns: how many bytes were sent (0 only for an empty buffer, or a connection that
    ///   takes nothing).
    /// - Throws: `isWouldBlock` on a non-blocking socket with no room; any other error number.
    @_alwaysEmitIntoClient
    public static func sendSome(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) -> Int {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return 0 }
        while true {
            #if canImport(Darwin)
            let sent = send(descriptor, start, bytes.count, 0)  // SO_NOSIGPIPE is set on the socket
            #else
            let sent = send(descriptor, start, bytes.count, Int32(MSG_NOSIGNAL))
            #endif
            if sent >= 0 { return sent }
            if errno != EINTR { throw .last }
        }
    }

    /// Sets a boolean socket option; a failure leaves the socket as it was.
    @_alwaysEmitIntoClient @usableFromInline
    static func setFlag(_ descriptor: Int32, _ level: Int32, _ option: Int32) {
        var one: Int32 = 1
        _ = setsockopt(descriptor, level, option, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    @_alwaysEmitIntoClient @usableFromInline
    static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
}
