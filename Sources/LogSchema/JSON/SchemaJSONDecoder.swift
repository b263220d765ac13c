import LogCore
import LogCoreTools

/// Reads the JSON that ``SchemaJSONEncoder`` writes back into a ``Schema``: how the in-app
/// viewer (BehaviorLogViewer) gets the definitions that `loggen generate --embed-schema`
/// compiled into the app, with no Markdown and no cmark on the device.
///
/// Encoding the decoded schema gives the same bytes again, hash included. The JSON keeps the
/// line and column of events and fields, and only the line of categories, enum types and
/// their cases: those come back at column 1. Every location's file is its category's or
/// type's `"file"`; the common payload's is `common.md` in the categories' folder.
///
/// ```swift
/// let schema = try SchemaJSONDecoder().decode(GeneratedSchema.definitionsJSON)
/// ```
public struct SchemaJSONDecoder: Sendable {
    /// Why a text is not a schema's JSON: what was expected, and where (a JSON path).
    public struct DecodingError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init() {}

    /// The schema in `text`.
    /// - Throws: ``DecodingError`` when the text is not the JSON of `loggen schema`, or its
    ///   `"hash"` is not the hash of what it describes (a hand-edited or truncated text).
    public func decode(_ text: String) throws(DecodingError) -> Schema {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(DecodingError) -> Schema in
            let reader = Reader(scanner: JSONScanner(UnsafeBufferPointer(buffer)))
            guard let range = reader.scanner.documentRange() else { throw DecodingError(description: "the text is not one JSON value") }
            let root = try reader.object(at: range, path: "$")
            let declaredHash = try reader.string(root, "hash", path: "$")
            let types = try reader.array(root, "types", path: "$").enumerated().map { index, range throws(DecodingError) in
                try reader.enumType(at: range, path: "$.types[\(index)]")
            }
            let categories = try reader.array(root, "categories", path: "$").enumerated().map { index, range throws(DecodingError) in
                try reader.category(at: range, path: "$.categories[\(index)]")
            }
            // The JSON names no file for the common payload: it is `common.md` beside the categories.
            let folder = categories.first.map { $0.file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") }
            let common = try reader.fields(root, "common", file: folder.map { $0.isEmpty ? "common.md" : $0 + "/common.md" } ?? "common.md", path: "$")
            let schema = Schema(
                categories: categories, common: common,
                commonDescriptions: try reader.strings(root, "commonDescriptions", path: "$"), types: types)
            let hash = SchemaFingerprint.hash(of: schema)
            guard hash == declaredHash else {
                throw DecodingError(description: "the schema's \"hash\" is \(declaredHash) but what it describes hashes to \(hash); regenerate it with loggen")
            }
            return schema
        }
    }

    /// Reads members of objects by name; `path` names the value in errors (`$.categories[0]`).
    private struct Reader {
        let scanner: JSONScanner

        typealias Object = [String: Range<Int>]

        func object(at range: Range<Int>, path: String) throws(DecodingError) -> Object {
            var members: Object = [:]
            let wellFormed = scanner.forEachMember(ofObjectAt: range.lowerBound) { key, value in
                if let name = scanner.decodeStringContents(key) { members[name] = value }
                return true
            }
            guard wellFormed, scanner.kind(at: range.lowerBound) == .object else { throw DecodingError(description: "\(path) is not an object") }
            return members
        }

        func member(_ object: Object, _ name: String, path: String) throws(DecodingError) -> Range<Int> {
            guard let range = object[name] else { throw DecodingError(description: "\(path) has no \"\(name)\"") }
            return range
        }

        func string(_ object: Object, _ name: String, path: String) throws(DecodingError) -> String {
            guard let text = scanner.decodeString(try member(object, name, path: path)) else {
                throw DecodingError(description: "\(path).\(name) is not a string")
            }
            return text
        }

        func integer(_ object: Object, _ name: String, path: String) throws(DecodingError) -> Int {
            guard let value = scanner.parseInteger(try member(object, name, path: path)) else {
                throw DecodingError(description: "\(path).\(name) is not a whole number")
            }
            return Int(value)
        }

        func optionalInteger(_ object: Object, _ name: String, path: String) throws(DecodingError) -> Int? {
            object[name] == nil ? nil : try integer(object, name, path: path)
        }

        func bool(_ object: Object, _ name: String, path: String) throws(DecodingError) -> Bool {
            let range = try member(object, name, path: path)
            switch String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self) {
            case "true": return true
            case "false": return false
            default: throw DecodingError(description: "\(path).\(name) is not true or false")
            }
        }

        func array(_ object: Object, _ name: String, path: String) throws(DecodingError) -> [Range<Int>] {
            var elements: [Range<Int>] = []
            let range = try member(object, name, path: path)
            guard
                scanner.forEachElement(
                    ofArrayAt: range.lowerBound,
                    {
                        elements.append($0); return true
                    })
            else {
                throw DecodingError(description: "\(path).\(name) is not an array")
            }
            return elements
        }

        func strings(_ object: Object, _ name: String, path: String) throws(DecodingError) -> [String] {
            try array(object, name, path: path).enumerated().map { index, range throws(DecodingError) in
                guard let text = scanner.decodeString(range) else { throw DecodingError(description: "\(path).\(name)[\(index)] is not a string") }
                return text
            }
        }

        func status(_ object: Object, path: String) throws(DecodingError) -> Status {
            let name = try string(object, "status", path: path)
            guard let status = Status(rawValue: name) else {
                throw DecodingError(description: "\(path).status '\(name)' is not active, deprecated or obsolete")
            }
            return status
        }

        func enumType(at range: Range<Int>, path: String) throws(DecodingError) -> EnumType {
            let object = try object(at: range, path: path)
            let file = try string(object, "file", path: path)
            let cases = try array(object, "cases", path: path).enumerated().map { index, range throws(DecodingError) in
                let casePath = "\(path).cases[\(index)]"
                let enumCase = try self.object(at: range, path: casePath)
                return EnumCase(
                    name: try string(enumCase, "name", path: casePath), descriptions: try strings(enumCase, "descriptions", path: casePath),
                    location: SourceLocation(file: file, line: try integer(enumCase, "line", path: casePath), column: 1))
            }
            return EnumType(
                name: try string(object, "name", path: path), descriptions: try strings(object, "descriptions", path: path),
                location: SourceLocation(file: file, line: try integer(object, "line", path: path), column: 1), cases: cases)
        }

        func category(at range: Range<Int>, path: String) throws(DecodingError) -> Category {
            let object = try object(at: range, path: path)
            let file = try string(object, "file", path: path)
            let events = try array(object, "events", path: path).enumerated().map { index, range throws(DecodingError) in
                let eventPath = "\(path).events[\(index)]"
                let event = try self.object(at: range, path: eventPath)
                return Event(
                    name: try string(event, "name", path: eventPath), status: try status(event, path: eventPath),
                    descriptions: try strings(event, "descriptions", path: eventPath),
                    location: SourceLocation(
                        file: file, line: try integer(event, "line", path: eventPath), column: try integer(event, "column", path: eventPath)),
                    fields: try fields(event, "fields", file: file, path: eventPath))
            }
            return Category(
                name: try string(object, "name", path: path), descriptions: try strings(object, "descriptions", path: path), file: file,
                location: SourceLocation(file: file, line: try integer(object, "line", path: path), column: 1),
                common: try fields(object, "common", file: file, path: path), events: events)
        }

        func fields(_ object: Object, _ name: String, file: String, path: String) throws(DecodingError) -> [Field] {
            try array(object, name, path: path).enumerated().map { index, range throws(DecodingError) in
                try field(at: range, file: file, path: "\(path).\(name)[\(index)]")
            }
        }

        func field(at range: Range<Int>, file: String, path: String) throws(DecodingError) -> Field {
            let object = try object(at: range, path: path)
            let typeName = try string(object, "type", path: path)
            let isArray = typeName == "array"
            let scalarName = isArray ? try string(object, "element", path: path) : typeName
            let scalar: ScalarType = object["custom"] != nil ? .custom(scalarName) : try builtin(scalarName, path: path)
            var range: NumericRange?
            if let rangeMember = object["range"] {
                let bounds = try self.object(at: rangeMember, path: "\(path).range")
                range = NumericRange(min: try bound(bounds, "min", path: "\(path).range"), max: try bound(bounds, "max", path: "\(path).range"))
            }
            let type = FieldType(
                scalar: scalar, maxLength: try optionalInteger(object, "maxLength", path: path), range: range,
                pattern: object["pattern"] == nil ? nil : try string(object, "pattern", path: path),
                isArray: isArray, maxCount: try optionalInteger(object, "maxCount", path: path))
            return Field(
                name: try string(object, "name", path: path), type: type, isOptional: try bool(object, "optional", path: path),
                status: try status(object, path: path), isPersonalData: try bool(object, "pii", path: path),
                descriptions: try strings(object, "descriptions", path: path),
                location: SourceLocation(file: file, line: try integer(object, "line", path: path), column: try integer(object, "column", path: path)))
        }

        func builtin(_ name: String, path: String) throws(DecodingError) -> ScalarType {
            guard let builtin = BuiltinType(rawValue: name) else {
                throw DecodingError(description: "\(path).type '\(name)' is not a builtin type and not marked custom")
            }
            return .builtin(builtin)
        }

        /// A bound as ``NumberBound/description`` writes it: digits alone for an integer.
        func bound(_ object: Object, _ name: String, path: String) throws(DecodingError) -> NumberBound {
            let range = try member(object, name, path: path)
            if let integer = scanner.parseInteger(range) { return .integer(integer) }
            guard let real = scanner.decodeNumber(range) else { throw DecodingError(description: "\(path).\(name) is not a number") }
            return .real(real)
        }
    }
}
