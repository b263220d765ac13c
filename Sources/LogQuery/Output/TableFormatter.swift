import Foundation
import LogCore
import LogCoreTools
import LogStore

/// Writes logs as aligned columns for people:
///
/// ```text
/// SEQ  TIME                     TAG                   FIELDS
///   7  2026-11-30 10:29:54.123  recipe_search.search  keyword=egg order=latest
/// ```
///
/// The time is local (the `TZ` time zone), the tag coloured per category, and the payload's
/// fields follow as `key=value`: text that is plain stays bare, anything else (spaces,
/// quotes, control characters, arrays) is written as JSON, so that a log can never move
/// the cursor or recolour the terminal. Recorded constraint violations end the row, marked `!`.
///
/// Columns are sized up front (the widest tag and sequence number the query can return), so
/// rows stream out as they are found and `tail -f` stays aligned.
public struct TableFormatter: LogFormatter {
    public var style: TerminalStyle
    public var timeZone: TimeZone
    /// The width of the TAG column.
    public var tagWidth: Int
    /// The width of the SEQ column.
    public var sequenceWidth: Int
    /// Whether to write the header line.
    public var showsHeader: Bool

    /// - Parameters:
    ///   - tagWidth: the longest tag that can appear (shorter values are padded).
    ///   - largestSequence: the largest sequence number that can appear.
    public init(style: TerminalStyle, timeZone: TimeZone = .current, tagWidth: Int, largestSequence: UInt64, showsHeader: Bool = true) {
        self.style = style
        self.timeZone = timeZone
        self.tagWidth = max(tagWidth, 3)
        self.sequenceWidth = max(String(largestSequence).count, 3)
        self.showsHeader = showsHeader
    }

    private static let timeWidth = 23

    public mutating func begin(into output: inout OutputBuffer) {
        guard showsHeader else { return }
        let header =
            Self.pad("SEQ", sequenceWidth, right: true) + "  " + Self.pad("TIME", Self.timeWidth) + "  "
            + Self.pad("TAG", tagWidth) + "  FIELDS"
        output.append(style.paint(header, .bold))
        output.append(0x0A)
    }

    public mutating func write(_ log: LogRecordView, into output: inout OutputBuffer) {
        output.append(style.paint(Self.pad(String(log.sequence), sequenceWidth, right: true), .dim))
        output.append("  ")
        output.append(style.paint(localTime(log.microseconds), .dim))
        output.append("  ")
        output.append(style.paint(Self.safe(log.tag), TerminalStyle.color(forCategory: log.category)))
        output.append(String(repeating: " ", count: max(0, tagWidth - log.tag.count) + 2))

        var line = ""
        switch log.decodedMember(.payload) {
        case .object(let members):
            line = members.map { "\(Self.safe($0.key))=\(Self.cell($0.value))" }.joined(separator: " ")
        case nil where log.member(.payload) == nil && JSONScanner(log.body).documentRange() == nil:
            line = style.paint("(the stored body is not JSON)", .red)
        case nil:
            line = ""
        case let value?:
            line = Self.cell(value)
        }
        output.append(line)
        if case .array(let violations)? = log.decodedMember(.violations), !violations.isEmpty {
            let text = violations.map { violation -> String in
                guard case .object = violation else { return Self.cell(violation) }
                let parts = ["field", "kind", "detail"].compactMap { key -> String? in
                    guard case .string(let text)? = violation[key] else { return nil }
                    return Self.safe(text)
                }
                return parts.joined(separator: ": ")
            }.joined(separator: "; ")
            output.append((line.isEmpty ? "" : "  ") + style.paint("! " + text, .red))
        }
        output.append(0x0A)
    }

    /// `2026-11-30 10:29:54.123` in the formatter's time zone.
    func localTime(_ microseconds: Int64) -> String {
        let offset = timeZone.secondsFromGMT(for: UnixTime.date(microseconds: microseconds))
        let time = CivilTime(microseconds: microseconds, offsetSeconds: offset)
        var buffer = OutputBuffer.collecting()
        buffer.appendDateTime(time, separator: UInt8(ascii: " "))
        return buffer.text
    }

    /// A value as a table cell: plain text bare, everything else as JSON.
    static func cell(_ value: JSONValue) -> String {
        if case .string(let text) = value, isPlain(text) { return text }
        return safe(value.jsonText)
    }

    /// Text with no spaces, quotes, `=` or control characters stays bare.
    static func isPlain(_ text: String) -> Bool {
        !text.isEmpty
            && !text.unicodeScalars.contains { scalar in
                scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\"" || scalar == "=" || scalar == "\\"
                    || scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
            }
    }

    /// Text with every control character escaped (`\u001b`), so that it cannot drive the terminal.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
