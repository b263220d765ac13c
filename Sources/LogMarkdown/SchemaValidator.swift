import LogSchema

/// Checks the rules between declarations of a whole schema: duplicates, one type per
/// field name, shadowed common fields, reserved and over-long names, names that would
/// become the same Swift identifier or one the generated code already uses
/// (``GeneratedNameCheck``), and missing descriptions.
///
/// Rules within one line (the type grammar, constraints, regular expressions) are
/// ``SchemaParser``'s. The rules within one category run on all cores, one type per field
/// name (a pass over every field) beside them; Swift type names run after them.
public struct SchemaValidator: Sendable {
    /// The longest name allowed (a warehouse identifier limit).
    public static let maximumNameLength = 64

    public init() {}

    private static let reservedNames = Set(Schema.reservedNames)
    /// Rules out nearly every field name before ``reservedNames`` is asked.
    private static let reservedNameFilter = ShapeFilter(names: Schema.reservedNames)

    /// Validates a schema.
    ///
    /// - Returns: every problem found, in no particular order.
    public func validate(_ schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        checkTypes(schema.types, into: &diagnostics)
        checkFields(schema.common, owner: { "common payload" }, into: &diagnostics)

        var commonIndex: [String: Int] = [:]
        for (index, field) in schema.common.enumerated() where commonIndex[field.name] == nil {
            commonIndex[field.name] = index
        }
        let commonFields = CommonFields(index: commonIndex)
        // Job 0 is the one rule across all categories (one pass over every field, on one
        // core), taken first so that the other core checks categories meanwhile; job
        // `n + 1` is category `n`.
        let found = Array(0...schema.categories.count).concurrentMap { job in
            var found: [Diagnostic] = []
            if job == 0 {
                checkOneTypePerFieldName(schema.categories, into: &found)
            } else {
                checkCategory(schema.categories[job - 1], common: schema.common, commonIndex: commonFields, into: &found)
            }
            return found
        }
        for perCategory in found.dropFirst() { diagnostics += perCategory }

        var typeNames = SwiftNameSpace(kind: "type", naming: SwiftName.upperCamelCase)
        for type in schema.types { typeNames.add(type.name, kindName: "type", at: type.location, into: &diagnostics) }
        for category in schema.categories {
            typeNames.add(category.name, kindName: "category", at: category.location, into: &diagnostics)
        }
        diagnostics += found[0]
        // Names the generated code already uses: the code generator's own check, so that
        // `loggen lint` reports what `loggen generate` would refuse, in the same words.
        var generatedNames = GeneratedNameCheck()
        generatedNames.check(schema, rules: .reservedNames)
        diagnostics += generatedNames.diagnostics
        return diagnostics
    }

    /// A field name has one type in every event: the warehouse table has one column per name.
    /// The category's common fields count as fields of its events (event index `-1`).
    ///
    /// One pass over every field of the schema: the first type of each name is kept beside
    /// its place, and fields are read in place, not copied (a copy of a `Field` retains and
    /// releases its references). (A struct, not a tuple: a dictionary of tuples copies and
    /// destroys its values through the runtime's generic tuple witnesses.)
    private func checkOneTypePerFieldName(_ categories: [Category], into diagnostics: inout [Diagnostic]) {
        struct FirstField {
            var type: FieldType
            var category: Int
            var event: Int
            var field: Int
        }
        var first: [String: FirstField] = [:]
        // By index (a `Category` passed by value would be retained and released per list).
        func fieldsOf(_ categoryIndex: Int, _ eventIndex: Int) -> [Field] {
            eventIndex < 0 ? categories[categoryIndex].common : categories[categoryIndex].events[eventIndex].fields
        }
        for categoryIndex in categories.indices {
            for eventIndex in -1..<categories[categoryIndex].events.count {
                let fields = fieldsOf(categoryIndex, eventIndex)
                // Read in place, as in ``checkFields``.
                fields.withUnsafeBufferPointer { fields in
                    for fieldIndex in fields.indices {
                        let name = fields[fieldIndex].name
                        guard let at = first[name] else {
                            first[name] = FirstField(type: fields[fieldIndex].type, category: categoryIndex, event: eventIndex, field: fieldIndex)
                            continue
                        }
                        if !fields[fieldIndex].type.hasSameColumn(as: at.type) {
                            let firstCategory = categories[at.category]
                            let firstField = fieldsOf(at.category, at.event)[at.field]
                            let field = fields[fieldIndex]
                            let place =
                                at.event < 0
                                ? "the common fields of category '\(firstCategory.name)'" : firstCategory.events[at.event].tag(in: firstCategory)
                            diagnostics.append(
                                .error(
                                    "field '\(field.name)' is '\(field.type.spelling)' here but '\(firstField.type.spelling)' in \(place); a field name has one type in every event (one warehouse column)",
                                    at: field.location,
                                    notes: [.note("'\(field.name)' first declared here", at: firstField.location)]))
                        }
                    }
                }
            }
        }
    }

    private func checkCategory(_ category: Category, common: [Field], commonIndex: CommonFields, into diagnostics: inout [Diagnostic]) {
        checkLength(category.name, of: "category", at: category.location, into: &diagnostics)
        // The category's common fields are checked like any field, and each event's fields
        // against them (one payload, one list of Swift labels per case).
        checkFields(
            category.common, owner: { "the common fields of category '\(category.name)'" }, common: common, commonIndex: commonIndex, into: &diagnostics)
        var firstIndex = [String: Int](minimumCapacity: category.events.count)
        var eventNames = SwiftNameSpace(kind: "case", naming: SwiftName.lowerCamelCase, capacity: category.events.count)
        // Events are read in place, as fields are in ``checkFields``.
        category.events.withUnsafeBufferPointer { events in
            let needsSwiftNames = !events.indices.allSatisfy { SwiftName.isPlainSnakeCase(events[$0].name) }
            for index in events.indices {
                let name = events[index].name
                // One hash per event: a repeated name puts its first index back.
                if let first = firstIndex.updateValue(index, forKey: name) {
                    firstIndex[name] = first
                    diagnostics.append(
                        .error(
                            "duplicate event '\(name)' in category '\(category.name)'; rename or merge one",
                            at: events[index].location, notes: [.note("'\(name)' first defined here", at: events[first].location)]))
                    continue
                }
                checkLength(name, of: "event", at: events[index].location, into: &diagnostics)
                if needsSwiftNames { eventNames.add(name, kindName: "event", at: events[index].location, into: &diagnostics) }
                if events[index].descriptions.isEmpty {
                    diagnostics.append(.warning("event '\(name)' has no description; add a paragraph under its heading", at: events[index].location))
                }
                checkFields(
                    events[index].fields, owner: { "event '\(name)'" }, common: common, commonIndex: commonIndex,
                    category: category, into: &diagnostics)
            }
        }
    }

    /// The rules of one list of fields: duplicates, names, descriptions, shadowing (of
    /// `common.md`'s fields, and of the common fields of the event's category).
    ///
    /// Fields are read in place, not copied: this runs on every field of every lint.
    private func checkFields(
        _ fields: [Field], owner: () -> String, common: [Field] = [], commonIndex: CommonFields = .none,
        category: Category? = nil, into diagnostics: inout [Diagnostic]
    ) {
        let categoryFields = category?.common ?? []
        // Distinct plain snake_case names never share a Swift name, so the Swift names are
        // only computed when some name is not plain (the common case costs no allocation).
        // (By index: `allSatisfy` on the array would copy each element out of it.)
        let needsSwiftNames =
            !fields.indices.allSatisfy { SwiftName.isPlainSnakeCase(fields[$0].name) }
            || !categoryFields.indices.allSatisfy { SwiftName.isPlainSnakeCase(categoryFields[$0].name) }
        var labels = SwiftNameSpace(kind: "label", naming: SwiftName.lowerCamelCase)
        if needsSwiftNames {
            // The category's fields come first in every case: their own problems are
            // reported once, with the category; here they only take their labels.
            var ignored: [Diagnostic] = []
            for field in categoryFields { labels.add(field.name, kindName: "field", at: field.location, into: &ignored) }
        }
        // Events have a handful of fields: a scan beats hashing; long lists use a dictionary.
        let useDictionary = fields.count > 16
        var seen: [String: Int] = [:]
        // Each field is read in place: an array's element is copied out of it, which
        // retains and releases its references (225,000 fields per lint of corpus-1000x50).
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                let name = fields[index].name
                let earlier: Int?
                if useDictionary {
                    earlier = seen[name]
                    if earlier == nil { seen[name] = index }
                } else {
                    earlier = (0..<index).first { fields[$0].name == name }
                }
                if let first = earlier {
                    diagnostics.append(
                        .error(
                            "duplicate field '\(name)' in \(owner()); remove one",
                            at: fields[index].location, notes: [.note("'\(name)' first defined here", at: fields[first].location)]))
                    continue
                }
                if Self.reservedNameFilter.mayContain(name: name), Self.reservedNames.contains(name) {
                    diagnostics.append(
                        .error(
                            "field name '\(name)' is reserved for the log envelope; rename the field (reserved: \(Schema.reservedNames.joined(separator: ", ")))",
                            at: fields[index].location))
                }
                if let category, let shadowed = categoryFields.indices.first(where: { categoryFields[$0].name == name }) {
                    diagnostics.append(
                        .error(
                            "field '\(name)' shadows the common field of category '\(category.name)' of the same name; rename it, every event of the category already sends '\(name)'",
                            at: fields[index].location,
                            notes: [.note("'\(name)' is defined here, before the first event", at: categoryFields[shadowed].location)]))
                    continue
                }
                if let shadowed = commonIndex.first(named: name) {
                    diagnostics.append(
                        .error(
                            "field '\(name)' shadows the common field of the same name; rename it, the common payload already sends '\(name)'",
                            at: fields[index].location, notes: [.note("common field '\(name)' is defined here", at: common[shadowed].location)]))
                }
                checkLength(name, of: "field", at: fields[index].location, into: &diagnostics)
                if needsSwiftNames { labels.add(name, kindName: "field", at: fields[index].location, into: &diagnostics) }
                if fields[index].descriptions.isEmpty {
                    diagnostics.append(.warning("field '\(name)' has no description; add a nested bullet under it", at: fields[index].location))
                }
            }
        }
    }

    private func checkTypes(_ types: [EnumType], into diagnostics: inout [Diagnostic]) {
        var seen: [String: Int] = [:]
        for (index, type) in types.enumerated() {
            if let first = seen[type.name] {
                diagnostics.append(
                    .error(
                        "duplicate type '\(type.name)'; merge its cases into one declaration",
                        at: type.location, notes: [.note("'\(type.name)' first declared here", at: types[first].location)]))
                continue
            }
            seen[type.name] = index
            checkLength(type.name, of: "type", at: type.location, into: &diagnostics)
            var cases: [String: Int] = [:]
            var caseNames = SwiftNameSpace(kind: "case", naming: SwiftName.lowerCamelCase)
            for (caseIndex, enumCase) in type.cases.enumerated() {
                if let first = cases[enumCase.name] {
                    diagnostics.append(
                        .error(
                            "duplicate case '\(enumCase.name)' in type '\(type.name)'; remove one",
                            at: enumCase.location, notes: [.note("'\(enumCase.name)' first declared here", at: type.cases[first].location)]))
                    continue
                }
                cases[enumCase.name] = caseIndex
                caseNames.add(enumCase.name, kindName: "case", at: enumCase.location, into: &diagnostics)
            }
        }
    }

    /// (The location is only read for a name too long: a copy of one retains its file.)
    private func checkLength(_ name: String, of kind: String, at location: @autoclosure () -> SourceLocation, into diagnostics: inout [Diagnostic]) {
        guard name.utf8.count > Self.maximumNameLength else { return }  // fast path: bytes ≥ characters
        let length = name.count
        if length > Self.maximumNameLength {
            diagnostics.append(
                .error(
                    "\(kind) name '\(name)' is \(length) characters long; shorten it to at most \(Self.maximumNameLength)",
                    at: location()))
        }
    }
}

/// `common.md`'s fields by name (the first of each), for the shadowing rule: nearly no
/// field is one of them, so a ``ShapeFilter`` answers before the dictionary is asked.
private struct CommonFields: Sendable {
    let index: [String: Int]
    let filter: ShapeFilter

    static let none = CommonFields(index: [:])

    init(index: [String: Int]) {
        self.index = index
        self.filter = ShapeFilter(names: index.keys)
    }

    /// The index in `common.md`'s fields of the first field named `name`.
    func first(named name: String) -> Int? {
        filter.mayContain(name: name) ? index[name] : nil
    }
}

/// The Swift identifiers given out in one scope, to find two names that become the same.
private struct SwiftNameSpace {
    /// What the identifier is in Swift (`type`, `case`, `label`), for messages.
    let kind: String
    let naming: (String) -> String
    /// The name that took each identifier. (A struct, not a tuple: a dictionary of tuples
    /// copies and destroys its values through the runtime's generic tuple witnesses.)
    var taken: [String: Taken]

    struct Taken {
        var name: String
        var kindName: String
        var location: SourceLocation
    }

    /// - Parameter capacity: how many names the scope will hold, if known (no rehashing as it grows).
    init(kind: String, naming: @escaping (String) -> String, capacity: Int = 0) {
        self.kind = kind
        self.naming = naming
        self.taken = [:]
        if capacity > 0 { taken.reserveCapacity(capacity) }
    }

    mutating func add(_ name: String, kindName: String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        let identifier = naming(name)
        if identifier.isEmpty {
            diagnostics.append(.error("\(kindName) '\(name)' has no letter or digit to make a Swift name from; rename it", at: location))
            return
        }
        if let first = taken[identifier] {
            if first.name != name {
                diagnostics.append(
                    .error(
                        "\(kindName) '\(name)' and \(first.kindName) '\(first.name)' both become the Swift \(kind) name '\(identifier)'; rename one",
                        at: location, notes: [.note("'\(first.name)' is here", at: first.location)]))
            }
            return
        }
        taken[identifier] = Taken(name: name, kindName: kindName, location: location)
    }
}
