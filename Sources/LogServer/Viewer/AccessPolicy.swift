/// Who may talk to the server: the `Host` a request names (against DNS rebinding), the
/// `Origin` of requests that change state, and the token when one is set.
struct AccessPolicy: Sendable {
    /// The address the server listens on, as given (`127.0.0.1`, `0.0.0.0`, `::1`…).
    var listenHost: String
    var port: UInt16
    /// The token every request must carry (bearer header, cookie, or `?token=` once); `nil` for none.
    var token: String?

    static let cookieName = "logview_token"

    /// Whether `host` is a loopback address (or `localhost`).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Whether the listening address accepts connections from any interface.
    var isWildcard: Bool { listenHost == "0.0.0.0" || listenHost == "::" || listenHost == "[::]" }

    /// Whether a `Host` header names this server: a loopback name when it listens on loopback;
    /// the address itself; or, on a wildcard address, any IP literal (a device reaches it by the
    /// machine's address). A DNS name (what a rebinding attack uses) is refused.
    func allows(hostHeader: String?) -> Bool {
        guard let hostHeader, !hostHeader.isEmpty else { return false }
        var name = Substring(hostHeader.lowercased())
        var givenPort: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            if rest.hasPrefix(":") { givenPort = rest.dropFirst() } else if !rest.isEmpty { return false }
            name = name[...close]
        } else if let colon = name.lastIndex(of: ":") {
            givenPort = name[name.index(after: colon)...]
            name = name[..<colon]
        }
        if let givenPort {
            guard UInt16(givenPort) == port else { return false }
        } else if port != 80 {
            return false
        }
        let bare = String(name.hasPrefix("[") ? name.dropFirst().dropLast() : name)
        if Self.isLoopback(bare) { return true }
        if bare == listenHost.lowercased() { return true }
        return isWildcard && Self.isIPLiteral(bare)
    }

    /// Whether a state-changing request's `Origin` (when it sends one) is this server's own page.
    func allows(origin: String?, hostHeader: String?) -> Bool {
        guard let origin else { return true }
        guard let hostHeader else { return false }
        return origin.lowercased() == "http://" + hostHeader.lowercased()
    }

    /// Whether the request carries the token (when one is set).
    func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let token else { return true }
        if let authorization = request.header("authorization"), authorization.hasPrefix("Bearer "),
            Self.equalInConstantTime(String(authorization.dropFirst(7)), token)
        {
            return true
        }
        if let given = request.queryValue("token"), Self.equalInConstantTime(given, token) { return true }
        if let cookies = request.header("cookie") {
            for pair in cookies.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingWhitespace == Self.cookieName,
                    Self.equalInConstantTime(String(parts[1].trimmingWhitespace), token)
                {
                    return true
                }
            }
        }
        return false
    }

    /// Compares without stopping at the first difference, so timing does not reveal a prefix.
    static func equalInConstantTime(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }

    static func isIPLiteral(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && UInt8($0) != nil }) { return true }
        return text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}
