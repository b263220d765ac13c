import BehaviorLog
import Foundation
import LogCore
import LogCoreTools
import LogStore

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
package struct ClickHouseRowEncoder: Sendable {
    /// The `DateTime` columns the payloads may fill, and whether each has a `<name>_ms` column.
    package var momentColumns: [String: Bool]
    /// The columns that are not `Nullable`.
    package var columnsWithoutNull: Set<String>
    /// Whether the table's `time` is `DateTime64` (`loggen ddl --dialect clickhouse-24`): the
    /// moment goes whole, to the microsecond, with no `time_ms`. Payload `DateTime64` columns
    /// are not in ``momentColumns``: today's servers read the runtime's ISO 8601 text as it is.
    package var timeIsDateTime64: Bool

    /// The same, as a table looked up with the key's bytes in place.
    private let columns: ColumnTable

    package init(momentColumns: [String: Bool], columnsWithoutNull: Set<String> = [], timeIsDateTime64: Bool = false) {
        self.momentColumns = momentColumns
        self.columnsWithoutNull = columnsWithoutNull
        self.timeIsDateTime64 = timeIsDateTime64
        columns = ColumnTable(momentColumns: momentColumns, columnsWithoutNull: columnsWithoutNull)
    }

    /// The encoder for a table, from its `DESCRIBE TABLE … FORMAT TabSeparated` lines.
    package init(describeOutput: String) {
        var types: [String: String] = [:]
        for line in describeOutput.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count >= 2 { types[String(parts[0])] = String(parts[1]) }
        }
        var moments: [String: Bool] = [:]
        for (name, type) in types where type.contains("DateTime") && !type.contains("DateTime64") && name != "time" {
            moments[name] = types[name + "_ms"] != nil
        }
        let nullable = { (type: String) in type.hasPrefix("Nullable(") || type.hasPrefix("LowCardinality(Nullable(") }
        self.init(
            momentColumns: moments, columnsWithoutNull: Set(types.filter { !nullable($0.value) }.keys),
            timeIsDateTime64: types["time"]?.hasPrefix("DateTime64") ?? false)
    }

    /// Appends the row of `log` (one JSON object, no newline).
    ///
    /// One pass over the stored bytes, read in place: spans are copied into the row as
    /// they are found, and only moments and violations are rewritten.
    package func appendRow(of log: LogRecord, to row: inout [UInt8]) {
        row.append(contentsOf: #"{"uuid":"#.utf8)
        Self.appendUUID(log.uuid, to: &row)
        var tag = log.tag
        tag.withUTF8 { tag in
            let dot = tag.firstIndex(of: UInt8(ascii: ".")) ?? tag.count
            row.append(contentsOf: #","event_category":"#.utf8)
            Self.appendString(UnsafeBufferPointer(rebasing: tag[..<dot]), to: &row)
            row.append(contentsOf: #","event_name":"#.utf8)
            Self.appendString(UnsafeBufferPointer(rebasing: tag[min(dot + 1, tag.count)...]), to: &row)
        }
        row.append(contentsOf: #","time":"#.utf8)
        if timeIsDateTime64 {
            Self.appendDateTime(microseconds: log.timestamp.microsecondsSince1970, fractionDigits: 6, to: &row)
        } else {
            let milliseconds = UnixTime.milliseconds(microseconds: log.timestamp.microsecondsSince1970)
            Self.appendDateTime(microseconds: milliseconds &* 1000, fractionDigits: 0, to: &row)
            row.append(contentsOf: #","time_ms":"#.utf8)
            Self.appendInteger(CivilTime.floorDivide(milliseconds, 1000).1, to: &row)
        }
        row.append(contentsOf: #","seq":"#.utf8)
        Self.appendInteger(Int64(log.sequence), to: &row)

        log.payload.withUnsafeBufferPointer { body in
            let scanner = JSONScanner(body)
            scanner.forEachMember(ofObjectAt: 0) { key, value in
                if Self.equals(body, key, "payload") || Self.equals(body, key, "common") {
                    scanner.forEachMember(ofObjectAt: value.lowerBound) { field, fieldValue in
                        appendMember(body, key: field, value: fieldValue, to: &row)
                        return true
                    }
                } else if Self.equals(body, key, "violations") {
                    Self.appendViolations(body, range: value, to: &row)
                } else {  // "schema", and any key a later runtime adds that the table has a column for
                    row.append(contentsOf: #",""#.utf8)
                    row.append(contentsOf: UnsafeBufferPointer(rebasing: body[key]))
                    row.append(contentsOf: #"":"#.utf8)
                    row.append(contentsOf: UnsafeBufferPointer(rebasing: body[value]))
                }
                return true
            }
        }
        row.append(UInt8(ascii: "}"))
    }

    /// Whether the bytes in `range` are exactly `text`.
    @inline(__always)
    private static func equals(_ body: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount, range.upperBound <= body.count else { return false }
        return System.bytesEqual(body.baseAddress! + range.lowerBound, text.utf8Start, count: range.count)
    }

    private func appendMember(_ body: UnsafeBufferPointer<UInt8>, key: Range<Int>, value: Range<Int>, to row: inout [UInt8]) {
        let name = UnsafeBufferPointer(rebasing: body[key])
        let column = columns.lookUp(name)
        if column.contains(.withoutNull), Self.equals(body, value, "null") { return }
        row.append(contentsOf: #",""#.utf8)
        row.append(contentsOf: name)
        row.append(contentsOf: #"":"#.utf8)
        guard column.contains(.moment) else {
            row.append(contentsOf: UnsafeBufferPointer(rebasing: body[value]))
            return
        }
        var milliseconds: [UInt8] = []
        if body[value.lowerBound] == UInt8(ascii: "[") {
            row.append(UInt8(ascii: "["))
            milliseconds.append(UInt8(ascii: "["))
            var first = true
            JSONScanner(body).forEachElement(ofArrayAt: value.lowerBound) { element in
                if !first { row.append(UInt8(ascii: ",")); milliseconds.append(UInt8(ascii: ",")) }
                first = false
                Self.convertMoment(UnsafeBufferPointer(rebasing: body[element]), into: &row, milliseconds: &milliseconds)
                return true
            }
            row.append(UInt8(ascii: "]"))
            milliseconds.append(UInt8(ascii: "]"))
        } else {
            Self.convertMoment(UnsafeBufferPointer(rebasing: body[value]), into: &row, milliseconds: &milliseconds)
        }
        if column.contains(.millisecondsColumn) && !milliseconds.isEmpty {
            row.append(contentsOf: #",""#.utf8)
            row.append(contentsOf: name)
            row.append(contentsOf: #"_ms":"#.utf8)
            row.append(contentsOf: milliseconds)
        }
    }

    /// `"2026-11-30T10:29:54.123Z"` → `"2026-11-30 10:29:54"` and `123`; `null` → `null`, `null`.
    /// Anything else is copied as it is (ClickHouse then rejects the row, and says why).
    private static func convertMoment(_ value: UnsafeBufferPointer<UInt8>, into row: inout [UInt8], milliseconds: inout [UInt8]) {
        if value.count == 26, value[0] == UInt8(ascii: "\""), value[11] == UInt8(ascii: "T"),
            value[20] == UInt8(ascii: "."), value[24] == UInt8(ascii: "Z")
        {
            row.append(contentsOf: UnsafeBufferPointer(rebasing: value[0..<11]))
            row.append(UInt8(ascii: " "))
            row.append(contentsOf: UnsafeBufferPointer(rebasing: value[12..<20]))
            row.append(UInt8(ascii: "\""))
            var first = 21
            while first < 23 && value[first] == UInt8(ascii: "0") { first += 1 }
            milliseconds.append(contentsOf: UnsafeBufferPointer(rebasing: value[first..<24]))
        } else if value.elementsEqual("null".utf8) {
            row.append(contentsOf: value)
            milliseconds.append(contentsOf: "null".utf8)
        } else {
            row.append(contentsOf: value)
        }
    }

    /// `[{"field":…,"kind":…,"detail":…}, …]` → `"violations.field":[…],"violations.kind":[…],"violations.detail":[…]`.
    private static func appendViolations(_ body: UnsafeBufferPointer<UInt8>, range: Range<Int>, to row: inout [UInt8]) {
        let empty = 0..<0
        var found: [(field: Range<Int>, kind: Range<Int>, detail: Range<Int>)] = []
        let scanner = JSONScanner(body)
        scanner.forEachElement(ofArrayAt: range.lowerBound) { element in
            var violation = (field: empty, kind: empty, detail: empty)
            scanner.forEachMember(ofObjectAt: element.lowerBound) { key, value in
                if equals(body, key, "field") {
                    violation.field = value
                } else if equals(body, key, "kind") {
                    violation.kind = value
                } else if equals(body, key, "detail") {
                    violation.detail = value
                }
                return true
            }
            found.append(violation)
            return true
        }
        func column(_ name: StaticString, _ part: ((field: Range<Int>, kind: Range<Int>, detail: Range<Int>)) -> Range<Int>) {
            row.append(contentsOf: #","violations."#.utf8)
            row.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            row.append(contentsOf: #"":["#.utf8)
            for (index, violation) in found.enumerated() {
                if index > 0 { row.append(UInt8(ascii: ",")) }
                let value = part(violation)
                if value.isEmpty { row.append(contentsOf: #""""#.utf8) } else { row.append(contentsOf: UnsafeBufferPointer(rebasing: body[value])) }
            }
            row.append(UInt8(ascii: "]"))
        }
        column("field", \.field)
        column("kind", \.kind)
        column("detail", \.detail)
    }

    // MARK: Writing JSON (LogCore's text)

    static func appendInteger(_ value: Int64, to row: inout [UInt8]) {
        JSONText.append(to: &row, upTo: JSONText.maximumIntegerCount) { JSONText.writeInteger(value, at: &$0) }
    }

    static func appendString(_ text: UnsafeBufferPointer<UInt8>, to row: inout [UInt8]) {
        JSONText.appendString(text, to: &row)
    }

    /// The UUID in lower-case canonical form, quoted.
    static func appendUUID(_ uuid: UUID, to row: inout [UInt8]) {
        row.append(UInt8(ascii: "\""))
        UUIDText.append(uuid, to: &row)
        row.append(UInt8(ascii: "\""))
    }

    /// `"YYYY-MM-DD hh:mm:ss"` (or with `.ffffff`, `fractionDigits` 6) in UTC for microseconds since 1970.
    static func appendDateTime(microseconds: Int64, fractionDigits: Int, to row: inout [UInt8]) {
        let civil = CivilTime(microseconds: microseconds)
        JSONText.append(to: &row, upTo: ISO8601.maximumCount + 2) { position in
            position.pointee = UInt8(ascii: "\"")
            position += 1
            ISO8601.writeDateTime(civil, separator: UInt8(ascii: " "), fractionDigits: fractionDigits, at: &position)
            position.pointee = UInt8(ascii: "\"")
            position += 1
        }
    }
}
