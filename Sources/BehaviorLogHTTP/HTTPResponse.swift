/// A backend's answer to a POST: the status, the headers (names in lower case) and the body.
@_spi(Transport) public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header values by lower-case name.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The start of the body as text, for error messages: one line, at most 200 characters.
    package var bodyExcerpt: String {
        let text = String(decoding: body.prefix(400), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}
