import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport errors that no retry can get past, each with what to configure.
///
/// Waiting cures a timeout, a refused or lost connection, an unknown host (no network yet):
/// those are retried. It does not cure App Transport Security refusing `http://` (on Apple
/// platforms URLSession refuses plain HTTP unless the app's Info.plist allows it), a URL
/// URLSession cannot use, or a server certificate the device does not trust: retrying those
/// would send the same doomed request with backoff forever, so the chunk fails for good (set
/// aside, counted, kept in the outbox's store) with a message saying what to change.
///
/// A pure function of the error, so every platform tests it (the codes are `URLError`'s, the
/// same in FoundationNetworking). Note that a captive portal can present an untrusted
/// certificate too: logs sent while a device sits behind one are set aside, not lost.
package enum PermanentTransportError {
    /// Why `error` will never pass, saying what to configure; `nil` when it may pass.
    /// - Parameters:
    ///   - error: What the transport threw.
    ///   - url: The request's URL (else the error's failing URL, when it has one).
    package static func reason(for error: any Error, url: URL?) -> String? {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return nil }
        let target = url ?? (error as? URLError)?.failingURL
        let address = target?.absoluteString ?? "the output's URL"
        let host = target?.host ?? "the server"
        // `URLError.Code`, not the `NSURLError…` constants: FoundationNetworking numbers the
        // certificate constants one off from Apple's (its NSURLErrorServerCertificateUntrusted
        // is -1203); the codes are the same as Apple's on every platform.
        switch URLError.Code(rawValue: nsError.code) {
        case .appTransportSecurityRequiresSecureConnection:
            return "App Transport Security refused \(address): use https://, or allow plain HTTP to \(host) "
                + "with an NSExceptionDomains entry for \(host) (NSExceptionAllowsInsecureHTTPLoads) under "
                + "NSAppTransportSecurity in the app's Info.plist"
        case .badURL:
            return "malformed URL \(address): fix the output's url"
        case .unsupportedURL:
            return "unsupported URL \(address): the output sends to http:// and https:// URLs with a host"
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
            return "the TLS certificate of \(host) is not trusted by the device: serve a certificate from a "
                + "trusted authority (a self-signed or private-CA certificate must be installed and trusted on the device)"
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            return "the TLS certificate of \(host) is expired or not yet valid: renew it (or check the device's clock)"
        case .clientCertificateRequired, .clientCertificateRejected:
            return "\(host) requires a client certificate the transport does not present: "
                + "configure one in a custom HTTPTransport, or lift the requirement"
        default:
            return nil
        }
    }
}
