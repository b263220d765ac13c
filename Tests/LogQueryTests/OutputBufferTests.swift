import Foundation
import LogCore
import LogCoreTools
@testable import LogQuery
import Testing

@Suite struct OutputBufferTests {
    @Test func numbersUUIDsAndTimesAreWrittenInFull() {
        var output = OutputBuffer.collecting()
        for number: UInt64 in [0, 9, 10, 99, 100, 1_234_567_890, UInt64.max] {
            output.appendDecimal(number)
            output.append(UInt8(ascii: " "))
        }
        output.appendDecimal(Int64.min)
        output.append(UInt8(ascii: " "))
        output.appendDecimal(Int64(-7))
        output.append(UInt8(ascii: " "))
        output.appendUUID(UUID(uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10)))
        output.append(UInt8(ascii: " "))
        output.appendISO8601(microseconds: 1_764_498_594_123_999)
        output.append(UInt8(ascii: " "))
        output.appendJSONString("a\"b\\c\nd\u{1}é")
        #expect(
            output.text
                == #"0 9 10 99 100 1234567890 18446744073709551615 -9223372036854775808 -7 01234567-89ab-cdef-fedc-ba9876543210 2025-11-30T10:29:54.123Z "a\"b\\c\nd\u0001é""#
        )
    }

    @Test func theBufferGrowsAndHandsOutEveryByteInOrder() throws {
        var chunks: [[UInt8]] = []
        var output = OutputBuffer(chunkSize: 1000) { chunks.append(Array($0)) }
        var expected: [UInt8] = []
        for index in 0..<3000 {
            let piece = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: index % 7 == 0 ? 5000 : index % 13)
            output.append(piece)
            expected += piece
            try output.flushIfFull()
        }
        try output.flush()
        #expect(chunks.allSatisfy { $0.count < 1000 + 5000 })
        #expect(chunks.joined().elementsEqual(expected))
    }

    @Test func randomUUIDsAreWrittenAsFoundationSpellsThem() {
        var output = OutputBuffer.collecting()
        var expected = ""
        for _ in 0..<2000 {
            let uuid = UUID()
            output.appendUUID(uuid)
            expected += uuid.uuidString.lowercased()
        }
        #expect(output.text == expected)
    }

    /// Strings of every length with a character to escape at every place (or none) read back
    /// as written.
    @Test func jsonStringsReadBackAsWritten() throws {
        let alphabet: [String] = ["a", "Z", "0", " ", "é", "エ", "\"", "\\", "\n", "\u{01}", "\u{1F}", "~", "\u{7F}"]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<50 {
                let text = (0..<length).map { _ in
                    Bool.random(using: &generator) ? "x" : alphabet.randomElement(using: &generator)!
                }.joined()
                var output = OutputBuffer.collecting()
                output.appendJSONString(text)
                let written = output.bytes
                let decoded = written.withUnsafeBufferPointer { JSONScanner($0).decodeString(0..<$0.count) }
                #expect(decoded == text, "\(text.debugDescription) → \(output.text)")
            }
        }
    }
}
