import Foundation
import LogGzip

/// Posts one body as configured and reads the answer: the part of `HTTPBackend` and
/// `ClickHouseBackend` that speaks HTTP, apart from how chunks are kept and retried.
package struct HTTPPoster: Sendable {
    package var configuration: HTTPBackendConfiguration
    package var transport: any HTTPTransport

    package init(configuration: HTTPBackendConfiguration, transport: (any HTTPTransport)? = nil) {
        self.configuration = configuration
        self.transport = transport ?? URLSessionTransport(timeout: configuration.timeoutSeconds)
    }

    /// POSTs the body (compressing it when configured) and classifies the answer.
    package func post(_ body: [UInt8], to url: URL? = nil) async -> HTTPDeliveryOutcome {
        do {
            return configuration.classifier.outcome(of: try await exchange(body, with: url))
        } catch {
            return configuration.classifier.outcome(of: error, url: url ?? configuration.url)
        }
    }

    /// POSTs the body (compressing it when configured, at zlib's fastest level) and returns
    /// the answer as it is.
    /// - Throws: when no answer came.
    package func exchange(_ body: [UInt8], with url: URL? = nil) async throws -> HTTPResponse {
        try await transport.post(
            HTTPRequest(
                url: url ?? configuration.url, headers: configuration.requestHeaders,
                body: configuration.gzip ? Gzip.compress(body, level: 1) : body, timeout: configuration.timeoutSeconds))
    }
}
