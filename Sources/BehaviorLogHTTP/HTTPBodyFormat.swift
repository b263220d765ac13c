/// How a chunk's rows (one JSON object per log) become a request body.
public enum HTTPBodyFormat: Sendable, Equatable {
    /// One object per line, each ending in `\n` (`application/x-ndjson`; ClickHouse's `JSONEachRow`).
    case jsonEachRow
    /// One JSON array of the objects (`application/json`).
    case jsonArray

    /// The `Content-Type` of a body in this format.
    package var contentType: String {
        switch self {
        case .jsonEachRow: "application/x-ndjson"
        case .jsonArray: "application/json"
        }
    }

    /// Appends the bytes that open a body.
    func begin(_ body: inout [UInt8]) {
        if self == .jsonArray { body.append(UInt8(ascii: "[")) }
    }

    /// Appends the bytes before row `index` (from 0).
    func separate(_ body: inout [UInt8], before index: Int) {
        if self == .jsonArray && index > 0 { body.append(UInt8(ascii: ",")) }
    }

    /// Appends the bytes after a row.
    func endRow(_ body: inout [UInt8]) {
        if self == .jsonEachRow { body.append(0x0A) }
    }

    /// Appends the bytes that close a body.
    func end(_ body: inout [UInt8]) {
        if self == .jsonArray { body.append(UInt8(ascii: "]")) }
    }

    /// A body of these rows, each a complete JSON object.
    package func body(rows: some Sequence<[UInt8]>) -> [UInt8] {
        var body: [UInt8] = []
        begin(&body)
        for (index, row) in rows.enumerated() {
            separate(&body, before: index)
            body.append(contentsOf: row)
            endRow(&body)
        }
        end(&body)
        return body
    }
}
