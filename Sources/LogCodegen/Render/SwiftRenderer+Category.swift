import LogSchema

/// A category's file, rendered straight from the schema into bytes: `struct <Category>:
/// GeneratedLogEvent` with a static function per event, its `_fieldValues` and the `_layout`
/// table.
///
/// Category files are nearly all of `loggen generate`'s output (a thousand files of fifty
/// events in the benchmark), and building their declaration model first (a `String` per
/// name, type, summary and layout line, arrays of parameters, arguments and bindings per
/// event) cost more than printing it. So one pass over the events writes the two parts
/// that have lines per event — the static functions and the layout — side by side into
/// two writers, and one pass over each event's fields its Swift name (made once), its
/// documentation, type and layout, written as pieces. The small members (`LoggenVersion`,
/// `schemaHash`, the patterns) still come from the model. The text is the one the model
/// gave, byte for byte (ReferenceTests, SwiftTranslatorTests, `make check-generated`).
extension SwiftRenderer {
    /// The text of a category's file as UTF-8 bytes.
    ///
    /// - Parameter translator: what the file imports, and the pieces it shares with the
    ///   common file (field summaries, the identity members).
    func renderCategoryFile(_ category: Category, translator: SwiftTranslator) -> [UInt8] {
        // The struct's body first, one level in: whether the file imports Foundation (a
        // `Date` field) is known once every field is written.
        var body = CodeWriter(capacity: 1024 + 1024 * category.events.count, level: 1)
        let typeName = SwiftName.upperCamelCase(category.name)
        let needsFoundation = writeBody(category, typeName: typeName, translator: translator, into: &body)

        var file = CodeWriter(capacity: 1024 + body.bytes.count)
        file.line(GeneratedFile.header(sources: [translator.baseName(category.file)]))
        file.line("// swift-format-ignore-file")
        file.line()
        for module in translator.imports(needsFoundation: needsFoundation) { file.line("import " + module) }
        file.line()
        documentation(category.descriptions, into: &file)
        file.start()
        file.append(access)
        file.append("struct ")
        SwiftLiteral.appendIdentifier(typeName, to: &file)
        file.append(": GeneratedLogEvent {")
        file.end()
        file.append(body)
        file.line("}")
        return file.bytes
    }

    /// The struct's static members, one per event, and its other members, one level in: one
    /// pass over the events.
    ///
    /// - Returns: whether a generated field has a Foundation type (`Date`).
    private func writeBody(_ category: Category, typeName: String, translator: SwiftTranslator, into file: inout CodeWriter) -> Bool {
        let hasEvents = category.events.contains { $0.status != .obsolete }
        var needsFoundation = false
        // The `_layout` table's lines, written during the pass over the events at the
        // indentation they get, appended where they belong.
        var layoutLines = CodeWriter(capacity: 192 * category.events.count, level: 2)
        var patterns = PatternTable()

        // The category's common fields open every event's list: their Swift names, their
        // parameters and their layout made once, then shared by every event.
        var common: [Field] = []
        var commonNames: [String] = []
        var commonMethods: [String] = []
        var commonParameters = CodeWriter()
        var commonLayout = CodeWriter()
        if hasEvents {
            common = translator.activeFields(category.common)
            for field in common {
                patterns.add(field)
                if SwiftTypeMapping.needsFoundation(field) { needsFoundation = true }
            }
            commonNames = common.map { SwiftName.lowerCamelCase($0.name) }
            commonMethods = common.map(SwiftTypeMapping.fieldsMethod(for:))
            for (position, field) in common.enumerated() {
                if position > 0 { commonParameters.append(", ") }
                parameter(field, commonNames[position], into: &commonParameters)
                commonLayout.append(position == 0 ? ": " : ", ")
                SwiftLiteral.appendStringContents(SwiftTypeMapping.layoutField(for: field, patternNumber: patterns.number), to: &commonLayout)
            }
        }

        // One pass over each event's fields: the Swift names (kept for the body), the
        // function's documentation, its parameters and the layout line.
        var names: [String] = []
        var methods: [String] = []
        var parameters = CodeWriter(capacity: 512)
        var number = 0
        for event in category.events where event.status != .obsolete {
            names.removeAll(keepingCapacity: true)
            methods.removeAll(keepingCapacity: true)
            parameters.clear()
            parameters.append(commonParameters)

            if number > 0 { file.line() }
            documentation(event.descriptions, into: &file)
            var listed = false
            for (position, field) in common.enumerated() {
                parameterDocumentation(field, commonNames[position], event: event, listed: &listed, translator: translator, into: &file)
            }
            layoutLines.start()
            SwiftLiteral.appendStringContents(event.name, to: &layoutLines)
            layoutLines.append(commonLayout)
            for field in event.fields where field.status != .obsolete {
                let name = SwiftName.lowerCamelCase(field.name)
                patterns.add(field)
                if SwiftTypeMapping.needsFoundation(field) { needsFoundation = true }
                parameterDocumentation(field, name, event: event, listed: &listed, translator: translator, into: &file)
                if !parameters.bytes.isEmpty { parameters.append(", ") }
                parameter(field, name, into: &parameters)
                // `name: key constraints, key` (SwiftTypeMapping.layoutField), one line
                // of the table's string literal, written in pieces.
                layoutLines.append(common.isEmpty && names.isEmpty ? ": " : ", ")
                let layout = SwiftTypeMapping.layoutField(for: field, patternNumber: patterns.number)
                SwiftLiteral.appendStringContents(layout, to: &layoutLines)
                names.append(name)
                methods.append(SwiftTypeMapping.fieldsMethod(for: field))
            }
            layoutLines.end()

            // The event: its documentation (above), deprecation, then
            // `static func name(label: Type, …) -> Category` whose body is one expression:
            // `.init(LogEventFields(event: n, capacity: c)` and a chained call per value,
            // named after its type (`.string(keyword)`); `static var name: Category` for an
            // event without fields. One expression, the type named and `.init`: a statement
            // per value on a variable, `-> Self` and `Self(…)` type-check slower
            // (docs/Performance.md).
            if event.status == .deprecated {
                let message = translator.oneLine(event.descriptions)
                file.line(message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: " + SwiftLiteral.string(message) + ")")
            }
            let functionName = SwiftName.lowerCamelCase(event.name)
            if parameters.bytes.isEmpty {
                file.start()
                file.append(access)
                file.append("static var ")
                SwiftLiteral.appendIdentifier(functionName, to: &file)
                file.append(": ")
                SwiftLiteral.appendIdentifier(typeName, to: &file)
                file.append(" { .init(LogEventFields(event: ")
                file.append(Int64(number))
                file.append(", capacity: 0)) }")
                file.end()
            } else {
                // Never inlined: the function stays in the app (it is public), so a call site
                // that inlined it would carry its body a second time.
                file.line("@inline(never)")
                file.start()
                file.append(access)
                file.append("static func ")
                SwiftLiteral.appendIdentifier(functionName, to: &file)
                file.append(ascii: "(")
                file.append(parameters)
                file.append(") -> ")
                SwiftLiteral.appendIdentifier(typeName, to: &file)
                file.append(" {")
                file.endBlockOpening { body in
                    body.start()
                    body.append(".init(LogEventFields(event: ")
                    body.append(Int64(number))
                    body.append(", capacity: ")
                    body.append(Int64(commonNames.count + names.count))
                    body.append(ascii: ")")
                    body.end()
                    body.indented { body in
                        let count = commonNames.count + names.count
                        for (index, (name, method)) in zip(commonNames + names, commonMethods + methods).enumerated() {
                            body.start()
                            body.append(ascii: ".")
                            body.append(method)
                            body.append(ascii: "(")
                            SwiftLiteral.appendIdentifier(name, to: &body)
                            body.append(index == count - 1 ? "))" : ")")
                            body.end()
                        }
                    }
                }
            }
            number += 1
        }

        writeMembers(category, events: number, layoutLines: layoutLines, patterns: patterns, translator: translator, into: &file)
        return needsFoundation
    }

    /// The members after the events' static members, a blank line before each (and after
    /// the events, if any): the identity members, `_fieldValues` and its initializer,
    /// `_layout` with the lines written with the events, the patterns.
    private func writeMembers(
        _ category: Category, events number: Int, layoutLines: CodeWriter, patterns: PatternTable,
        translator: SwiftTranslator, into file: inout CodeWriter
    ) {
        for (index, member) in translator.identityMembers().enumerated() {
            if number > 0 || index > 0 { file.line() }
            render(member, into: &file)
        }
        file.line()
        documentation(["The event's number and field values, set by the event's static member."], into: &file)
        file.start()
        file.append(access)
        file.append("let ")
        file.append(SwiftTranslator.fieldValuesName)
        file.append(": LogEventFields")
        file.end()
        file.line()
        file.start()
        file.append("private init(_ fieldValues: LogEventFields) { ")
        file.append(SwiftTranslator.fieldValuesName)
        file.append(" = fieldValues }")
        file.end()
        file.line()
        documentation(["The category's events: name, then payload keys and constraints, one line per event in order."], into: &file)
        file.start()
        file.append(access)
        file.append("static let ")
        file.append(SwiftTranslator.layoutName)
        file.append(": LogPayloadLayout = LogPayloadLayout(category: ")
        SwiftLiteral.appendString(category.name, to: &file)
        if number == 0 {
            file.append(", events: \"\")")
            file.end()
        } else {
            // One multi-line string literal, a line per event: an array of literals would be
            // laid out in the app's data with an address to relocate per line.
            file.append(", events: \"\"\"")
            file.end()
            file.append(layoutLines)
            file.indented { file in file.start() }
            file.append("\"\"\"")
            if !patterns.isEmpty {
                file.append(", patterns: ")
                expression(.array(patterns.references), into: &file)
            }
            file.append(ascii: ")")
            file.end()
        }
        for declaration in patterns.declarations {
            file.line()
            render(declaration, into: &file)
        }
    }

    /// `label: Type`, a parameter of an event's static function.
    private func parameter(_ field: Field, _ name: String, into writer: inout CodeWriter) {
        SwiftLiteral.appendIdentifier(name, to: &writer)
        writer.append(": ")
        SwiftTypeMapping.appendSwiftType(of: field, to: &writer)
    }

    /// The line `  - name: summary` of an event's `- Parameters:` list (with the list's
    /// heading before the first), or nothing for a field without a summary.
    private func parameterDocumentation(
        _ field: Field, _ name: String, event: Event, listed: inout Bool, translator: SwiftTranslator,
        into file: inout CodeWriter
    ) {
        // Nearly every field: descriptions that are their own one-line form, an ASCII name
        // (and pattern). Its summary (`SwiftTranslator.fieldSummary(_:)`) is the
        // descriptions joined by spaces, then the notes: a line that `appendDocumentation`
        // would copy as it is, so it is written in pieces instead of built.
        let plain =
            SwiftLiteral.isPlainASCII(name, quoting: false)
            && field.descriptions.allSatisfy(SwiftTranslator.isOneLine)
            && field.type.pattern.map { SwiftLiteral.isPlainASCII($0, quoting: false) } != false
        let summary = plain ? "" : translator.fieldSummary(field)
        if plain ? field.descriptions.isEmpty && !translator.hasNotes(field) : summary.isEmpty { return }
        if !listed {
            if !event.descriptions.isEmpty { file.line("///") }
            file.line("/// - Parameters:")
            listed = true
        }
        guard plain else {
            SwiftLiteral.appendDocumentation("  - " + name + ": " + summary, to: &file)
            return
        }
        file.start()
        file.append("///   - ")
        file.append(name)
        file.append(": ")
        for (index, description) in field.descriptions.enumerated() {
            if index > 0 { file.append(ascii: " ") }
            file.append(description)
        }
        translator.appendNotes(field, afterText: !field.descriptions.isEmpty, to: &file)
        file.end()
    }
}
