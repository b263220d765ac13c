import Testing
@testable import LogMarkdown

@Suite struct StringInternerTests {
    /// The address of a string's UTF-8 storage: equal for two strings that share it.
    func storage(_ string: String) -> UnsafePointer<UInt8>? {
        string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }

    @Test func equalBytesGiveOneSharedString() {
        var interner = StringInterner()
        let first = interner.intern(Array("Description of recipe_id".utf8)[...])
        let second = interner.intern(Array("Description of recipe_id".utf8)[...])
        let fromString = interner.intern("Description of " + "recipe_id")
        #expect(first == "Description of recipe_id")
        #expect(storage(first) != nil && storage(first) == storage(second))
        #expect(storage(first) == storage(fromString))
        let other = interner.intern(Array("Description of recipe_ix".utf8)[...])
        #expect(other == "Description of recipe_ix")
        #expect(storage(other) != storage(first))
    }

    /// Thousands of strings (the table grows several times) of every length around the
    /// eight-byte steps of the comparison, each found again with its own text.
    @Test func everyStringIsFoundAgainAfterTheTableGrows() {
        var interner = StringInterner()
        let texts = (0..<3000).map { "field_\($0)_" + String(repeating: "x", count: $0 % 23) + "é" }
        let first = texts.map { interner.intern(Array($0.utf8)[...]) }
        #expect(first == texts)
        for (text, interned) in zip(texts, first) where text.utf8.count > 15 {
            let again = interner.intern(Array(text.utf8)[...])
            #expect(again == text)
            #expect(storage(again) == storage(interned))
        }
    }

    @Test func bytesThatAreNotUTF8AreRepairedAsStringDecodingDoes() {
        var interner = StringInterner()
        let bytes: [UInt8] = Array("a description that is long ".utf8) + [0xFF, 0x61]
        #expect(interner.intern(bytes[...]) == String(decoding: bytes, as: UTF8.self))
        #expect(interner.intern(bytes[...]) == String(decoding: bytes, as: UTF8.self))
    }
}
