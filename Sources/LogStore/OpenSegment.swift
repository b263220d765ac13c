/// A segment file opened for reading, with its header (`nil` when the header is damaged; the
/// records are still read, each has its own checksum). Immutable, and
/// a final class, not a struct: at `-Osize` a struct of references is copied and destroyed
/// through value witnesses of its own, which cost the runtime an app links more than a class (issue 26).
final class OpenSegment {
    let number: UInt64
    let file: SystemFile
    let header: SegmentHeader?

    init(number: UInt64, file: SystemFile, header: SegmentHeader?) {
        self.number = number
        self.file = file
        self.header = header
    }

    /// Opens segment `number`; `nil` when it has been deleted meanwhile.
    static func open(_ layout: StoreLayout, number: UInt64) throws(LogStoreError) -> OpenSegment? {
        guard let file = try SystemFile.openForReadingIfPresent(layout.segmentPath(number), in: layout.fileSystem) else { return nil }
        var raw = [UInt8](repeating: 0, count: SegmentHeader.byteCount)
        let got: Int
        do throws(LogStoreError) {
            got = try raw.withMutableBytes { (buffer) throws(LogStoreError) -> Int in
                try file.read(into: buffer.baseAddress!, count: SegmentHeader.byteCount, at: 0)
            }
        } catch {
            file.close()
            throw error
        }
        let header = raw.withUnsafeBytes { SegmentHeader(decoding: UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
        return OpenSegment(number: number, file: file, header: header)
    }

    /// A scanner positioned at the first frame.
    func scanner() -> SegmentScanner {
        SegmentScanner(file: file, position: SegmentHeader.byteCount, lastSequence: header.flatMap { $0.baseSequence > 0 ? $0.baseSequence - 1 : nil })
    }
}
