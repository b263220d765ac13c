import LogServer
import Testing

@Suite struct HTTPRequestParserTests {
    let parser = HTTPRequestParser(limits: HTTPRequestParser.Limits(headBytes: 1024, headerCount: 8, bodyBytes: 100))

    private func parse(_ text: String) -> HTTPRequestParser.Outcome { parser.parse(Array(text.utf8)) }

    private func request(_ text: String) throws -> (HTTPRequest, Int) {
        guard case .request(let request, let consumed) = parse(text) else {
            Issue.record("not a request: \(parse(text))")
            throw CancellationError()
        }
        return (request, consumed)
    }

    private func status(_ text: String) -> Int? {
        if case .failure(let error) = parse(text) { return error.status }
        return nil
    }

    @Test func aGetWithAQuery() throws {
        let (request, consumed) = try request("GET /api/logs?tag=recipe_search.*&where=keyword%3Degg&where=page%3E%3D2&q=a+b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(request.method == "GET")
        #expect(request.path == "/api/logs")
        #expect(request.queryValues("where") == ["keyword=egg", "page>=2"])
        #expect(request.queryValue("tag") == "recipe_search.*")
        #expect(request.queryValue("q") == "a b")
        #expect(request.header("host") == "x")
        #expect(request.keepsAlive)
        #expect(consumed == 99)
    }

    @Test func keepAliveFollowsTheVersionAndConnectionHeader() throws {
        #expect(try !request("GET / HTTP/1.1\r\nConnection: close\r\n\r\n").0.keepsAlive)
        #expect(try !request("GET / HTTP/1.0\r\n\r\n").0.keepsAlive)
        #expect(try request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").0.keepsAlive)
    }

    @Test func aContentLengthBodyAndAPipelinedRequest() throws {
        let text = "POST /v1/logs HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.1\r\n\r\n"
        let (request, consumed) = try request(text)
        #expect(request.body == Array("hello".utf8))
        let rest = Array(text.utf8)[consumed...]
        guard case .request(let second, _) = parser.parse(Array(rest)) else { Issue.record("second request not read"); return }
        #expect(second.path == "/")
    }

    @Test func aChunkedBodyWithExtensionsAndTrailers() throws {
        let (request, consumed) = try request(
            "POST /v1/logs HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;name=x\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: y\r\n\r\nNEXT")
        #expect(request.text == "hello world")
        #expect(consumed == 99)
    }

    @Test func everyPrefixOfARequestIsIncomplete() {
        let text = Array("POST /v1/logs?a=b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n".utf8)
        for length in 0..<text.count {
            guard case .incomplete = parser.parse(Array(text[0..<length])) else {
                Issue.record("prefix of \(length) bytes was not incomplete: \(parser.parse(Array(text[0..<length])))")
                return
            }
        }
        guard case .request = parser.parse(text) else { Issue.record("the whole request was not read"); return }
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET /\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET http://evil/ HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\nHost: x\n\n\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nA: b\u{01}\r\n\r\n", 400),
        ("GET /%zz HTTP/1.1\r\n\r\n", 400),
        ("GET /?a=%ff HTTP/1.1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n65\r\n", 413),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", 413),
        ("\u{16}\u{03}\u{01}", 400),
    ])
    func malformedRequestsAreRefusedWithTheirStatus(_ text: String, _ expected: Int) {
        #expect(status(text) == expected, "\(text.debugDescription)")
    }

    @Test func anOversizedHeadIs431() {
        #expect(status("GET / HTTP/1.1\r\nA: " + String(repeating: "x", count: 2000)) == 431)
        let manyHeaders = (0..<9).map { "H\($0): v\r\n" }.joined()
        #expect(status("GET / HTTP/1.1\r\n\(manyHeaders)\r\n") == 431)
    }

    @Test func aChunkedBodyOverTheLimitIs413EvenInSmallChunks() {
        let chunks = String(repeating: "10\r\n0123456789abcdef\r\n", count: 7)
        #expect(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)0\r\n\r\n") == 413)
    }
}

extension HTTPRequest {
    var text: String { String(decoding: body, as: UTF8.self) }
}

@Suite struct ExpectContinueTests {
    @Test func aWholeHeadAskingToContinueIsSeen() {
        let parser = HTTPRequestParser()
        let head = Array("POST /v1/logs HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n".utf8)
        #expect(head.withUnsafeBufferPointer { parser.expectsContinue($0) })
        #expect(Array(head.dropLast(2)).withUnsafeBufferPointer { !parser.expectsContinue($0) })
        let plain = Array("POST /v1/logs HTTP/1.1\r\nContent-Length: 5\r\n\r\n".utf8)
        #expect(plain.withUnsafeBufferPointer { !parser.expectsContinue($0) })
    }
}
