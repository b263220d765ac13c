import LogSchema

/// Turns one ``MarkdownDocument`` into its part of the schema: a category of events,
/// the common payload, or enum types.
///
/// The parser checks everything that can be checked within one line (the grammar of a
/// field line, the type and its constraints); ``SchemaValidator`` checks the rules
/// between declarations. Problems are collected, never thrown, so one run reports all.
public struct SchemaParser: Sendable {
    public init() {}

    /// Parses a document.
    ///
    /// - Parameters:
    ///   - document: the document read by ``MarkdownReader``.
    ///   - name: the document's base name (`recipe_search` for `recipe_search.md`): the
    ///     category's name, and what decides the document's role.
    /// - Returns: the document's declarations and problems.
    public func parse(_ document: MarkdownDocument, name: String) -> ParsedDocument {
        var interner = StringInterner()
        return parse(document, name: name, interner: &interner)
    }

    /// Parses a document, sharing the storage of equal names and descriptions with the
    /// other documents parsed with the same interner.
    func parse(_ document: MarkdownDocument, name: String, interner: inout StringInterner) -> ParsedDocument {
        var state = State(document: document, name: name, role: DocumentRole(baseName: name))
        // The state holds the interner while it runs (swapped, not copied, so that its
        // arrays stay uniquely referenced and grow in place).
        swap(&state.interner, &interner)
        state.run()
        swap(&state.interner, &interner)
        return state.result
    }
}

/// The state of parsing one document.
private struct State {
    let document: MarkdownDocument
    let name: String
    let role: DocumentRole
    var interner = StringInterner()
    var result: ParsedDocument
    var category: Category
    var sawHeading = false
    /// The index in `category.events` of the event being read. The event is appended when
    /// its heading is read and filled in place: an event kept aside and appended when its
    /// section ends is copied on the way (retains and releases for each of 50,000 events).
    var event: Int?
    var eventHasFields = false
    /// The enum type being read (in types.md).
    var enumType: EnumType?
    /// Whether the current `##` section is skipped (its heading was reported as a problem),
    /// so that its paragraphs and lists are not taken for something else.
    var skippingSection = false
    var commonHasFields = false
    /// Whether the category's common fields (the list before the first event) were read.
    var categoryHasFields = false

    init(document: MarkdownDocument, name: String, role: DocumentRole) {
        self.document = document
        self.name = name
        self.role = role
        self.result = ParsedDocument(role: role)
        self.category = Category(name: name, file: document.path, location: document.location(line: 1, column: 1))
    }

    mutating func run() {
        if role == .category {
            checkCategoryName()
            // Room for every event at once (an upper bound: a `##` heading may be
            // skipped), so that the array of 50 events is not reallocated as it grows.
            category.events.reserveCapacity(document.children(of: document.root).count { $0.kind == .heading(level: 2) })
        }
        for block in document.children(of: document.root) {
            switch block.kind {
            case .heading(1) where !sawHeading && event == nil && enumType == nil:
                sawHeading = true
                readCategoryHeading(block)
            case .heading(2):
                finishSection()
                skippingSection = true
                startSection(block)
            case .paragraph where skippingSection, .list where skippingSection:
                break
            case .paragraph:
                let text = document.text(of: block)
                if event != nil {
                    category.events[event!].descriptions.append(text)
                } else if enumType != nil {
                    enumType!.descriptions.append(text)
                } else if role == .common {
                    result.commonDescriptions.append(text)
                } else {
                    category.descriptions.append(text)
                }
            case .list:
                readList(block)
            default:
                break  // other headings, code blocks, quotes: free-form documentation
            }
        }
        finishSection()
        switch role {
        case .category: result.category = category
        case .common, .types: break
        }
    }

    // MARK: Headings

    /// A category is named after its file, and its name is the first part of every tag
    /// (`category.event`): a file name that is not a name would break tag patterns.
    mutating func checkCategoryName() {
        let bytes = Array(name.utf8)
        guard !isValidName(bytes[...]) else { return }
        // Each run of other characters becomes one '_': recipe.search → recipe_search.
        var suggestion: [UInt8] = []
        var pendingUnderscore = false
        for byte in bytes {
            if LineScanner.isNameByte(byte) {
                if pendingUnderscore && !suggestion.isEmpty { suggestion.append(UInt8(ascii: "_")) }
                pendingUnderscore = false
                suggestion.append(byte)
            } else {
                pendingUnderscore = true
            }
        }
        let rename =
            suggestion.contains(where: { $0 != UInt8(ascii: "_") })
            ? "'\(String(decoding: suggestion, as: UTF8.self)).md'" : "a name such as 'recipe_search.md'"
        result.diagnostics.append(
            .error(
                "the file name '\(name).md' is not a category name (letters, digits and '_'), and the category is named after its file; rename it to \(rename)",
                at: document.location(line: 1, column: 1)))
    }

    mutating func readCategoryHeading(_ block: MarkdownBlock) {
        guard let (text, location) = headingText(block) else { return }
        if text != name {
            result.diagnostics.append(
                .warning(
                    "heading '\(text)' differs from the file name '\(name)'; the category is named after the file, so rename one to match",
                    at: location))
        }
        category.location = location
    }

    mutating func startSection(_ block: MarkdownBlock) {
        guard let (_, contentLocation) = headingText(block) else { return }
        let range = block.range
        var scanner = LineScanner(
            document.line(range.startLine, from: contentLocation.column), line: range.startLine,
            column: contentLocation.column, path: document.path)
        guard let markers = scanner.takeMarkers(into: &result.diagnostics) else { return }
        let nameLocation = scanner.location
        let nameBytes = scanner.take { _ in true }.trimmingSpaces().droppingClosingHashes()
        let sectionName = String(decoding: nameBytes, as: UTF8.self)
        let what = role == .types ? "type" : "event"
        guard isValidName(nameBytes) else {
            result.diagnostics.append(
                .error(
                    "invalid \(what) name '\(sectionName)'; a name is letters, digits and '_', such as \(role == .types ? "'SearchOrder'" : "'tap_recipe'")",
                    at: nameLocation))
            return
        }
        if role == .types {
            for marker in markers {
                result.diagnostics.append(.error("markers do not apply to types; remove '[\(marker.name)]'", at: marker.location))
            }
            enumType = EnumType(name: sectionName, location: nameLocation)
            skippingSection = false
            return
        }
        if role == .common {
            result.diagnostics.append(
                .warning(
                    "common.md holds the common payload only; event '\(sectionName)' is ignored, move it to a category document",
                    at: nameLocation))
            return
        }
        var status = Status.active
        for marker in markers {
            switch marker.name {
            case "obsolete": status = .obsolete
            case "deprecated": if status != .obsolete { status = .deprecated }
            case "pii": result.diagnostics.append(.error("[pii] marks fields only; remove it from event '\(sectionName)'", at: marker.location))
            default: result.diagnostics.append(unknownMarker(marker.name, at: marker.location))
            }
        }
        category.events.append(Event(name: sectionName, status: status, location: nameLocation))
        event = category.events.count - 1
        eventHasFields = false
        skippingSection = false
    }

    mutating func finishSection() {
        event = nil
        if enumType != nil { result.types.append(enumType.take()!) }
    }

    /// The text of a heading without its `#` marks, and where that text starts.
    func headingText(_ block: MarkdownBlock) -> (String, SourceLocation)? {
        let range = block.range
        var scanner = LineScanner(
            document.line(range.startLine, from: range.startColumn), line: range.startLine, column: range.startColumn, path: document.path)
        if scanner.current == UInt8(ascii: "#") {
            _ = scanner.take { $0 == UInt8(ascii: "#") }
            scanner.skipSpaces()
            let location = scanner.location
            let text = scanner.take { _ in true }.trimmingSpaces().droppingClosingHashes()
            return (String(decoding: text, as: UTF8.self), location)
        }
        // A setext heading: its text lines, up to the `===` or `---` underline.
        var lastTextLine = range.startLine
        while lastTextLine < range.endLine {
            let next = document.line(lastTextLine + 1).trimmingSpaces()
            if let first = next.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-"), next.allSatisfy({ $0 == first }) { break }
            lastTextLine += 1
        }
        let textRange = MarkdownRange(startLine: range.startLine, startColumn: range.startColumn, endLine: lastTextLine, endColumn: 0)
        return (document.text(of: textRange), scanner.location)
    }

    // MARK: Lists

    mutating func readList(_ block: MarkdownBlock) {
        if role == .types {
            guard enumType != nil else {
                result.diagnostics.append(
                    .warning("bullet list outside a type is ignored; put the cases under a '## TypeName' heading", at: location(of: block)))
                return
            }
            if !enumType!.cases.isEmpty {
                result.diagnostics.append(
                    .warning("second bullet list under type '\(enumType!.name)' is ignored; put all cases in one list", at: location(of: block)))
                return
            }
            var cases: [EnumCase] = []
            for item in document.children(of: block) { if let value = enumCase(item) { cases.append(value) } }
            enumType!.cases = cases
            return
        }
        if event != nil {
            if eventHasFields {
                result.diagnostics.append(
                    .warning("second bullet list under event '\(category.events[event!].name)' is ignored; put all fields in one list", at: location(of: block))
                )
                return
            }
            eventHasFields = true
            category.events[event!].fields = fields(of: block)
            return
        }
        if role == .common && !commonHasFields {
            commonHasFields = true
            result.common = fields(of: block)
            return
        }
        if role == .category && !categoryHasFields {
            // daifuku's category-level common columns: sent with every event of the category.
            categoryHasFields = true
            category.common = fields(of: block)
            return
        }
        result.diagnostics.append(
            .warning(
                role == .common
                    ? "second bullet list in common.md is ignored; put all common fields in one list"
                    : "second bullet list before the first event is ignored; put all of the category's common fields in one list",
                at: location(of: block)))
    }

    func location(of block: MarkdownBlock) -> SourceLocation {
        document.location(line: block.range.startLine, column: block.range.startColumn)
    }

    /// The descriptions of an item (interned): its paragraphs after the first, then one per nested bullet.
    mutating func descriptions(of item: MarkdownBlock, afterFirstLineOf first: MarkdownBlock) -> [String] {
        var descriptions: [String] = []
        // Room for all of them at once: most fields have two, and growing from one to two
        // would allocate twice.
        var count = first.range.endLine > first.range.startLine ? 1 : 0
        for child in document.children(of: item).dropFirst() {
            switch child.kind {
            case .paragraph: count += 1
            case .list: count += document.children(of: child).underestimatedCount
            default: break
            }
        }
        descriptions.reserveCapacity(count)
        if first.range.endLine > first.range.startLine {
            let rest = MarkdownRange(startLine: first.range.startLine + 1, startColumn: 1, endLine: first.range.endLine, endColumn: first.range.endColumn)
            descriptions.append(interner.intern(document.textBytes(of: rest)))
        }
        for child in document.children(of: item).dropFirst() {
            switch child.kind {
            case .paragraph:
                descriptions.append(interner.intern(document.textBytes(of: child.range)))
            case .list:
                for nested in document.children(of: child) {
                    // A nested bullet's paragraphs, joined; nearly always exactly one.
                    var text: ArraySlice<UInt8> = []
                    for paragraph in document.children(of: nested) where paragraph.kind == .paragraph {
                        let part = document.textBytes(of: paragraph.range)
                        text = text.isEmpty ? part : (text + [UInt8(ascii: " ")] + part)[...]
                    }
                    if !text.isEmpty { descriptions.append(interner.intern(text)) }
                }
            default:
                break
            }
        }
        return descriptions
    }

    /// The first paragraph of a bullet, or `nil` (with an error saying what to write) for an empty bullet.
    mutating func firstParagraph(of item: MarkdownBlock, example: String) -> MarkdownBlock? {
        guard let first = document.children(of: item).first, first.kind == .paragraph else {
            result.diagnostics.append(.error("empty bullet; write \(example)", at: location(of: item)))
            return nil
        }
        return first
    }

    mutating func enumCase(_ item: MarkdownBlock) -> EnumCase? {
        guard let first = firstParagraph(of: item, example: "the case's raw value, such as '- latest'") else { return nil }
        let range = first.range
        let text = String(decoding: document.line(range.startLine, from: range.startColumn).trimmingSpaces(), as: UTF8.self)
        return EnumCase(name: text, descriptions: descriptions(of: item, afterFirstLineOf: first), location: location(of: first))
    }

    // MARK: Field lines

    mutating func fields(of list: MarkdownBlock) -> [Field] {
        var fields: [Field] = []
        fields.reserveCapacity(document.children(of: list).underestimatedCount)  // exact: no slack kept
        for item in document.children(of: list) { appendField(item, to: &fields) }
        return fields
    }

    /// Reads a field's bullet and appends the field. The descriptions are read first, so
    /// that the field is made whole in one initializer: a `Field` changed after it was
    /// made is copied on its way into the array (a dozen retains and releases a field).
    mutating func appendField(_ item: MarkdownBlock, to fields: inout [Field]) {
        guard let first = firstParagraph(of: item, example: "a field as 'name: !type', such as '- recipe_id: !bigint'") else { return }
        let range = first.range
        var scanner = LineScanner(
            document.line(range.startLine, from: range.startColumn), line: range.startLine, column: range.startColumn, path: document.path)
        let descriptions = descriptions(of: item, afterFirstLineOf: first)
        if let field = FieldLineParser.parse(&scanner, descriptions: descriptions, interner: &interner, into: &result.diagnostics) {
            fields.append(field)
        }
    }

    func isValidName(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(LineScanner.isNameByte)
    }
}

func unknownMarker(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error("unknown marker '[\(name)]'; the markers are [obsolete], [deprecated] and [pii]", at: location)
}

extension ArraySlice<UInt8> {
    /// An ATX heading's text without its optional closing `#` sequence.
    func droppingClosingHashes() -> ArraySlice<UInt8> {
        var end = endIndex
        while end > startIndex && self[end - 1] == UInt8(ascii: "#") { end -= 1 }
        if end == startIndex { return self[startIndex..<startIndex] }
        if end < endIndex && LineScanner.isSpace(self[end - 1]) { return self[startIndex..<end].trimmingSpaces() }
        return self
    }
}
