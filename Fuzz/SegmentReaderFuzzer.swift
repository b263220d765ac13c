// libFuzzer target for the segment reader: `make fuzz` compiles it together with the LogStore
// sources (so it reaches internal types) and runs it for FUZZ_SECONDS.
//
// Each input is written as segment 1 of a store, beside a copy of itself as segment 2 (so that
// segment 1 is read as a closed segment and segment 2 as the one being written), then read every
// way a user can: chunked reads with and without a filter, summaries, verification, and the index
// decoder on the same bytes. Any crash, hang or sanitizer report is a bug.
import Foundation
import Glibc

private let storeDirectory: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/logstore-fuzz-\(getpid())"
    mkdir(path, 0o700)
    atexit { try? FileManager.default.removeItem(atPath: storeDirectory) }
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func segmentReaderFuzzTest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let layout = StoreLayout(directory: storeDirectory)
    for number: UInt64 in [1, 2] {
        _ = FileManager.default.createFile(atPath: layout.segmentPath(number), contents: Data(bytes))
    }
    // The same bytes as an index of segment 1 (decoded, then trusted only if it fits).
    _ = FileManager.default.createFile(atPath: layout.indexPath(1), contents: Data(bytes))
    _ = SegmentIndexFile.decode(bytes, number: 1)
    bytes.withUnsafeBytes { raw in _ = RecordFrame.parse(raw, afterSequence: nil) }

    guard let reader = try? LogStoreReader(directory: storeDirectory) else { return 0 }
    var after: UInt64 = 0
    var previous: UInt64 = 0
    var rounds = 0
    while rounds < 10_000, let chunk = try? reader.read(after: after, limit: 16), let last = chunk.last {
        for record in chunk {
            precondition(record.sequence > previous, "sequence went backwards")
            previous = record.sequence
        }
        after = last.sequence
        rounds += 1
    }
    _ = try? reader.read(after: 0, limit: 5, matching: LogRecordFilter(categories: ["a"], from: LogTimestamp(microsecondsSince1970: 0)))
    _ = try? reader.segments()
    _ = try? reader.stats()
    _ = try? reader.verify()
    return 0
}
