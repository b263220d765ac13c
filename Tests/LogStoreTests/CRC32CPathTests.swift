import CLogStoreCRC
import Foundation
import Testing

/// Every implementation of CRC-32C this CPU can run, held against the slicing-by-8 tables
/// through `logstore_crc32c_using` (the C entry that forces one path). A path this CPU cannot
/// run shows as skipped, with the reason; the arm64 path is proven to compile with its
/// instructions by the Apple cross-compile check (`make test`, Tests/Support/apple-c-check.sh).
@Suite struct CRC32CPathTests {
    static let bytes = (0..<7000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }

    /// Lengths across 8-, 4- and 1-byte tails, the three-stream block sizes and past the largest block.
    static let lengths = Array(0...260) + [383, 384, 385, 1535, 1536, 1537, 6143, 6144, 6145, 6990]

    static func agreesWithTables(_ path: Int32) {
        bytes.withUnsafeBytes { raw in
            for start in [0, 1, 3] {
                for length in lengths {
                    let base = raw.baseAddress! + start
                    let expected = logstore_crc32c_portable(0x9ABC_DEF0, base, length)
                    #expect(logstore_crc32c_using(path, 0x9ABC_DEF0, base, length) == expected, "path \(path), start \(start), length \(length)")
                }
            }
            #expect(logstore_crc32c_using(path, 0, "123456789", 9) == 0xE306_9283)
        }
    }

    @Test func theTablesMatchTheCheckValue() {
        #expect(logstore_crc32c_supports(LOGSTORE_CRC32C_TABLE) == 1)
        Self.agreesWithTables(LOGSTORE_CRC32C_TABLE)
    }

    @Test(.enabled(if: logstore_crc32c_supports(LOGSTORE_CRC32C_SSE42) == 1, "this CPU has no SSE4.2 crc32"))
    func sse42OneStreamAgreesWithTheTables() {
        Self.agreesWithTables(LOGSTORE_CRC32C_SSE42)
    }

    @Test(.enabled(if: logstore_crc32c_supports(LOGSTORE_CRC32C_SSE42_PCLMUL) == 1, "this CPU has no SSE4.2 with PCLMUL"))
    func sse42ThreeStreamsAgreeWithTheTables() {
        Self.agreesWithTables(LOGSTORE_CRC32C_SSE42_PCLMUL)
    }

    @Test(
        .enabled(
            if: logstore_crc32c_supports(LOGSTORE_CRC32C_ARMV8) == 1, "this CPU has no ARMv8 CRC instructions (x86_64 runs the cross-compile check instead)"))
    func armv8AgreesWithTheTables() {
        Self.agreesWithTables(LOGSTORE_CRC32C_ARMV8)
    }

    /// The path the checksum takes is the best this CPU has, by a witness independent of the C
    /// detection (the kernel's /proc/cpuinfo flags), and the public entry agrees with it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/cpuinfo"), "no /proc/cpuinfo to witness the CPU's features"))
    func theChosenPathIsTheBestTheKernelReports() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flagLine = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") || $0.hasPrefix("Features") }
        let flags = Set((flagLine?.split(separator: ":").last ?? "").split(separator: " ").map(String.init))
        let best: Int32
        #if arch(x86_64)
        best = flags.contains("sse4_2") ? (flags.contains("pclmulqdq") ? LOGSTORE_CRC32C_SSE42_PCLMUL : LOGSTORE_CRC32C_SSE42) : LOGSTORE_CRC32C_TABLE
        #elseif arch(arm64)
        best = flags.contains("crc32") ? LOGSTORE_CRC32C_ARMV8 : LOGSTORE_CRC32C_TABLE
        #else
        best = LOGSTORE_CRC32C_TABLE
        #endif
        #expect(logstore_crc32c_path() == best, "kernel flags: \(flags.sorted().prefix(40))")
        Self.bytes.withUnsafeBytes { raw in
            #expect(logstore_crc32c(7, raw.baseAddress!, raw.count) == logstore_crc32c_using(best, 7, raw.baseAddress!, raw.count))
        }
    }
}
