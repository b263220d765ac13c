import Foundation

/// Reads a backend's answer as an `HTTPDeliveryOutcome`.
///
/// The usual reading: 2xx accepted; 408, 429 and 5xx retried (honouring `Retry-After`, in
/// seconds or as an HTTP date); any other status rejected. A backend whose errors say more
/// than their status (ClickHouse answers 500 for rows it cannot parse) supplies `refine`.
package struct HTTPResponseClassifier: Sendable {
    /// Looks at a response first; returns an outcome to override the status's reading.
    package var refine: (@Sendable (HTTPResponse) -> HTTPDeliveryOutcome?)?

    package init(refine: (@Sendable (HTTPResponse) -> HTTPDeliveryOutcome?)? = nil) {
        self.refine = refine
    }

    /// The outcome of a response.
    /// - Parameter now: The current time, to turn an HTTP-date `Retry-After` into seconds.
    package func outcome(of response: HTTPResponse, now: Date = Date()) -> HTTPDeliveryOutcome {
        if let refined = refine?(response) { return refined }
        let status = response.status
        let detail = response.bodyExcerpt.isEmpty ? "" : ": \(response.bodyExcerpt)"
        switch status {
        case 200..<300:
            return .accepted
        case 408, 429, 500..<600:
            return .retry(reason: "HTTP \(status)\(detail)", after: Self.retryAfter(response.headers["retry-after"], now: now))
        default:
            return .reject(reason: "HTTP \(status)\(detail)")
        }
    }

    /// The outcome of a request that got no response.
    /// - Parameter url: The request's URL, for the message of an error that cannot pass.
    package func outcome(of error: any Error, url: URL? = nil) -> HTTPDeliveryOutcome {
        // Timeouts, refused and dropped connections, DNS: all may pass, and are retried
        // (retrying wrongly costs a request, rejecting wrongly sets logs aside). What no
        // retry passes (App Transport Security refusing http://, an unusable URL, an
        // untrusted certificate) is rejected with what to configure: see PermanentTransportError.
        if let reason = PermanentTransportError.reason(for: error, url: url) { return .reject(reason: reason) }
        return .retry(reason: Self.describe(error), after: nil)
    }

    /// `Retry-After` in seconds: delta-seconds (`120`) or an HTTP date; `nil` when absent or unreadable.
    package static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return Double(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            switch nsError.code {
            case NSURLErrorTimedOut: return "no answer within the request timeout"
            case NSURLErrorCannotConnectToHost: return "could not connect (connection refused)"
            case NSURLErrorNetworkConnectionLost: return "the connection was lost"
            case NSURLErrorNotConnectedToInternet: return "no network"
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return "unknown host"
            default: break
            }
        }
        return nsError.localizedDescription
    }
}
