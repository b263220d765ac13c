import BehaviorLog
import Foundation

/// Turns a stored log into one `JSONEachRow` row of the table `loggen ddl` makes
/// (docs/Warehouse.md): the envelope's columns, then the common payload's and the payload's
/// members spliced in as columns of their own, byte for byte.
///
/// What ClickHouse 18.16 cannot read as the runtime writes it is rewritten:
/// - `tag` becomes `event_category` and `event_name`;
/// - a moment (`"2026-11-30T10:29:54.123Z"`) in a `DateTime` column becomes
///   `"2026-11-30 10:29:54"`, and its milliseconds go to the `<name>_ms` column;
/// - `violations` (objects) become the `Nested` column's parallel arrays;
/// - `null` for a column that cannot hold it (an optional array is `Array(T)`: ClickHouse
///   has no `Nullable(Array)`) is left out, so the column takes its default, `[]`.
public struct ClickHouseRowEncoder: Sendable {
    /// The `DateTime` columns the payloads may fill, and whether each has a `<name>_ms` column.
    public var momentColumns: [String: Bool]
    /// The columns that are not `Nullable`.
    public var columnsWithoutNull: Set<String>

    /// The lengths of the moment columns' names: most keys are told apart by length alone,
    /// without building a `String` to look them up.
    private let momentNameLengths: Set<Int>

    public init(momentColumns: [String: Bool], columnsWithoutNull: Set<String> = []) {
        self.momentColumns = momentColumns
        self.columnsWithoutNull = columnsWithoutNull
        momentNameLengths = Set(momentColumns.keys.map(\.utf8.count))
    }

    /// The encoder for a table, from its `DESCRIBE TABLE … FORMAT TabSeparated` lines.
    public init(describeOutput: String) {
        var types: [String: String] = [:]
        for line in describeOutput.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count >= 2 { types[String(parts[0])] = String(parts[1]) }
        }
        var moments: [String: Bool] = [:]
        for (name, type) in types where type.contains("DateTime") && name != "time" {
            moments[name] = types[name + "_ms"] != nil
        }
        self.init(momentColumns: moments, columnsWithoutNull: Set(types.filter { !$0.value.hasPrefix("Nullable(") }.keys))
    }

    /// Appends the row of `log` (one JSON object, no newline).
    public func appendRow(of log: StoredLog, to row: inout [UInt8]) {
        row.append(contentsOf: #"{"uuid":"#.utf8)
        Self.appendUUID(log.uuid, to: &row)
        let dot = log.tag.utf8.firstIndex(of: UInt8(ascii: ".")) ?? log.tag.utf8.endIndex
        row.append(contentsOf: #","event_category":"#.utf8)
        Self.appendString(log.tag.utf8[..<dot], to: &row)
        row.append(contentsOf: #","event_name":"#.utf8)
        Self.appendString(dot == log.tag.utf8.endIndex ? log.tag.utf8[dot...] : log.tag.utf8[log.tag.utf8.index(after: dot)...], to: &row)
        let microseconds = Int64((log.time.timeIntervalSince1970 * 1_000_000).rounded())
        let milliseconds = microseconds >= 0 ? microseconds / 1000 : (microseconds - 999) / 1000
        row.append(contentsOf: #","time":"#.utf8)
        Self.appendDateTime(milliseconds: milliseconds, to: &row)
        row.append(contentsOf: #","time_ms":"#.utf8)
        Self.appendInteger(Int64(milliseconds - Self.floorDivide(milliseconds, 1000) * 1000), to: &row)
        row.append(contentsOf: #","seq":"#.utf8)
        Self.appendInteger(Int64(log.sequence), to: &row)

        var scanner = JSONScanner(log.body)
        _ = scanner.members { key, value in
            switch Self.topLevelKey(key) {
            case .members:
                var inner = JSONScanner(log.body)
                inner.index = value.lowerBound
                _ = inner.members { field, fieldValue in
                    appendMember(key: field, value: log.body[fieldValue], to: &row)
                }
            case .violations:
                appendViolations(log.body, range: value, to: &row)
            default:   // "schema", and any key a later runtime adds that the table has a column for
                row.append(UInt8(ascii: ","))
                row.append(UInt8(ascii: "\""))
                row.append(contentsOf: key)
                row.append(contentsOf: #"":"#.utf8)
                row.append(contentsOf: log.body[value])
            }
        }
        row.append(UInt8(ascii: "}"))
    }

    private enum TopLevelKey { case members, violations, other }

    /// `common` and `payload` (spliced), `violations` (rewritten), or another key (copied).
    private static func topLevelKey(_ key: ArraySlice<UInt8>) -> TopLevelKey {
        if key.elementsEqual("payload".utf8) || key.elementsEqual("common".utf8) { return .members }
        if key.elementsEqual("violations".utf8) { return .violations }
        return .other
    }

    private func appendMember(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>, to row: inout [UInt8]) {
        if value.elementsEqual("null".utf8), columnsWithoutNull.contains(String(decoding: key, as: UTF8.self)) { return }
        row.append(contentsOf: #",""#.utf8)
        row.append(contentsOf: key)
        row.append(contentsOf: #"":"#.utf8)
        guard momentNameLengths.contains(key.count), let companion = momentColumns[String(decoding: key, as: UTF8.self)] else {
            row.append(contentsOf: value)
            return
        }
        var milliseconds: [UInt8] = []
        if value.first == UInt8(ascii: "[") {
            let elements = Array(value)
            var scanner = JSONScanner(elements)
            var converted: [UInt8] = [UInt8(ascii: "[")]
            milliseconds.append(UInt8(ascii: "["))
            var first = true
            _ = scanner.elements { element in
                if !first { converted.append(UInt8(ascii: ",")); milliseconds.append(UInt8(ascii: ",")) }
                first = false
                Self.convertMoment(elements[element], into: &converted, milliseconds: &milliseconds)
            }
            converted.append(UInt8(ascii: "]"))
            milliseconds.append(UInt8(ascii: "]"))
            row.append(contentsOf: converted)
        } else {
            Self.convertMoment(value, into: &row, milliseconds: &milliseconds)
        }
        if companion && !milliseconds.isEmpty {
            row.append(contentsOf: #",""#.utf8)
            row.append(contentsOf: key)
            row.append(contentsOf: #"_ms":"#.utf8)
            row.append(contentsOf: milliseconds)
        }
    }

    /// `"2026-11-30T10:29:54.123Z"` → `"2026-11-30 10:29:54"` and `123`; `null` → `null`, `null`.
    /// Anything else is copied as it is (ClickHouse then rejects the row, and says why).
    private static func convertMoment(_ value: ArraySlice<UInt8>, into row: inout [UInt8], milliseconds: inout [UInt8]) {
        let start = value.startIndex
        if value.count == 26, value[start] == UInt8(ascii: "\""), value[start + 11] == UInt8(ascii: "T"),
           value[start + 20] == UInt8(ascii: "."), value[start + 24] == UInt8(ascii: "Z") {
            row.append(contentsOf: value[start..<(start + 11)])
            row.append(UInt8(ascii: " "))
            row.append(contentsOf: value[(start + 12)..<(start + 20)])
            row.append(UInt8(ascii: "\""))
            var digits = value[(start + 21)..<(start + 24)].drop { $0 == UInt8(ascii: "0") }
            if digits.isEmpty { digits = [UInt8(ascii: "0")][...] }
            milliseconds.append(contentsOf: digits)
        } else if value.elementsEqual("null".utf8) {
            row.append(contentsOf: value)
            milliseconds.append(contentsOf: "null".utf8)
        } else {
            row.append(contentsOf: value)
        }
    }

    /// `[{"field":…,"kind":…,"detail":…}, …]` → `"violations.field":[…],"violations.kind":[…],"violations.detail":[…]`.
    private func appendViolations(_ body: [UInt8], range: Range<Int>, to row: inout [UInt8]) {
        var columns: [[ArraySlice<UInt8>]] = [[], [], []]
        var scanner = JSONScanner(body)
        scanner.index = range.lowerBound
        _ = scanner.elements { element in
            var values: [ArraySlice<UInt8>] = [#""""#.utf8.map { $0 }[...], #""""#.utf8.map { $0 }[...], #""""#.utf8.map { $0 }[...]]
            var inner = JSONScanner(body)
            inner.index = element.lowerBound
            _ = inner.members { key, value in
                switch String(decoding: key, as: UTF8.self) {
                case "field": values[0] = body[value]
                case "kind": values[1] = body[value]
                case "detail": values[2] = body[value]
                default: break
                }
            }
            for column in 0..<3 { columns[column].append(values[column]) }
        }
        for (column, name) in ["field", "kind", "detail"].enumerated() {
            row.append(contentsOf: #","violations."#.utf8)
            row.append(contentsOf: name.utf8)
            row.append(contentsOf: #"":["#.utf8)
            for (index, value) in columns[column].enumerated() {
                if index > 0 { row.append(UInt8(ascii: ",")) }
                row.append(contentsOf: value)
            }
            row.append(UInt8(ascii: "]"))
        }
    }

    // MARK: Writing JSON

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    static func appendInteger(_ value: Int64, to row: inout [UInt8]) {
        row.append(contentsOf: String(value).utf8)
    }

    static func appendString(_ text: Substring.UTF8View, to row: inout [UInt8]) {
        row.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): row.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): row.append(contentsOf: #"\\"#.utf8)
            case 0..<0x20: row.append(contentsOf: String(format: "\\u%04x", byte).utf8)
            default: row.append(byte)
            }
        }
        row.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The UUID in lower-case canonical form, quoted.
    static func appendUUID(_ uuid: UUID, to row: inout [UInt8]) {
        row.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: uuid.uuid) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { row.append(UInt8(ascii: "-")) }
                row.append(hexDigits[Int(raw[index] >> 4)])
                row.append(hexDigits[Int(raw[index] & 0x0F)])
            }
        }
        row.append(UInt8(ascii: "\""))
    }

    /// `"YYYY-MM-DD hh:mm:ss"` in UTC for milliseconds since 1970.
    static func appendDateTime(milliseconds: Int64, to row: inout [UInt8]) {
        let seconds = floorDivide(milliseconds, 1000)
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) {
            row.append(UInt8(ascii: "0") + UInt8(value / 10))
            row.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        row.append(UInt8(ascii: "\""))
        two(year / 100); two(year % 100)
        row.append(UInt8(ascii: "-")); two(month)
        row.append(UInt8(ascii: "-")); two(day)
        row.append(UInt8(ascii: " ")); two(secondOfDay / 3600)
        row.append(UInt8(ascii: ":")); two(secondOfDay / 60 % 60)
        row.append(UInt8(ascii: ":")); two(secondOfDay % 60)
        row.append(UInt8(ascii: "\""))
    }
}
