import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request as the transport sends it.
@_spi(Transport) public struct HTTPRequest: Sendable {
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// How long to wait for the answer, in seconds.
    public var timeout: Double

    public init(url: URL, headers: [(name: String, value: String)], body: [UInt8], timeout: Double) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// Sends a POST and returns the answer: URLSession in the app, a double in tests.
/// `@_spi(Transport)`: public only to `@_spi(Transport) import BehaviorLogHTTP` (this
/// package's tests, and the Benchmarks package, which cannot see `package` API); not part
/// of the API an app sees.
@_spi(Transport) public protocol HTTPTransport: Sendable {
    /// - Throws: when no answer came (timeout, connection refused or lost).
    func post(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// The transport over URLSession (FoundationNetworking's, on Linux).
@_spi(Transport) public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// - Parameter timeout: The longest a request may take, in seconds, as a whole.
    public init(timeout: Double = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = 2
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func post(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = "POST"
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        let (data, response) = try await session.upload(for: urlRequest, from: Data(request.body))
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
    }
}
