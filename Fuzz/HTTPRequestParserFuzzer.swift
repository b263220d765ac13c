// libFuzzer target for the server's request parser: `make fuzz-serve` compiles it together with
// Sources/LogServer/HTTP/HTTPRequest.swift and HTTPRequestParser.swift (standard library only)
// and runs it for FUZZ_SECONDS.
//
// Each input is parsed whole, then as a connection would see it arrive: in pieces, reparsed
// after each, and as a stream of pipelined requests. The parser must never crash, never claim
// more bytes than it was given, and agree with itself: once a prefix is a request, the whole
// input reads as the same request.

private let parser = HTTPRequestParser(limits: HTTPRequestParser.Limits(headBytes: 4096, headerCount: 32, bodyBytes: 64 * 1024))

@_cdecl("LLVMFuzzerTestOneInput")
public func httpRequestParserFuzzTest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    _ = bytes.withUnsafeBufferPointer { parser.expectsContinue($0) }
    // Pipelined: read requests one after another, as a keep-alive connection does.
    var rest = bytes[...]
    var whole: (method: String, path: String, body: [UInt8], consumed: Int)?
    while !rest.isEmpty {
        guard case .request(let request, let consumed) = parser.parse(Array(rest)) else { break }
        precondition(consumed > 0 && consumed <= rest.count, "consumed \(consumed) of \(rest.count) bytes")
        precondition(request.body.count <= parser.limits.bodyBytes)
        precondition(request.path.hasPrefix("/"))
        if whole == nil { whole = (request.method, request.path, request.body, consumed) }
        rest = rest.dropFirst(consumed)
    }
    // In pieces: every prefix shorter than the first request is incomplete or a failure, and
    // the first prefix that is a request is the same one.
    if let whole {
        for length in stride(from: 0, to: whole.consumed, by: max(1, whole.consumed / 16)) {
            if case .request(let early, _) = parser.parse(Array(bytes[0..<length])) {
                preconditionFailure("a prefix of \(length) bytes read as \(early.method) \(early.path) before the request was whole")
            }
        }
        guard case .request(let again, let consumed) = parser.parse(Array(bytes[0..<whole.consumed])) else {
            preconditionFailure("the request's own bytes did not read as it")
        }
        precondition(consumed == whole.consumed && again.method == whole.method && again.path == whole.path && again.body == whole.body)
    }
    return 0
}
