@_spi(Transport) import BehaviorLogHTTP
import Foundation
import LogCore

/// A ClickHouse server as `ClickHouseBackend` sees it through the transport seam: answers
/// `DESCRIBE` with a table, and each `INSERT` with the next scripted status (200 when the
/// script is empty); it keeps every request's query.
final class FakeClickHouse: HTTPTransport {
    struct Insert { var status: Int; var uuids: [String] }
    private let state: Locked<(script: [Int], inserts: [Insert], queries: [String])>

    init(script: [Int] = []) {
        state = Locked((script, [], []))
    }

    var inserts: [Insert] { state.withLock { $0.inserts } }

    /// The `query` parameter of every request, in order.
    var queries: [String] { state.withLock { $0.queries } }

    func post(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "query" }?.value ?? ""
        state.withLock { $0.queries.append(query) }
        guard query.hasPrefix("INSERT") else {
            return HTTPResponse(status: 200, headers: [:], body: Array("uuid\tUUID\t\t\t\ntime\tDateTime('UTC')\t\t\t\n".utf8))
        }
        let uuids = String(decoding: request.body, as: UTF8.self).split(separator: "\n").map { line in
            String(line.dropFirst(#"{"uuid":""#.count).prefix(36))
        }
        try await Task.sleep(for: .milliseconds(20))  // parallel inserts are in flight together
        let status = state.withLock { state in
            let status = state.script.isEmpty ? 200 : state.script.removeFirst()
            state.inserts.append(Insert(status: status, uuids: uuids))
            return status
        }
        return HTTPResponse(
            status: status, headers: [:], body: status == 200 ? [] : Array("Code: 252, e.displayText() = DB::Exception: Too many parts".utf8))
    }
}
