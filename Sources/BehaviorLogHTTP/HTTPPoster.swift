import Foundation

/// Posts one body as configured and reads the answer: the part of `HTTPOutput` that
/// speaks HTTP, apart from how chunks are kept and retried.
public struct HTTPPoster: Sendable {
    public var configuration: HTTPOutputConfiguration
    public var transport: any HTTPTransport

    public init(configuration: HTTPOutputConfiguration, transport: (any HTTPTransport)? = nil) {
        self.configuration = configuration
        self.transport = transport ?? URLSessionTransport(timeout: configuration.timeout)
    }

    /// POSTs the body (compressing it when configured) and classifies the answer.
    public func post(_ body: [UInt8], to url: URL? = nil) async -> HTTPDeliveryOutcome {
        let request = HTTPRequest(
            url: url ?? configuration.url, headers: configuration.requestHeaders,
            body: configuration.gzip ? Gzip.compress(body, level: 1) : body, timeout: configuration.timeout)
        do {
            return configuration.classifier.outcome(of: try await transport.post(request))
        } catch {
            return configuration.classifier.outcome(of: error)
        }
    }
}
