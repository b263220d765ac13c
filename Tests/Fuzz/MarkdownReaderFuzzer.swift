// libFuzzer entry point for the definitions reader: `make fuzz-markdown` builds it with
// `swiftc -sanitize=fuzzer,address` over the LogSchema and LogMarkdown sources and runs it.
//
// Each input is one document, read, parsed, validated and encoded as JSON: every stage
// that sees user bytes. The first byte picks the document's role (a category, common.md
// or types.md), so that each grammar is explored.
import LogMarkdown
import LogSchema

@_cdecl("LLVMFuzzerTestOneInput")
public func markdownReaderFuzzTest(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let names = ["Defs/fuzz.md", "Defs/common.md", "Defs/types.md"]
    let name = names[Int(bytes.first ?? 0) % names.count]
    let loaded = SchemaLoader().load(documents: [(name, Array(bytes.dropFirst()))])
    _ = SchemaJSONEncoder().encode(loaded.schema)
    _ = DiagnosticPrinter.render(loaded.diagnostics)
    return 0
}
