import LogSchema

/// The file `loggen generate --embed-schema` adds: the definitions as the JSON of `loggen
/// schema`, in one raw string literal (`GeneratedSchema.definitionsJSON`), for the in-app
/// viewer (BehaviorLogViewer), which reads it back with ``SchemaJSONDecoder``. Only an app that
/// asks for it carries it; the events' own code never refers to it.
///
/// Paths are made relative to the definitions folder: each location's file becomes the
/// folder's name and the document's (`LogDefinitions/recipe_search.md`), whatever the build
/// machine's path (the build plugin passes an absolute one), so the app carries no path of the
/// machine that built it and shows the `file:line` that `logview serve --definitions
/// LogDefinitions` shows.
public struct EmbeddedSchemaRenderer: Sendable {
    public var accessLevel: SwiftAccessLevel

    public init(accessLevel: SwiftAccessLevel = .public) {
        self.accessLevel = accessLevel
    }

    /// The generated file for `schema`, whose documents are in a folder named `folderName`.
    public func file(for schema: Schema, folderName: String) -> GeneratedFile {
        let json = SchemaJSONEncoder().encode(Self.relativized(schema, folderName: folderName))
        let compact = Self.sourceSafe(json.hasSuffix("\n") ? String(json.dropLast()) : json)
        let access = accessLevel == .public ? "public " : ""
        var text = GeneratedFile.header(sources: [folderName]) + "\n"
        text += "// swift-format-ignore-file\n\n"
        text += "extension GeneratedSchema {\n"
        text += "    /// The definitions as the JSON of `loggen schema` (\(compact.utf8.count) bytes), for the in-app viewer\n"
        text += "    /// (`BehaviorLogViewer`); generated only with `--embed-schema`.\n"
        text += "    \(access)static let definitionsJSON: String = \(Self.rawStringLiteral(compact))\n"
        text += "}\n"
        return GeneratedFile(name: GeneratedFilePlan.embeddedSchemaFileName, contents: text)
    }

    /// A raw string literal holding exactly `text`, which has no line break nor any character
    /// ``sourceSafe(_:)`` escapes: one more `#` than the longest run of `#` in the text, so neither a
    /// quote nor a backslash inside can end it or start an interpolation.
    static func rawStringLiteral(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text.utf8 {
            run = character == UInt8(ascii: "#") ? run + 1 : 0
            longest = max(longest, run)
        }
        let delimiter = String(repeating: "#", count: longest + 1)
        return delimiter + "\"" + text + "\"" + delimiter
    }

    /// The JSON with every character that Swift source must not hold as it is (DEL, C1
    /// controls, bidirectional overrides, line separators: ``SwiftLiteral``'s list) written as
    /// a JSON escape (`\u007F`). Outside strings JSON is ASCII, so the text means the same; only
    /// such characters differ from `loggen schema`'s bytes.
    static func sourceSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: SwiftLiteral.needsEscape) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            guard SwiftLiteral.needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// The schema with every location's file as `folderName/document.md`.
    static func relativized(_ schema: Schema, folderName: String) -> Schema {
        func relative(_ path: String) -> String { folderName + "/" + baseName(path) }
        func relative(_ location: SourceLocation) -> SourceLocation {
            SourceLocation(file: relative(location.file), line: location.line, column: location.column)
        }
        func relative(_ fields: [Field]) -> [Field] {
            fields.map { field in
                var field = field
                field.location = relative(field.location)
                return field
            }
        }
        var schema = schema
        schema.common = relative(schema.common)
        schema.types = schema.types.map { type in
            var type = type
            type.location = relative(type.location)
            type.cases = type.cases.map { enumCase in
                var enumCase = enumCase
                enumCase.location = relative(enumCase.location)
                return enumCase
            }
            return type
        }
        schema.categories = schema.categories.map { category in
            var category = category
            category.file = relative(category.file)
            category.location = relative(category.location)
            category.common = relative(category.common)
            category.events = category.events.map { event in
                var event = event
                event.location = relative(event.location)
                event.fields = relative(event.fields)
                return event
            }
            return category
        }
        return schema
    }
}
