import Foundation
import Testing
@testable import LogQuery

@Suite struct FormatterTests {
    let logs = [
        makeLog(
            sequence: 7, time: "2026-11-30T10:29:54.123Z", tag: "recipe_search.search",
            payload: #"{"keyword":"egg","order":"latest","filters":["vegan"],"page":2}"#, common: #"{"user_id":7}"#),
        makeLog(
            sequence: 8, time: "2026-11-30T10:29:55.004Z", tag: "home_banner.show_banner",
            payload: #"{"banner_id":10,"title":"Winter sale","note":"\u001b[31mred","empty":""}"#),
        makeLog(
            sequence: 12, time: "2026-11-30T10:30:00.000Z", tag: "recipe_search.search",
            payload: #"{"keyword":"x","page":0}"#, violations: #"[{"field":"page","kind":"range","detail":"0 outside 1...1000; clamped to 1"}]"#),
    ]

    func render(_ formatter: some LogFormatter) -> String {
        var formatter = formatter
        var output = OutputBuffer.collecting()
        formatter.begin(into: &output)
        for log in logs { log.withStoredLog { formatter.write($0, into: &output) } }
        formatter.end(into: &output)
        return output.text
    }

    @Test func tableGolden() {
        let table = render(TableFormatter(style: .plain, timeZone: TimeZone(identifier: "UTC")!, tagWidth: 23, largestSequence: 12))
        #expect(
            table == #"""
                SEQ  TIME                     TAG                      FIELDS
                  7  2026-11-30 10:29:54.123  recipe_search.search     keyword=egg order=latest filters=["vegan"] page=2
                  8  2026-11-30 10:29:55.004  home_banner.show_banner  banner_id=10 title="Winter sale" note="\u001b[31mred" empty=""
                 12  2026-11-30 10:30:00.000  recipe_search.search     keyword=x page=0  ! page: range: 0 outside 1...1000; clamped to 1

                """#)
    }

    @Test func tableInALocalTimeZoneWithColour() {
        let table = render(
            TableFormatter(style: TerminalStyle(usesColor: true), timeZone: TimeZone(identifier: "Asia/Tokyo")!, tagWidth: 23, largestSequence: 12))
        #expect(table.contains("2026-11-30 19:29:54.123"))
        let color = TerminalStyle.color(forCategory: "recipe_search").rawValue
        #expect(table.contains("\u{1B}[\(color)mrecipe_search.search\u{1B}[0m"))
        #expect(table.contains("\u{1B}[31m! page: range"))
        // The log's own escape sequence is shown, never sent to the terminal.
        #expect(!table.contains("\u{1B}[31mred"))
    }

    @Test func categoryColoursAreStable() {
        #expect(TerminalStyle.color(forCategory: "recipe_search") == TerminalStyle.color(forCategory: "recipe_search"))
        let colours = Set(["recipe_search", "recipe_detail", "home_banner", "user_post_detail", "a", "b", "c"].map { TerminalStyle.color(forCategory: $0) })
        #expect(colours.count > 2)
        #expect(!colours.contains(.red))
    }

    @Test func colourFollowsTheEnvironment() {
        #expect(TerminalStyle.allowsColor([:]))
        #expect(!TerminalStyle.allowsColor(["NO_COLOR": "1"]))
        #expect(TerminalStyle.allowsColor(["NO_COLOR": ""]))
        #expect(!TerminalStyle.allowsColor(["TERM": "dumb"]))
        #expect(TerminalStyle.plain.paint("x", .red) == "x")
    }

    @Test func jsonLinesPutTheEnvelopeFirstAndCopyTheBody() throws {
        let lines = render(JSONLinesFormatter()).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == #"{"seq":7,"time":"2026-11-30T10:29:54.123Z","tag":"recipe_search.search","uuid":"00000000-0000-4000-8000-000000000001","payload":{"keyword":"egg","order":"latest","filters":["vegan"],"page":2},"schema":"v1","common":{"user_id":7},"violations":[]}"#
        )
        for line in lines { #expect(JSONValue.parse(String(line)) != nil) }
    }

    @Test func jsonLinesReportABodyThatIsNotJSON() {
        let broken = LogRecordView.Owned(sequence: 1, microseconds: 0, tag: "a.b", uuid: logs[0].uuid, body: Array("garbage".utf8))
        var formatter = JSONLinesFormatter()
        let line = broken.formatted(&formatter)
        #expect(
            line
                == #"{"seq":1,"time":"1970-01-01T00:00:00.000Z","tag":"a.b","uuid":"00000000-0000-4000-8000-000000000001","payload":null,"error":"the stored body is not a JSON object"}"#
                + "\n")
    }

    @Test func jsonArrayIsOneDocument() throws {
        let text = render(JSONArrayFormatter())
        guard case .array(let elements)? = JSONValue.parse(text) else { Issue.record("not an array: \(text)"); return }
        #expect(elements.count == 3)
        #expect(elements[2]["seq"] == .integer(12))
        #expect(render(JSONArrayFormatter()).hasPrefix("[\n{"))
        var empty = JSONArrayFormatter()
        var output = OutputBuffer.collecting()
        empty.begin(into: &output)
        empty.end(into: &output)
        #expect(output.text == "[]\n")
    }

    @Test func csvHasOneColumnPerField() {
        let columns = logs.map { $0.withStoredLog { log -> LogRecordView.Owned in log.owned } }
        var collector = ColumnCollector()
        for log in columns { log.withStoredLog { collector.add($0) } }
        let csv = render(CSVFormatter(columns: collector.columns))
        #expect(
            csv == """
                seq,time,tag,uuid,keyword,order,filters,page,banner_id,title,note,empty,common.user_id,violations\r
                7,2026-11-30T10:29:54.123Z,recipe_search.search,00000000-0000-4000-8000-000000000001,egg,latest,"[""vegan""]",2,,,,,7,\r
                8,2026-11-30T10:29:55.004Z,home_banner.show_banner,00000000-0000-4000-8000-000000000001,,,,,10,Winter sale,\u{1B}[31mred,,,\r
                12,2026-11-30T10:30:00.000Z,recipe_search.search,00000000-0000-4000-8000-000000000001,x,,,0,,,,,,"[{""field"":""page"",""kind"":""range"",""detail"":""0 outside 1...1000; clamped to 1""}]"\r

                """)
    }

    @Test func chartsScaleToTheMaximum() {
        #expect(Chart.bar(10, maximum: 10, width: 4) == "████")
        #expect(Chart.bar(5, maximum: 10, width: 4) == "██")
        #expect(Chart.bar(1, maximum: 1000, width: 4) == "▏")
        #expect(Chart.bar(0, maximum: 10, width: 4) == "")
        #expect(Chart.sparkline([0, 1, 2, 4, 8]) == " ▁▂▄█")
        #expect(Chart.sparkline([1, 1, 1, 1], width: 2) == "██")
        #expect(Chart.sparkline([]) == "")
    }

    @Test func outputFormatsParse() throws {
        #expect(try OutputFormat(parsing: "JSONL") == .jsonl)
        #expect(OutputFormat.standard(isTerminal: true) == .table)
        #expect(OutputFormat.standard(isTerminal: false) == .jsonl)
        #expect(throws: OutputFormatError.self) { try OutputFormat(parsing: "yaml") }
    }
}
