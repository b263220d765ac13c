@testable import BehaviorLog
@_spi(Transport) @testable import BehaviorLogHTTP
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Transport errors no retry gets past (App Transport Security, an unusable URL, an untrusted
/// certificate) fail for good with what to configure; the others are retried. The codes are
/// URLSession's on Apple platforms (FoundationNetworking on Linux reports a certificate
/// problem as code -1, so a real TLS server here cannot produce them: the errors are made).
@Suite struct PermanentTransportErrorTests {
    static let url = URL(string: "http://logs.example.com/ingest")!

    @Test func appTransportSecuritySaysHowToAllowTheHost() throws {
        let reason = try #require(
            PermanentTransportError.reason(
                for: URLError(.appTransportSecurityRequiresSecureConnection), url: Self.url))
        #expect(
            reason == "App Transport Security refused http://logs.example.com/ingest: use https://, or allow plain HTTP "
                + "to logs.example.com with an NSExceptionDomains entry for logs.example.com (NSExceptionAllowsInsecureHTTPLoads) "
                + "under NSAppTransportSecurity in the app's Info.plist")
    }

    @Test(arguments: [
        (URLError.Code.badURL, "malformed URL http://logs.example.com/ingest"),
        (.unsupportedURL, "unsupported URL http://logs.example.com/ingest"),
        (.serverCertificateUntrusted, "the TLS certificate of logs.example.com is not trusted"),
        (.serverCertificateHasUnknownRoot, "the TLS certificate of logs.example.com is not trusted"),
        (.serverCertificateHasBadDate, "expired or not yet valid"),
        (.serverCertificateNotYetValid, "expired or not yet valid"),
        (.clientCertificateRequired, "requires a client certificate"),
        (.clientCertificateRejected, "requires a client certificate"),
    ])
    func errorsThatCannotPassAreRejected(code: URLError.Code, message: String) {
        let outcome = HTTPResponseClassifier().outcome(of: URLError(code), url: Self.url)
        guard case .reject(let reason) = outcome else {
            Issue.record("\(code.rawValue) must be rejected, not \(outcome)")
            return
        }
        #expect(reason.contains(message), "\(reason)")
    }

    @Test(arguments: [
        URLError.Code.timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet,
        .cannotFindHost, .dnsLookupFailed, .secureConnectionFailed, .cancelled, .badServerResponse,
        .internationalRoamingOff, .dataNotAllowed,
    ])
    func errorsThatMayPassAreRetried(code: URLError.Code) {
        #expect(PermanentTransportError.reason(for: URLError(code), url: Self.url) == nil)
        guard case .retry = HTTPResponseClassifier().outcome(of: URLError(code), url: Self.url) else {
            Issue.record("\(code.rawValue) must be retried")
            return
        }
    }

    @Test func otherErrorsAreRetried() {
        struct Odd: Error {}
        #expect(PermanentTransportError.reason(for: Odd(), url: Self.url) == nil)
        #expect(PermanentTransportError.reason(for: NSError(domain: "other", code: NSURLErrorBadURL), url: Self.url) == nil)
    }

    @Test func theFailingURLNamesTheHostWhenNoURLIsGiven() throws {
        let error = URLError(.appTransportSecurityRequiresSecureConnection, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "http://10.0.0.7:8123/")!])
        let reason = try #require(PermanentTransportError.reason(for: error, url: nil))
        #expect(reason.contains("refused http://10.0.0.7:8123/") && reason.contains("NSExceptionDomains entry for 10.0.0.7"))
    }

    /// Through the poster and the backend: the chunk fails for good (a `BufferedOutput` sets it
    /// aside with this reason) instead of being retried with backoff.
    @Test func thePosterAndTheBackendFailForGood() async throws {
        struct RefusingTransport: HTTPTransport {
            func post(_ request: HTTPRequest) async throws -> HTTPResponse {
                throw URLError(.appTransportSecurityRequiresSecureConnection)
            }
        }
        let configuration = try HTTPBackendConfiguration(url: Self.url)
        let outcome = await HTTPPoster(configuration: configuration, transport: RefusingTransport()).post(Array("{}\n".utf8))
        guard case .reject(let reason) = outcome else {
            Issue.record("expected a rejection, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("App Transport Security refused http://logs.example.com/ingest"))
        let result = await HTTPBackend(configuration: configuration, transport: RefusingTransport()).send(LogChunk(logs: []))
        #expect(result == .permanentFailure(reason))
    }
}

/// The codes are Apple's (developer.apple.com, URLError.Code), whatever FoundationNetworking's
/// `NSURLError…` constants say (its certificate ones are one off).
@Suite struct URLErrorCodeTests {
    @Test func theCodesAreApples() {
        #expect(URLError.Code.appTransportSecurityRequiresSecureConnection.rawValue == -1022)
        #expect(URLError.Code.badURL.rawValue == -1000)
        #expect(URLError.Code.unsupportedURL.rawValue == -1002)
        #expect(URLError.Code.serverCertificateHasBadDate.rawValue == -1201)
        #expect(URLError.Code.serverCertificateUntrusted.rawValue == -1202)
        #expect(URLError.Code.serverCertificateHasUnknownRoot.rawValue == -1203)
        #expect(URLError.Code.serverCertificateNotYetValid.rawValue == -1204)
        #expect(URLError.Code.clientCertificateRejected.rawValue == -1205)
        #expect(URLError.Code.clientCertificateRequired.rawValue == -1206)
        // An error built from Apple's number, as URLSession on a device reports it, is read right.
        let untrusted = NSError(domain: NSURLErrorDomain, code: -1202)
        #expect(PermanentTransportError.reason(for: untrusted, url: nil)?.contains("not trusted") == true)
    }
}
