#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The TCP client calls of the platform layer: what `BehaviorLogHTTP`'s socket transport (plain
/// HTTP to a server on the same host or network, Linux) needs, and nothing else.
///
/// `@_alwaysEmitIntoClient`: compiled into the module that calls them, so that an app that
/// does not link the transport carries none of them (Linux's linker keeps every public
/// function of a module it links; docs/Platforms.md).
extension System {
    /// Why a connection could not be made.
    public enum ConnectFailure: Error, Sendable {
        /// The name did not resolve.
        case unknownHost
        /// No answer within the timeout.
        case timedOut
        /// Every address refused, or another error (its number).
        case refused(Int32)
    }

    /// Connects a blocking TCP socket to `host:port` (every address the name resolves to, in
    /// order), with send and receive timeouts of `timeout` seconds, Nagle off and no `SIGPIPE`.
    @_alwaysEmitIntoClient
    public static func connectTCP(host: String, port: Int, timeout: Double) throws(ConnectFailure) -> Int32 {
        BlockingCalls.check("connect")
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(bare, String(port), &hints, &list) == 0, let first = list else { throw .unknownHost }
        defer { freeaddrinfo(list) }
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = errno; continue }
            var time = timeval()
            time.tv_sec = time_t(timeout)
            time.tv_usec = .init((timeout - timeout.rounded(.down)) * 1_000_000)
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            // Darwin has no MSG_NOSIGNAL: a write to a closed connection must not kill the app.
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            lastError = errno
            close(descriptor)
        }
        if lastError == EAGAIN || lastError == EINPROGRESS || lastError == ETIMEDOUT { throw .timedOut }
        throw .refused(lastError)
    }

    /// Sends every byte on a connected socket (never raising `SIGPIPE`), retrying `EINTR`.
    @_alwaysEmitIntoClient
    public static func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        BlockingCalls.check("send")
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Darwin)
            let sent = send(descriptor, next, remaining, 0)
            #else
            let sent = send(descriptor, next, remaining, Int32(MSG_NOSIGNAL))
            #endif
            if sent > 0 {
                next += sent
                remaining -= sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else {
                throw sent == 0 ? .ioError : .last
            }
        }
    }

    /// Receives up to `count` bytes (0 at the end of the connection), retrying `EINTR`.
    @_alwaysEmitIntoClient
    public static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(Failure) -> Int {
        BlockingCalls.check("receive")
        while true {
            let got = recv(descriptor, buffer, count, 0)
            if got >= 0 { return got }
            if errno != EINTR { throw .last }
        }
    }
}

extension System.Failure {
    /// A socket's send or receive timed out (`SO_SNDTIMEO`, `SO_RCVTIMEO`).
    @_alwaysEmitIntoClient
    public var isTimedOut: Bool { code == EAGAIN || code == EWOULDBLOCK || code == ETIMEDOUT }
}
