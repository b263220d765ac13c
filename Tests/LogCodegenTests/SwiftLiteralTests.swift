import Testing
@testable import LogCodegen

/// User text can never break generated code: string literals and doc comments.
@Suite struct SwiftLiteralTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        (#"quote " and backslash \"#, #""quote \" and backslash \\""#),
        ("\"\"\" */ /* #if", #""\"\"\" */ /* #if""#),
        ("line\nbreak\r\ttab\0nul", #""line\nbreak\r\ttab\0nul""#),
        ("bell\u{7} esc\u{1B} del\u{7F} rtl\u{202E}", #""bell\u{7} esc\u{1B} del\u{7F} rtl\u{202E}""#),
        ("日本語 café 🍳", #""日本語 café 🍳""#),
        (#"\(interpolation)"#, #""\\(interpolation)""#),
    ])
    func stringLiteralsHoldExactlyTheText(text: String, literal: String) {
        #expect(SwiftLiteral.string(text) == literal)
    }

    @Test func documentationSplitsEveryLineBreak() {
        #expect(SwiftLiteral.documentationLines("one\ntwo\r\nthree\rfour\u{2028}five") == ["one", "two", "three", "four", "five"])
    }

    @Test func documentationShowsControlCharacters() {
        #expect(SwiftLiteral.documentationLines("a\u{0}b\u{1B}c\td */ \"\"\"") == ["a\\u{0}b\\u{1B}c\td */ \"\"\""])
    }

    @Test func documentationDropsTrailingSpaces() {
        #expect(SwiftLiteral.documentationLines("text  \nmore\t") == ["text", "more"])
    }

    @Test func keywordsGetBackticks() {
        #expect(SwiftLiteral.identifier("default") == "`default`")
        #expect(SwiftLiteral.identifier("recipeId") == "recipeId")
    }
}
