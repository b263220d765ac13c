import BehaviorLog
import Foundation
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

    /// The same, as a table looked up with the key's bytes in place.
    private let columns: ColumnTable

    package init(momentColumns: [String: Bool], columnsWithoutNull: Set<String> = []) {
        self.momentColumns = momentColumns
        self.columnsWithoutNull = columnsWithoutNull
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
        for (name, type) in types where type.contains("DateTime") && name != "time" {
            moments[name] = types[name + "_ms"] != nil
        }
        self.init(momentColumns: moments, columnsWithoutNull: Set(types.filter { !$0.value.hasPrefix("Nullable(") }.keys))
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
        let microseconds = log.timestamp.microsecondsSince1970
        let milliseconds = Self.floorDivide(microseconds, 1000)
        row.append(contentsOf: #","time":"#.utf8)
        Self.appendDateTime(milliseconds: milliseconds, to: &row)
        row.append(contentsOf: #","time_ms":"#.utf8)
        Self.appendInteger(milliseconds - Self.floorDivide(milliseconds, 1000) * 1000, to: &row)
        row.append(contentsOf: #","seq":"#.utf8)
        Self.appendInteger(Int64(log.sequence), to: &row)

        log.payload.withUnsafeBufferPointer { body in
            var scanner = JSONScanner(body)
            guard scanner.open(UInt8(ascii: "{")) else { return }
            while let (key, value) = scanner.nextMember() {
                if scanner.equals(key, "payload") || scanner.equals(key, "common") {
                    var inner = JSONScanner(body, at: value.lowerBound)
                    guard inner.open(UInt8(ascii: "{")) else { continue }
                    while let (field, fieldValue) = inner.nextMember() {
                        appendMember(body, key: field, value: fieldValue, to: &row)
                    }
                } else if scanner.equals(key, "violations") {
                    Self.appendViolations(body, range: value, to: &row)
                } else {   // "schema", and any key a later runtime adds that the table has a column for
                    row.append(contentsOf: #",""#.utf8)
                    row.append(contentsOf: UnsafeBufferPointer(rebasing: body[key]))
                    row.append(contentsOf: #"":"#.utf8)
                    row.append(contentsOf: UnsafeBufferPointer(rebasing: body[value]))
                }
            }
        }
        row.append(UInt8(ascii: "}"))
    }

    private func appendMember(_ body: UnsafeBufferPointer<UInt8>, key: Range<Int>, value: Range<Int>, to row: inout [UInt8]) {
        let scanner = JSONScanner(body)
        let name = UnsafeBufferPointer(rebasing: body[key])
        let column = columns.lookUp(name)
        if column.contains(.withoutNull), scanner.equals(value, "null") { return }
        row.append(contentsOf: #",""#.utf8)
        row.append(contentsOf: name)
        row.append(contentsOf: #"":"#.utf8)
        guard column.contains(.moment) else {
            row.append(contentsOf: UnsafeBufferPointer(rebasing: body[value]))
            return
        }
        var milliseconds: [UInt8] = []
        if body[value.lowerBound] == UInt8(ascii: "[") {
            var elements = JSONScanner(body, at: value.lowerBound)
            _ = elements.open(UInt8(ascii: "["))
            row.append(UInt8(ascii: "["))
            milliseconds.append(UInt8(ascii: "["))
            var first = true
            while let element = elements.nextElement() {
                if !first { row.append(UInt8(ascii: ",")); milliseconds.append(UInt8(ascii: ",")) }
                first = false
                Self.convertMoment(UnsafeBufferPointer(rebasing: body[element]), into: &row, milliseconds: &milliseconds)
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
           value[20] == UInt8(ascii: "."), value[24] == UInt8(ascii: "Z") {
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
        var scanner = JSONScanner(body, at: range.lowerBound)
        if scanner.open(UInt8(ascii: "[")) {
            while let element = scanner.nextElement() {
                var violation = (field: empty, kind: empty, detail: empty)
                var inner = JSONScanner(body, at: element.lowerBound)
                if inner.open(UInt8(ascii: "{")) {
                    while let (key, value) = inner.nextMember() {
                        if inner.equals(key, "field") { violation.field = value }
                        else if inner.equals(key, "kind") { violation.kind = value }
                        else if inner.equals(key, "detail") { violation.detail = value }
                    }
                }
                found.append(violation)
            }
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

    // MARK: Writing JSON

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    static func appendInteger(_ value: Int64, to row: inout [UInt8]) {
        if value < 0 { row.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            row.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[(24 - count)...]))
        }
    }

    static func appendString(_ text: UnsafeBufferPointer<UInt8>, to row: inout [UInt8]) {
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
        let civil = CivilTime(microseconds: milliseconds * 1000)
        func two(_ value: Int) {
            row.append(UInt8(ascii: "0") + UInt8(value / 10))
            row.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        row.append(UInt8(ascii: "\""))
        two(civil.year / 100); two(civil.year % 100)
        row.append(UInt8(ascii: "-")); two(civil.month)
        row.append(UInt8(ascii: "-")); two(civil.day)
        row.append(UInt8(ascii: " ")); two(civil.hour)
        row.append(UInt8(ascii: ":")); two(civil.minute)
        row.append(UInt8(ascii: ":")); two(civil.second)
        row.append(UInt8(ascii: "\""))
    }
}
