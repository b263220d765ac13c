import CLogStoreCRC

/// CRC-32C (Castagnoli), the checksum of records, segment headers, indexes and cursors.
///
/// Hardware `crc32` (SSE4.2 / ARMv8 CRC) when present, slicing-by-8 otherwise; see `CLogStoreCRC`.
/// On x86 a buffer of 192 bytes or more runs as three interleaved streams (PCLMUL combines them).
enum CRC32C {
    /// The checksum of `bytes`, continuing from `crc` (0 to start).
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return logstore_crc32c(crc, base, bytes.count)
    }

    /// The checksum of a byte array.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The checksum in one hardware stream (the tables without the instruction), for tests.
    static func oneStreamChecksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return logstore_crc32c_one_stream(crc, base, bytes.count)
    }

    /// The portable table-driven checksum, for tests.
    static func portableChecksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return logstore_crc32c_portable(0, base, raw.count)
        }
    }
}
