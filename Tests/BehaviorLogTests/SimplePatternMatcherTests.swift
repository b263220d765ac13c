import Testing
@testable import BehaviorLog

/// The fast matcher answers exactly as `Regex.wholeMatch` does, for every pattern it
/// accepts and every string it answers for; it declines what it cannot answer exactly.
@Suite struct SimplePatternMatcherTests {
    /// The sample definitions' patterns, the hostile fixture's, and the grammar's corners.
    static let accepted = [
        #"^[0-9A-F-]+$"#, #"^[A-Z0-9_]+$"#, #"^\d+\.\d+\.\d+$"#, #"^[A-Z0-9]+$"#, #"^[a-z]+$"#,
        #"^[a-z"\\]+\$$"#, #"[a-z]*"#, #"^ab?c*d{2}e{1,3}f{2,}$"#, #"^\w+@\w+\.com$"#,
        #"^[-a]+[a-]*$"#, #"^[\d.]+$"#, #"^[A-Za-z0-9 _.:/@=]{0,12}$"#, #"^a*a*a*b$"#, #"^$"#, #""#,
        #"^v\d{1,2}x?$"#, #"^[0-9]{3}-[0-9]{4}$"#,
    ]
    /// Patterns outside the grammar: each goes to `Regex`.
    static let declined = [
        #"^[^a-z]+$"#, #"^(ab)+$"#, #"^a|b$"#, #"^.+$"#, #"^a+?$"#, #"^a++$"#, #"^\s+$"#, #"^[[:alpha:]]+$"#,
        #"^[a-z&&[^x]]+$"#, #"^[.-z]+$"#, #"^a{,3}$"#, #"(?i)^abc$"#, #"^\p{L}+$"#, #"^[a-z--x]$"#, #"^a**$"#,
    ]

    @Test func acceptsTheGrammarAndDeclinesTheRest() {
        for pattern in Self.accepted { #expect(SimplePatternMatcher(pattern) != nil, "\(pattern)") }
        for pattern in Self.declined { #expect(SimplePatternMatcher(pattern) == nil, "\(pattern)") }
    }

    @Test(arguments: accepted)
    func answersAsRegexDoes(pattern: String) throws {
        let matcher = try #require(SimplePatternMatcher(pattern))
        let regex = try Regex(pattern)
        var generator = SplitMix64(state: pattern.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
        // Strings built from the pattern's own characters match often; random ones seldom.
        let alphabet = Array(Set(pattern.utf8.filter { $0 >= 0x20 && $0 <= 0x7E } + Array("aAzZ09_-. x@e\"\\$".utf8)))
        var answered = 0
        for round in 0..<3_000 {
            let length = Int(generator.next() % (round % 10 == 0 ? 70 : 14))
            var bytes: [UInt8] = []
            for _ in 0..<length {
                bytes.append(
                    round % 3 == 0
                        ? UInt8(0x20 + generator.next() % 0x5F)
                        : alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            if round % 97 == 0 { bytes.append(contentsOf: [0xC3, 0xA9]) }  // é: declined
            if round % 89 == 0 { bytes.append(0x0A) }  // a line feed: declined
            let string = String(decoding: bytes, as: UTF8.self)
            let expected = (try? regex.wholeMatch(in: string)) != nil
            guard let answer = matcher.matches(string) else {
                #expect(bytes.count > SimplePatternMatcher.maximumLength || bytes.contains { $0 < 0x20 || $0 > 0x7E }, "declined \(string.debugDescription)")
                continue
            }
            answered += 1
            #expect(answer == expected, "\(pattern) on \(string.debugDescription): fast \(answer), Regex \(expected)")
        }
        #expect(answered > 1_500)
    }

    @Test func logPatternGivesTheSameAnswersOnBothPaths() {
        let pattern = LogPattern(#"^\d+\.\d+\.\d+$"#)
        #expect(pattern.matches("3.12.0"))
        #expect(!pattern.matches("3.12"))
        #expect(pattern.matches(String(repeating: "1", count: 70) + ".2.3"), "past 63 bytes, Regex answers")
        #expect(!pattern.matches("3.12.0\n"), "a line feed goes to Regex, which does not match it either")
        #expect(pattern.matches("３.12.0"), "full-width digits go to Regex, whose \\d takes any Unicode digit")
        let declined = LogPattern(#"^(ab)+$"#)
        #expect(declined.matches("abab"))
        #expect(!declined.matches("aba"))
    }

    @Test func theSampleValuesMatch() throws {
        for (pattern, value) in [
            (#"^[A-Z0-9_]+$"#, "SPRING_2026"), (#"^\d+\.\d+\.\d+$"#, "3.12.0"), (#"^[0-9A-F-]+$"#, "6F9619FF-8B86-D011-B42D-00C04FC964FF"),
        ] {
            #expect(try #require(SimplePatternMatcher(pattern)).matches(value) == true)
            #expect(try #require(SimplePatternMatcher(pattern)).matches(value + "!") == false)
        }
    }
}
