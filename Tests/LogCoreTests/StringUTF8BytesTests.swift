import Foundation
import LogCore
import Testing

/// `String.withUTF8Bytes` lends the same bytes as `withUTF8` (issue 26 replaced one with the other).
@Suite struct StringUTF8BytesTests {
    @Test(arguments: ["", "a", "small ascii", String(repeating: "long native text ", count: 8), "caf\u{E9} \u{1F600}", "a\u{301}"])
    func lendsTheUTF8(text: String) {
        var copy = text
        let expected = copy.withUTF8 { Array($0) }
        #expect(text.withUTF8Bytes { Array($0) } == expected)
        #expect(expected == Array(text.utf8))
    }

    /// A string whose UTF-8 is not contiguous (a bridged `NSString` on Apple platforms; on
    /// Linux every `String` made from one is native, and this checks the same path as above).
    @Test func bridgedText() {
        let text = NSString(string: "bridged caf\u{E9} text, long enough not to be small") as String
        #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
    }
}
