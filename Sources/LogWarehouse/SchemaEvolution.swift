import LogSchema

/// The one rule set for changes to the definitions: which are safe, which need caution and
/// which break the logs already written. `loggen diff` prints every change it finds;
/// `loggen ddl --alter-from` refuses exactly the changes it marks as breaking the warehouse
/// (``DefinitionChange/breaksWarehouse``), so the two cannot disagree.
///
/// Things are matched by name: categories, events within their category, fields within
/// their event (or the common payload), enum types and their cases. A rename is a removal
/// and an addition. Whether the warehouse can follow a change is decided on the columns of
/// the two tables (``ClickHouseTable``): a field's change breaks the warehouse when its
/// column cannot be migrated in place, and a column that changes type with no field change
/// to blame (a field name that now has another type elsewhere: the one-wide-table rule) is
/// a change of its own.
public enum SchemaEvolution {
    /// Every change from `old` to `new`, most severe first, then by location.
    public static func changes(from old: Schema, to new: Schema) -> [DefinitionChange] {
        var differ = Differ(old: old, new: new)
        differ.compareCommon()
        differ.compareTypes()
        differ.compareCategories()
        differ.markWarehouseChanges()
        return differ.drafts.map(\.change).sorted(by: order)
    }

    /// Most severe first; then by file, line and column; then by rule and message.
    static func order(_ lhs: DefinitionChange, _ rhs: DefinitionChange) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        switch (lhs.location, rhs.location) {
        case (let left?, let right?) where left != right: return left < right
        case (nil, _?): return true
        case (_?, nil): return false
        default: break
        }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }
}

/// A change being built: its message in three parts, so that the warehouse's part can be
/// added once the columns are compared.
private struct Draft {
    var change: DefinitionChange
    var what: String
    var breaks: String
    var action: String

    init(
        _ rule: DefinitionChange.Rule, _ subject: DefinitionChange.Subject, event: String? = nil, field: String? = nil,
        enumType: String? = nil, old: SourceLocation?, new: SourceLocation?, _ what: String, _ breaks: String, _ action: String
    ) {
        change = DefinitionChange(
            rule: rule, subject: subject, event: event, field: field, enumType: enumType,
            oldLocation: old, newLocation: new, message: "")
        self.what = what
        self.breaks = breaks
        self.action = action
        render()
    }

    mutating func render() {
        change.message = [what, breaks, action].filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

/// Where a field lives: an event (by tag) or the common payload.
private struct FieldOwner {
    var tag: String?
    var event: Event?

    static let common = FieldOwner(tag: nil, event: nil)

    func describe(_ field: String) -> String {
        tag.map { "field '\(field)' of \($0)" } ?? "common field '\(field)'"
    }

    var subject: DefinitionChange.Subject { tag == nil ? .commonField : .field }
}

/// The kind of a field's values, which a type change is judged on.
private enum ValueKind: Equatable {
    case builtin(BuiltinType)
    case enumeration(String)
    case external(String)

    init(_ type: FieldType, in schema: Schema) {
        switch type.scalar {
        case .builtin(let builtin): self = .builtin(builtin)
        case .custom(let name): self = schema.enumType(named: name) != nil ? .enumeration(name) : .external(name)
        }
    }
}

private struct Differ {
    let old: Schema
    let new: Schema
    var drafts: [Draft] = []

    init(old: Schema, new: Schema) {
        self.old = old
        self.new = new
    }

    // MARK: Categories and events

    mutating func compareCategories() {
        let newByName = Dictionary(new.categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldNames = Set(old.categories.map(\.name))
        for category in old.categories {
            guard let replacement = newByName[category.name] else {
                if category.events.allSatisfy({ $0.status == .obsolete }) {
                    drafts.append(
                        Draft(
                            .obsoleteRemoved, .category, old: category.location, new: nil,
                            "category '\(category.name)' was removed, every event of it already [obsolete]", "", ""))
                    continue
                }
                let eventNames = Set(category.events.map(\.name))
                let renamed = new.categories.first { !oldNames.contains($0.name) && Set($0.events.map(\.name)) == eventNames }
                let what =
                    "category '\(category.name)' (\(fileName(category.file))) was "
                    + (renamed.map { "renamed to '\($0.name)' (\(fileName($0.file)))" } ?? "removed")
                drafts.append(
                    Draft(
                        .categoryRemoved, .category, old: category.location, new: nil, what,
                        "its events' tags change or vanish, so queries of '\(category.name).*' stop finding new logs and history splits",
                        "keep the file and mark the events it no longer sends [obsolete]"))
                continue
            }
            if category.descriptions != replacement.descriptions {
                drafts.append(
                    Draft(
                        .descriptionChanged, .category, old: category.location, new: replacement.location,
                        "the description of category '\(category.name)' changed", "", ""))
            }
            compareEvents(category, replacement)
        }
        for category in new.categories where !oldNames.contains(category.name) {
            drafts.append(
                Draft(
                    .categoryAdded, .category, old: nil, new: category.location,
                    "category '\(category.name)' was added with \(count(category.events.count, "event"))", "", ""))
        }
    }

    mutating func compareEvents(_ oldCategory: Category, _ newCategory: Category) {
        let newByName = Dictionary(newCategory.events.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldNames = Set(oldCategory.events.map(\.name))
        for event in oldCategory.events {
            let tag = event.tag(in: oldCategory)
            guard let replacement = newByName[event.name] else {
                if event.status == .obsolete {
                    drafts.append(
                        Draft(
                            .obsoleteRemoved, .event, event: tag, old: event.location, new: nil,
                            "event \(tag) was removed after being marked [obsolete]", "", ""))
                } else {
                    drafts.append(
                        Draft(
                            .eventRemoved, .event, event: tag, old: event.location, new: nil,
                            "event \(tag) was removed without being marked [obsolete] first",
                            "its logs stop arriving unannounced and stored ones no longer match a definition",
                            "keep its heading and mark it [obsolete]"))
                }
                continue
            }
            compareStatus(
                event.status, replacement.status, subject: .event, event: tag, field: nil,
                old: event.location, new: replacement.location, name: "event \(tag)")
            if event.descriptions != replacement.descriptions {
                drafts.append(
                    Draft(
                        .descriptionChanged, .event, event: tag, old: event.location, new: replacement.location,
                        "the description of event \(tag) changed", "", ""))
            }
            // A category's common fields are fields of each of its events (daifuku's syntax).
            compareFields(
                oldCategory.fields(of: event), newCategory.fields(of: replacement), owner: FieldOwner(tag: tag, event: replacement),
                ownerObsolete: replacement.status == .obsolete)
        }
        for event in newCategory.events where !oldNames.contains(event.name) && event.status != .obsolete {
            let tag = event.tag(in: newCategory)
            drafts.append(
                Draft(
                    .eventAdded, .event, event: tag, old: nil, new: event.location,
                    "event \(tag) was added with \(count(event.fields.count, "field"))", "", ""))
        }
    }

    mutating func compareCommon() {
        compareFields(old.common, new.common, owner: .common, ownerObsolete: false)
    }

    // MARK: Fields

    mutating func compareFields(_ oldFields: [Field], _ newFields: [Field], owner: FieldOwner, ownerObsolete: Bool) {
        let newByName = Dictionary(newFields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldNames = Set(oldFields.map(\.name))
        for field in oldFields {
            let name = owner.describe(field.name)
            guard let replacement = newByName[field.name] else {
                if field.status == .obsolete {
                    drafts.append(
                        Draft(
                            .obsoleteRemoved, owner.subject, event: owner.tag, field: field.name, old: field.location, new: nil,
                            "\(name) was removed after being marked [obsolete]", "", ""))
                } else {
                    drafts.append(
                        Draft(
                            .fieldRemoved, owner.subject, event: owner.tag, field: field.name, old: field.location, new: nil,
                            "\(name) was removed without being marked [obsolete] first",
                            "its values stop arriving unannounced and queries of it find nothing in new logs",
                            "keep it and mark it [obsolete]"))
                }
                continue
            }
            compareField(field, replacement, owner: owner, name: name)
        }
        guard !ownerObsolete else { return }
        for field in newFields where !oldNames.contains(field.name) && field.status != .obsolete {
            let name = owner.describe(field.name)
            if field.isOptional {
                drafts.append(
                    Draft(
                        .fieldAdded, owner.subject, event: owner.tag, field: field.name, old: nil, new: field.location,
                        "optional \(name) was added", "", ""))
            } else {
                drafts.append(
                    Draft(
                        .requiredFieldAdded, owner.subject, event: owner.tag, field: field.name, old: nil, new: field.location,
                        "required \(name) was added",
                        "logs written before lack it, so their warehouse rows hold the type's default (0, '')",
                        "make it optional if those logs must stay distinguishable"))
            }
        }
    }

    mutating func compareField(_ field: Field, _ replacement: Field, owner: FieldOwner, name: String) {
        let at = (old: field.location, new: replacement.location)
        func add(_ rule: DefinitionChange.Rule, _ what: String, _ breaks: String = "", _ action: String = "") {
            drafts.append(Draft(rule, owner.subject, event: owner.tag, field: field.name, old: at.old, new: at.new, what, breaks, action))
        }
        compareStatus(
            field.status, replacement.status, subject: owner.subject, event: owner.tag, field: field.name,
            old: at.old, new: at.new, name: name)
        if field.descriptions != replacement.descriptions { add(.descriptionChanged, "the description of \(name) changed") }
        if field.isPersonalData, !replacement.isPersonalData {
            add(
                .piiRemoved, "[pii] was removed from \(name)", "its values start arriving in clear, no longer hashed or dropped by PersonalDataFilter",
                "make sure it holds no personal data")
        } else if !field.isPersonalData, replacement.isPersonalData {
            add(.piiAdded, "\(name) was marked [pii]")
        }
        // A field that stops being sent keeps no rule about its values.
        guard replacement.status != .obsolete else { return }

        let oldKind = ValueKind(field.type, in: old)
        let newKind = ValueKind(replacement.type, in: new)
        if oldKind != newKind || field.type.isArray != replacement.type.isArray {
            add(
                .typeChanged, "\(name) changed type from \(describe(field.type, in: old)) to \(describe(replacement.type, in: new))",
                "stored values have the old type, so history splits at this change",
                "add a field with a new name for the new type and mark this one [obsolete]")
            return
        }
        if field.isOptional, !replacement.isOptional {
            add(
                .becameRequired, "\(name) became required", "logs written before may lack it, so checks of them against these definitions fail",
                "keep it optional")
        } else if !field.isOptional, replacement.isOptional {
            add(
                .becameOptional, "\(name) became optional",
                "readers that counted on a value get none (its warehouse column becomes Nullable: loggen ddl --alter-from migrates it)",
                "make sure dashboards and queries handle a missing value")
        }
        compareLimit("byte limit", field.type.maxLength, replacement.type.maxLength, name: name, add: add)
        compareLimit("maximum count", field.type.maxCount, replacement.type.maxCount, name: name, add: add)
        compareRange(field.type.range, replacement.type.range, name: name, add: add)
        switch (field.type.pattern, replacement.type.pattern) {
        case (nil, let pattern?):
            add(
                .patternChanged, "\(name) gained the pattern `\(pattern)`", "values logged before may not match it",
                "check old data before relying on the pattern")
        case (let before?, let pattern?) where before != pattern:
            add(
                .patternChanged, "the pattern of \(name) changed from `\(before)` to `\(pattern)`", "values logged before may not match it",
                "check old data before relying on the pattern")
        case (let before?, nil):
            add(.limitWidened, "the pattern `\(before)` of \(name) was removed")
        default:
            break
        }
    }

    /// A maximum (`!string 256`, `[3]`): lowered or added narrows it, raised or removed widens it.
    func compareLimit(
        _ what: String, _ before: Int?, _ after: Int?, name: String,
        add: (DefinitionChange.Rule, String, String, String) -> Void
    ) {
        let describe = { (limit: Int?) in limit.map(String.init) ?? "none" }
        guard before != after else { return }
        let narrowed =
            switch (before, after) {
            case (nil, _?): true
            case (let before?, let after?): after < before
            default: false
            }
        let what = "the \(what) of \(name) changed from \(describe(before)) to \(describe(after))"
        if narrowed {
            add(.limitNarrowed, what, "values logged before may be outside the new limit", "widen it back, or expect checks of older logs to report them")
        } else {
            add(.limitWidened, what, "", "")
        }
    }

    func compareRange(
        _ before: NumericRange?, _ after: NumericRange?, name: String,
        add: (DefinitionChange.Rule, String, String, String) -> Void
    ) {
        guard before != after else { return }
        let describe = { (range: NumericRange?) in range.map { "\($0.min)..\($0.max)" } ?? "none" }
        let narrowed =
            switch (before, after) {
            case (nil, _?): true
            case (let before?, let after?): after.min.doubleValue > before.min.doubleValue || after.max.doubleValue < before.max.doubleValue
            default: false
            }
        let what = "the range of \(name) changed from \(describe(before)) to \(describe(after))"
        if narrowed {
            add(.limitNarrowed, what, "values logged before may be outside the new range", "widen it back, or expect checks of older logs to report them")
        } else {
            add(.limitWidened, what, "", "")
        }
    }

    mutating func compareStatus(
        _ before: Status, _ after: Status, subject: DefinitionChange.Subject, event: String?, field: String?,
        old: SourceLocation, new: SourceLocation, name: String
    ) {
        guard before != after else { return }
        let draft: Draft =
            switch (before, after) {
            case (_, .obsolete):
                Draft(
                    .markedObsolete, subject, event: event, field: field, old: old, new: new, "\(name) was marked [obsolete]",
                    "it is no longer generated, so it stops arriving", "make sure no dashboard or query still expects it")
            case (.active, .deprecated):
                Draft(.markedDeprecated, subject, event: event, field: field, old: old, new: new, "\(name) was marked [deprecated]", "", "")
            default:
                Draft(
                    .statusRestored, subject, event: event, field: field, old: old, new: new,
                    "\(name) went from \(before.rawValue) back to \(after.rawValue)", "", "")
            }
        drafts.append(draft)
    }

    // MARK: Enum types

    mutating func compareTypes() {
        let newByName = Dictionary(new.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldNames = Set(old.types.map(\.name))
        for type in old.types {
            guard let replacement = newByName[type.name] else {
                drafts.append(
                    Draft(
                        .enumRemoved, .enumType, enumType: type.name, old: type.location, new: nil,
                        "enum \(type.name) was removed", "", ""))
                continue
            }
            if type.descriptions != replacement.descriptions {
                drafts.append(
                    Draft(
                        .descriptionChanged, .enumType, enumType: type.name, old: type.location, new: replacement.location,
                        "the description of enum \(type.name) changed", "", ""))
            }
            compareCases(type, replacement)
        }
        for type in new.types where !oldNames.contains(type.name) {
            drafts.append(
                Draft(
                    .enumAdded, .enumType, enumType: type.name, old: nil, new: type.location,
                    "enum \(type.name) was added with \(count(type.cases.count, "case"))", "", ""))
        }
    }

    mutating func compareCases(_ type: EnumType, _ replacement: EnumType) {
        let newIndex = Dictionary(replacement.cases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldIndex = Dictionary(type.cases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, enumCase) in type.cases.enumerated() {
            guard let position = newIndex[enumCase.name] else {
                drafts.append(
                    Draft(
                        .enumCaseRemoved, .enumCase, enumType: type.name, old: enumCase.location, new: nil,
                        "case '\(enumCase.name)' of enum \(type.name) was removed",
                        "logs written before hold it, so checks of them against these definitions fail",
                        "keep the case, documented as no longer sent"))
                continue
            }
            if position != index {
                drafts.append(
                    Draft(
                        .enumCaseMoved, .enumCase, enumType: type.name, old: enumCase.location,
                        new: replacement.cases[position].location,
                        "case '\(enumCase.name)' of enum \(type.name) moved from position \(index + 1) to \(position + 1)",
                        "stored logs name their cases, but the warehouse stores each case as its number",
                        "keep the old cases in order and add new ones at the end"))
            }
        }
        for (index, enumCase) in replacement.cases.enumerated() where oldIndex[enumCase.name] == nil {
            drafts.append(
                Draft(
                    .enumCaseAdded, .enumCase, enumType: type.name, old: nil, new: enumCase.location,
                    "case '\(enumCase.name)' was added to enum \(type.name)"
                        + (index >= type.cases.count ? " at the end" : " at position \(index + 1)"), "", ""))
        }
        if type.cases.count <= 127, replacement.cases.count > 127, isStored(type.name, in: old), isStored(type.name, in: new) {
            drafts.append(
                Draft(
                    .enumWidened, .enumType, enumType: type.name, old: type.location, new: replacement.location,
                    "enum \(type.name) grew past 127 cases (\(replacement.cases.count))",
                    "its warehouse columns would change from Enum8 to Enum16",
                    "add a new field with a new enum for the further cases"))
        }
    }

    /// Whether a field that is sent (not obsolete) has the enum type.
    private func isStored(_ typeName: String, in schema: Schema) -> Bool {
        let uses = { (field: Field) in field.status != .obsolete && field.type.scalar == .custom(typeName) }
        return schema.common.contains(where: uses)
            || schema.categories.contains { category in
                category.events.contains { $0.status != .obsolete && category.fields(of: $0).contains(where: uses) }
            }
    }

    // MARK: The warehouse

    /// Compares the two tables' columns: each column that cannot be migrated in place marks
    /// the changes that caused it, or is reported on its own.
    mutating func markWarehouseChanges() {
        guard let oldTable = try? ClickHouseTable(schema: old), let newTable = try? ClickHouseTable(schema: new) else { return }
        // Columns are never dropped, so a table made over time still has the columns of the
        // old definitions' [obsolete] fields: a name reused with another type clashes there.
        let historicalTable = try? ClickHouseTable(schema: Self.everythingActive(old))
        for column in newTable.columns {
            switch column.role {
            case .common, .payload: break
            case .envelope, .milliseconds: continue
            }
            guard let before = oldTable.column(named: column.name) ?? historicalTable?.column(named: column.name),
                before.type != column.type,
                ClickHouseMigration.refusal(from: before.type, to: column.type) != nil
            else { continue }
            let clause =
                brief(before.type) == brief(column.type)
                ? "the warehouse column '\(column.name)' (\(brief(column.type))) would relabel the rows it holds"
                : "the warehouse column '\(column.name)' cannot change from \(brief(before.type)) to \(brief(column.type)) in place"
            let enumName = firstField(named: column.name, in: new).flatMap { field -> String? in
                if case .custom(let name) = field.type.scalar, new.enumType(named: name) != nil { return name }
                return nil
            }
            var marked = false
            for index in drafts.indices {
                let change = drafts[index].change
                let causes =
                    switch change.rule {
                    case .typeChanged, .becameRequired: change.field == column.name
                    case .enumCaseRemoved, .enumCaseMoved, .enumWidened: enumName != nil && change.enumType == enumName
                    default: false
                    }
                guard causes else { continue }
                marked = true
                guard !change.breaksWarehouse else { continue }  // an enum's change, already marked by another column
                drafts[index].change.breaksWarehouse = true
                drafts[index].breaks += drafts[index].breaks.isEmpty ? clause : ", and " + clause
                drafts[index].render()
            }
            if !marked {
                let oldField = firstField(named: column.name, in: old) ?? firstField(named: column.name, in: Self.everythingActive(old))
                let newField = firstField(named: column.name, in: new)
                var draft = Draft(
                    .columnTypeChanged, .field, field: column.name, old: before.location, new: column.location,
                    "field '\(column.name)' is now \(newField.map { describeFully($0) } ?? "\(column.type)")"
                        + " where the definitions had \(oldField.map { describeFully($0) } ?? "\(before.type)")",
                    "the warehouse has one column per field name (the one-wide-table rule), and \(clause)",
                    "give the field a new name")
                draft.change.breaksWarehouse = true
                drafts.append(draft)
            }
        }
    }

    /// The schema with every event and field active: the columns a table made over time has.
    private static func everythingActive(_ schema: Schema) -> Schema {
        var schema = schema
        for index in schema.common.indices { schema.common[index].status = .active }
        for category in schema.categories.indices {
            for field in schema.categories[category].common.indices { schema.categories[category].common[field].status = .active }
            for event in schema.categories[category].events.indices {
                schema.categories[category].events[event].status = .active
                for field in schema.categories[category].events[event].fields.indices {
                    schema.categories[category].events[event].fields[field].status = .active
                }
            }
        }
        return schema
    }

    private func firstField(named name: String, in schema: Schema) -> Field? {
        if let field = schema.common.first(where: { $0.name == name && $0.status != .obsolete }) { return field }
        for category in schema.categories {
            for event in category.events where event.status != .obsolete {
                if let field = category.fields(of: event).first(where: { $0.name == name && $0.status != .obsolete }) { return field }
            }
        }
        return nil
    }

    // MARK: Wording

    /// `!integer`, `SearchOrder[]` (an enum), `ReferrerScreen` (an external type).
    private func describe(_ type: FieldType, in schema: Schema) -> String {
        var text = (type.builtin != nil ? "!" : "") + type.scalar.name + (type.isArray ? "[]" : "")
        if case .custom(let name) = type.scalar {
            text += schema.enumType(named: name) != nil ? " (an enum)" : " (an external type)"
        }
        return text
    }

    /// The type as written, and whether it is optional.
    private func describeFully(_ field: Field) -> String {
        field.type.spelling + (field.isOptional ? " (optional)" : "")
    }

    /// A column type short enough for one line: an enum by its size, not its cases.
    private func brief(_ type: ClickHouseType) -> String {
        switch type {
        case .enumeration(let cases): "\(cases.count <= 127 ? "Enum8" : "Enum16") of \(count(cases.count, "case"))"
        case .nullable(let wrapped): "Nullable(\(brief(wrapped)))"
        case .array(let element): "Array(\(brief(element)))"
        default: type.description
        }
    }

    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
