import Testing
@testable import LogQuery

@Suite struct WhereExpressionTests {
    let log = makeLog(
        sequence: 42, time: "2026-11-30T10:29:54.123Z",
        payload: #"{"keyword":"egg","page":3,"price":12.5,"tags":["a","b"],"flag":true,"none":null,"esc":"tab\there"}"#,
        common: #"{"user_id":7,"os":"iOS 18.1"}"#)

    @Test func comparesTextFields() throws {
        #expect(try log.matches("keyword=egg"))
        #expect(try !log.matches("keyword=eggs"))
        #expect(try log.matches("keyword!=milk"))
        #expect(try !log.matches("keyword!=egg"))
        #expect(try log.matches("keyword<f"))
        #expect(try log.matches("keyword>=egg"))
        #expect(try !log.matches("keyword>egg"))
        #expect(try log.matches("esc=tab\there"))
    }

    @Test func comparesNumbersAsNumbers() throws {
        #expect(try log.matches("page=3"))
        #expect(try log.matches("page=3.0"))
        #expect(try log.matches("page<10"))  // 3 < 10 as numbers, not as text
        #expect(try log.matches("page>=3"))
        #expect(try !log.matches("page>3"))
        #expect(try log.matches("price<=12.5"))
        #expect(try !log.matches("page=three"))
    }

    @Test func matchesRegularExpressions() throws {
        #expect(try log.matches("keyword~^e"))
        #expect(try log.matches("keyword~g+$"))
        #expect(try !log.matches("keyword~^g"))
        #expect(try log.matches("keyword!~^g"))
        #expect(try log.matches("page~^3$"))
        #expect(try log.matches("tag~search$"))
    }

    /// `~` speaks Swift `Regex`, the dialect of the definitions' `pattern` constraint: `.`
    /// is one character as a user sees it (ICU's `.` is one code point), and what `loggen`
    /// rejects in a definition `logview` rejects too, with the same one-line reason.
    @Test func regularExpressionsAreSwiftRegexAsInTheDefinitions() throws {
        let flags = makeLog(sequence: 1, time: "2026-11-30T10:29:54.123Z", payload: #"{"flag":"🇯🇵","accent":"e\u0301"}"#)
        #expect(try flags.matches("flag~^.$"))  // one Character, two code points
        #expect(try flags.matches("accent~^.$"))
        #expect(try !flags.matches("flag~^..$"))
        for pattern in ["(", "[a-", #"\"#] {
            let expected = try #require(RegularExpressionTests.swiftRegexProblem(pattern))
            #expect {
                _ = try WhereExpression("keyword~" + pattern)
            } throws: { error in
                let text = (error as? WhereExpressionError)?.description ?? ""
                return text.contains("'\(pattern)' is not a regular expression (Swift Regex syntax, as in the definitions: \(expected))")
                    && !text.contains("\n")
            }
        }
    }

    @Test func arraysMatchWhenAnyElementDoes() throws {
        #expect(try log.matches("tags=b"))
        #expect(try !log.matches("tags=c"))
        #expect(try log.matches("tags!=c"))
        #expect(try !log.matches("tags!=a"))
    }

    @Test func presenceAndMissingFields() throws {
        #expect(try log.matches("keyword?"))
        #expect(try log.matches("none?"))
        #expect(try log.matches("none=null"))
        #expect(try !log.matches("missing?"))
        #expect(try !log.matches("missing=1"))
        #expect(try log.matches("missing!=1"))
        #expect(try log.matches("flag=true"))
        #expect(try !log.matches("flag=false"))
    }

    @Test func readsEnvelopeFields() throws {
        #expect(try log.matches("seq=42"))
        #expect(try log.matches("seq>=40"))
        #expect(try !log.matches("seq<42"))
        #expect(try log.matches("tag=recipe_search.search"))
        #expect(try log.matches("uuid=00000000-0000-4000-8000-000000000001"))
        #expect(try log.matches("schema=v1"))
        #expect(try log.matches("common.user_id=7"))
        #expect(try log.matches("common.os=iOS 18.1"))
        #expect(try log.matches("payload.keyword=egg"))
        #expect(try log.matches("time>=2026-11-30T10:29:54Z"))
        #expect(try !log.matches("time<2h"))  // 10:29 is not before 10:00
        #expect(try !log.matches("time>1h"))  // 10:29 is not after 11:00
        #expect(try log.matches("time<1h"))
    }

    @Test(arguments: [
        ("keyword", "has no operator"),
        ("=egg", "does not start with a field name"),
        ("keyword#egg", "'#' is not an operator"),
        ("keyword?x", "'?' ends the expression"),
        ("keyword~(", "is not a regular expression"),
        ("time>soon", "cannot read the time 'soon'"),
        ("seq>abc", "seq compares with a whole number"),
        ("common..x=1", "has an empty part"),
        ("seq.x=1", "is a single value"),
        // Malformed values are refused, never read as a filter that matches nothing.
        ("price>", "nothing follows '>'; write a value, as in price>5"),
        ("keyword=", "nothing follows '='"),
        ("keyword~", "nothing follows '~'"),
        ("price>>5", "'>>' is not an operator"),
        ("price=<5", "'=<' is not an operator"),
        ("price>5 and", "'5 and' is not a number; compare with a number (price>5), give each condition its own --where"),
        ("price<=5)", "'5)' is not a number"),
        ("keyword= egg", "has a space around it"),
        ("keyword=egg ", "has a space around it"),
        ("keyword=\"egg", "has no closing '\"'"),
        ("keyword=\"egg\" and", "follows the closing quote"),
    ])
    func explainsBadExpressions(_ text: String, _ expected: String) {
        #expect {
            _ = try WhereExpression(text, timeExpression: fixedClock)
        } throws: { error in
            guard let error = error as? WhereExpressionError else { return false }
            return error.description.contains(expected) && error.description.hasPrefix("invalid --where '\(text)'")
        }
    }

    @Test func quotedValuesAreTextAsWritten() throws {
        #expect(try log.matches(#"keyword="egg""#))
        #expect(try log.matches(#"common.os="iOS 18.1""#))
        #expect(try log.matches(#"keyword!=">5""#))
        #expect(try !log.matches(#"keyword="""#))
        #expect(try WhereExpression(#"note="say \"hi\" \\o/""#).value == #"say "hi" \o/"#)
        #expect(try !log.matches(#"page="3""#))  // text never equals a number
        #expect(try log.matches("common.os=iOS 18.1"))  // spaces inside a bare value are kept
    }

    @Test func conditionsKnowWhatTheyNeed() throws {
        #expect(try WhereExpression("price=abc").cannotMatchNumbers)
        #expect(try WhereExpression("price>abc").cannotMatchNumbers)
        #expect(try !WhereExpression("price=5").cannotMatchNumbers)
        #expect(try !WhereExpression("price!=abc").cannotMatchNumbers)
        #expect(try !WhereExpression("price~abc").cannotMatchNumbers)
        #expect(try WhereExpression("price?").needsField)
        #expect(try !WhereExpression("price!=3").needsField)
        #expect(try !WhereExpression("seq>3").needsField)
        let contents = try ["keyword", "page", "tags", "flag", "none", "missing", "common.user_id"].map { name in
            let condition = try WhereExpression(name + "?")
            return log.withStoredLog { condition.content(of: $0) }
        }
        #expect(contents == [.other, .numbers, .other, .other, .other, .absent, .numbers])
    }

    @Test func malformedBodiesNeverMatchAndNeverCrash() throws {
        for body in ["", "{", "not json", #"{"payload":"#, #"{"payload":[1,2"#, #"{"payload":{"keyword":"egg""#] {
            let broken = LogRecordView.Owned(sequence: 1, microseconds: 0, tag: "a.b", uuid: log.uuid, body: Array(body.utf8))
            #expect(try !broken.matches("keyword=egg"))
            #expect(try broken.matches("seq=1"))
        }
    }
}

enum RegularExpressionTests {
    /// The first line of Swift `Regex`'s own complaint about `pattern`.
    static func swiftRegexProblem(_ pattern: String) -> String? {
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            return String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init)
        }
    }
}
