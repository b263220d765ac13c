import CLogStoreCRC
import Testing
@testable import LogStore

@Suite struct CRC32CTests {
    @Test func standardCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.portableChecksum(Array("123456789".utf8)) == 0xE306_9283)
    }

    /// Vectors from RFC 3720 (iSCSI), appendix B.4.
    @Test func rfc3720Vectors() {
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
        #expect(CRC32C.checksum((0..<32).map { UInt8(31 - $0) }) == 0x113F_DB5C)
        #expect(CRC32C.checksum([]) == 0)
    }

    @Test func hardwareAndPortableAgreeAtEveryLengthAndChaining() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for length in [0, 1, 3, 7, 8, 9, 15, 16, 17, 63, 64, 65, 255, 999, 1000] {
            let slice = Array(bytes.prefix(length))
            #expect(CRC32C.checksum(slice) == CRC32C.portableChecksum(slice), "length \(length)")
        }
        let whole = CRC32C.checksum(bytes)
        #expect(whole == CRC32C.portableChecksum(bytes))
        let chained = bytes[500...].withUnsafeBytes { CRC32C.checksum($0, continuing: CRC32C.checksum(Array(bytes[..<500]))) }
        #expect(whole == chained)
    }

    /// The three interleaved streams against one stream and the tables: every length across
    /// the block sizes (and past the largest block), from aligned and unaligned starts, chained.
    @Test func threeStreamsAgreeWithOneStreamAndTheTables() {
        let bytes = (0..<7000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        bytes.withUnsafeBytes { raw in
            for start in [0, 1, 5] {
                for length in Array(0...900) + [1535, 1536, 1537, 6143, 6144, 6145, 6995] {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[start..<start + length])
                    let expected = CRC32C.oneStreamChecksum(slice, continuing: 0x1234_5678)
                    #expect(CRC32C.checksum(slice, continuing: 0x1234_5678) == expected, "start \(start), length \(length)")
                    if length % 97 == 0 {
                        #expect(logstore_crc32c_portable(0x1234_5678, slice.baseAddress ?? raw.baseAddress!, length) == expected, "tables, length \(length)")
                    }
                }
            }
        }
    }
}
