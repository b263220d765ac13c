import LogSchema

/// A category's file, rendered straight from the schema into bytes: `enum <Category>:
/// GeneratedLogEvent` with a case per event, the `_fields` switch and the `_layout` table.
///
/// Category files are nearly all of `loggen generate`'s output (a thousand files of fifty
/// events in the benchmark), and building their declaration model first (a `String` per
/// name, type, summary and layout line, arrays of parameters, arguments and bindings per
/// event) cost more than printing it. So one pass over the events writes the three parts
/// that have a line per event — the cases, the switch and the layout — side by side into
/// three writers, and one pass over each event's fields its Swift name (made once), its
/// documentation, type and layout, written as pieces. The small members (`LoggenVersion`,
/// `schemaHash`, the patterns) still come from the model. The text is the one the model
/// gave, byte for byte (ReferenceTests, SwiftTranslatorTests, `make check-generated`).
extension SwiftRenderer {
    /// The text of a category's file as UTF-8 bytes.
    ///
    /// - Parameter translator: what the file imports, and the pieces it shares with the
    ///   common file (field summaries, the identity members).
    func renderCategoryFile(_ category: Category, translator: SwiftTranslator) -> [UInt8] {
        // The enum's body first, one level in: whether the file imports Foundation (a
        // `Date` field) is known once every field is written.
        var body = CodeWriter(capacity: 1024 + 1024 * category.events.count, level: 1)
        let needsFoundation = writeBody(category, translator: translator, into: &body)

        var file = CodeWriter(capacity: 1024 + body.bytes.count)
        file.line(GeneratedFile.header(sources: [translator.baseName(category.file)]))
        file.line("// swift-format-ignore-file")
        file.line()
        for module in translator.imports(needsFoundation: needsFoundation) { file.line("import " + module) }
        file.line()
        documentation(category.descriptions, into: &file)
        file.start()
        file.append(access)
        file.append("enum ")
        SwiftLiteral.appendIdentifier(SwiftName.upperCamelCase(category.name), to: &file)
        file.append(": GeneratedLogEvent {")
        file.end()
        file.append(body)
        file.line("}")
        return file.bytes
    }

    /// The enum's cases and members, one level in: one pass over the events.
    ///
    /// - Returns: whether a generated field has a Foundation type (`Date`).
    private func writeBody(_ category: Category, translator: SwiftTranslator, into file: inout CodeWriter) -> Bool {
        let hasCases = category.events.contains { $0.status != .obsolete }
        let spaced = hasCases && casesAreSpaced(category, translator: translator)
        var needsFoundation = false
        // The `_fields` switch's cases and the `_layout` table's lines, written during the
        // pass over the events at the indentation they get, appended where they belong.
        var switchCases = CodeWriter(capacity: 256 * category.events.count, level: 2)
        var layoutLines = CodeWriter(capacity: 192 * category.events.count, level: 2)
        var patterns = PatternTable()

        // The category's common fields open every event's list: their Swift names, their
        // parameters of the case and their layout made once, then shared by every event.
        var common: [Field] = []
        var commonNames: [String] = []
        var commonMethods: [String] = []
        var commonParameters = CodeWriter()
        var commonLayout = CodeWriter()
        if hasCases {
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

        // One pass over each event's fields: the Swift names (kept for the switch), the
        // case's documentation, its parameters and the layout line.
        var names: [String] = []
        var methods: [String] = []
        var parameters = CodeWriter(capacity: 512)
        var number = 0
        for event in category.events where event.status != .obsolete {
            names.removeAll(keepingCapacity: true)
            methods.removeAll(keepingCapacity: true)
            parameters.clear()
            parameters.append(commonParameters)

            if spaced && number > 0 { file.line() }
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

            // The case: its documentation (above), deprecation, `case name(label: Type, …)`.
            if event.status == .deprecated {
                let message = translator.oneLine(event.descriptions)
                file.line(message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: " + SwiftLiteral.string(message) + ")")
            }
            let caseName = SwiftName.lowerCamelCase(event.name)
            file.start()
            file.append("case ")
            SwiftLiteral.appendIdentifier(caseName, to: &file)
            if !parameters.bytes.isEmpty {
                file.append(ascii: "(")
                file.append(parameters)
                file.append(ascii: ")")
            }
            file.end()

            // `case .name(let label, …):` and `_values.event = number; _values.string(label); …`
            // (`_values`: no field's Swift name starts with `_` and a letter, so none hides it).
            switchCases.start()
            switchCases.append("case .")
            SwiftLiteral.appendIdentifier(caseName, to: &switchCases)
            if !parameters.bytes.isEmpty {
                var separator = "(let "
                for name in commonNames {
                    switchCases.append(separator)
                    SwiftLiteral.appendIdentifier(name, to: &switchCases)
                    separator = ", let "
                }
                for name in names {
                    switchCases.append(separator)
                    SwiftLiteral.appendIdentifier(name, to: &switchCases)
                    separator = ", let "
                }
                switchCases.append(ascii: ")")
            }
            switchCases.append(ascii: ":")
            switchCases.end()
            switchCases.indented { writer in
                writer.start()
                writer.append("_values.event = ")
                writer.append(Int64(number))
                for (name, method) in zip(commonNames + names, commonMethods + methods) {
                    writer.append("; _values.")
                    writer.append(method)
                    writer.append(ascii: "(")
                    SwiftLiteral.appendIdentifier(name, to: &writer)
                    writer.append(ascii: ")")
                }
                writer.end()
            }
            number += 1
        }

        writeMembers(category, cases: number, switchCases: switchCases, layoutLines: layoutLines, patterns: patterns, translator: translator, into: &file)
        return needsFoundation
    }

    /// The members after the cases, a blank line before each (and after the cases, if any):
    /// the identity members, `_fields` and `_layout` with the lines written with the cases,
    /// the patterns.
    private func writeMembers(
        _ category: Category, cases number: Int, switchCases: CodeWriter, layoutLines: CodeWriter, patterns: PatternTable,
        translator: SwiftTranslator, into file: inout CodeWriter
    ) {
        for (index, member) in translator.identityMembers().enumerated() {
            if number > 0 || index > 0 { file.line() }
            render(member, into: &file)
        }
        file.line()
        // Not optimized: the optimizer takes the payload of an enum whose cases have many
        // shapes apart into bytes and puts each case's values together again from them,
        // twice the code of reading each value where it lies, for no time a post would
        // notice (docs/Performance.md, `make bench-device`).
        file.line("@_optimize(none)")
        file.start()
        file.append(access)
        file.append("func ")
        file.append(SwiftTranslator.fieldsName)
        file.append("(into _values: inout LogEventFields) {")
        file.endBlockOpening { file in
            file.line("switch self {")
            file.append(switchCases)
            file.line("}")
        }

        file.line()
        documentation(["The category's events: name, then payload keys and constraints, one line per case in order."], into: &file)
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

    /// Whether the cases are set apart by blank lines: some case has documentation (its
    /// paragraphs, or a field with a summary) or is deprecated.
    private func casesAreSpaced(_ category: Category, translator: SwiftTranslator) -> Bool {
        // Nearly always known at the first event, by its paragraphs.
        for event in category.events where event.status != .obsolete {
            if !event.descriptions.isEmpty || event.status == .deprecated { return true }
        }
        let documented = { (field: Field) in field.status != .obsolete && !translator.fieldSummary(field).isEmpty }
        // The category's common fields document every case.
        return category.common.contains(where: documented)
            || category.events.contains { event in event.status != .obsolete && event.fields.contains(where: documented) }
    }

    /// `label: Type`, an associated value of a case.
    private func parameter(_ field: Field, _ name: String, into writer: inout CodeWriter) {
        SwiftLiteral.appendIdentifier(name, to: &writer)
        writer.append(": ")
        SwiftTypeMapping.appendSwiftType(of: field, to: &writer)
    }

    /// The line `  - name: summary` of a case's `- Parameters:` list (with the list's
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
