import LogSchema
import TestSupport
@testable import LogCodegen

/// Random valid schemas for the property test: keywords as names, every type, shape,
/// constraint and marker, and descriptions full of escaping hazards.
struct RandomSchema {
    static let words = [
        "recipe", "user", "tap", "show", "count", "item", "list", "page", "default", "class", "in", "init",
        "func", "let", "var", "inout", "is", "as", "where", "true", "nil", "return", "static", "2nd", "url",
        "ID", "café", "switch", "case", "protocol", "extension", "Any", "throws",
    ]
    static let descriptions = [
        "Plain text.", "*/ /* \"\"\" \\ #if false", "Line one\nline two\r\nthree", "\u{1}\u{1B}\u{7F} controls",
        "日本語 🍳 \u{202E}rtl", "`code` and **bold**", "- Parameters: fake", "\\(interpolation) \"quoted\"",
    ]
    static let patterns = ["^[a-z]+$", #"^\d{3}-\d{4}$"#, #"^[^"\\]*$"#, "^(a|b)+$", #"^.*\$$"#]
    static let externalTypes = ["ExternalA", "ExternalB"]

    var random: SeededGenerator
    private var typeNames: Set<String> = []

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func name() -> String {
        (0..<count(1...3)).map { _ in pick(Self.words) }.joined(separator: "_")
    }

    /// `count` names whose Swift forms are distinct and not reserved.
    mutating func memberNames(_ count: Int, reserved: Set<String>) -> [String] {
        var names: [String] = []
        var swiftNames: Set<String> = []
        for _ in 0..<count * 3 where names.count < count {
            let candidate = name()
            let swiftName = SwiftName.lowerCamelCase(candidate)
            if swiftName.isEmpty || reserved.contains(swiftName) || !swiftNames.insert(swiftName).inserted { continue }
            names.append(candidate)
        }
        return names
    }

    mutating func typeName() -> String? {
        for _ in 0..<10 {
            let candidate = name()
            let swiftName = SwiftName.upperCamelCase(candidate)
            if swiftName.isEmpty || swiftName.first!.isNumber || swiftName.hasPrefix("_") { continue }
            if GeneratedNameCheck.reservedTypeNames.contains(swiftName) || swiftName.hasPrefix("Batch") || swiftName.hasPrefix("External") { continue }
            if typeNames.insert(swiftName).inserted { return candidate }
        }
        return nil
    }

    mutating func descriptions() -> [String] { (0..<count(0...2)).map { _ in pick(Self.descriptions) } }
    mutating func status() -> Status { chance(0.1) ? .obsolete : chance(0.1) ? .deprecated : .active }
    let location = SourceLocation(file: "random.md", line: 1, column: 1)

    mutating func fieldType(enums: [EnumType]) -> FieldType {
        let scalar: ScalarType
        if chance(0.2) {
            scalar = .custom(!enums.isEmpty && chance(0.6) ? pick(enums).name : pick(Self.externalTypes))
        } else {
            scalar = .builtin(pick(BuiltinType.allCases))
        }
        var type = FieldType(scalar: scalar)
        if chance(0.3) {
            type.isArray = true
            if chance(0.5) { type.maxCount = count(1...5) }
        }
        switch scalar {
        case .builtin(.string):
            if chance(0.5) { type.maxLength = count(1...300) }
            if chance(0.3) { type.pattern = pick(Self.patterns) }
        case .builtin(let builtin) where builtin.isInteger && chance(0.4):
            let low = Int64(count(-100...100))
            type.range = NumericRange(min: .integer(low), max: .integer(low + Int64(count(0...1000))))
        case .builtin(let builtin) where builtin.isNumeric && chance(0.4):
            let low = Double(count(-100...100)) / 4
            type.range = NumericRange(min: chance(0.5) ? .real(low) : .integer(Int64(low.rounded(.up))), max: .real(low + 10.5))
        default: break
        }
        return type
    }

    mutating func fields(_ count: Int, enums: [EnumType], reserved: Set<String>) -> [Field] {
        memberNames(count, reserved: reserved).map { name in
            Field(
                name: name, type: fieldType(enums: enums), isOptional: chance(0.3), status: status(),
                isPersonalData: chance(0.1), descriptions: descriptions(), location: location)
        }
    }

    mutating func schema() -> Schema {
        var enums: [EnumType] = []
        for _ in 0..<count(0...3) {
            guard let name = typeName() else { continue }
            let cases = memberNames(count(1...4), reserved: GeneratedNameCheck.reservedCaseNames)
            enums.append(
                EnumType(
                    name: name, descriptions: descriptions(), location: location,
                    cases: cases.map { EnumCase(name: $0, descriptions: descriptions(), location: location) }))
        }
        var categories: [Category] = []
        for _ in 0..<count(1...4) {
            guard let name = typeName() else { continue }
            let events = memberNames(count(0...6), reserved: GeneratedNameCheck.reservedEventNames)
                .map { event in
                    Event(
                        name: event, status: status(), descriptions: descriptions(), location: location,
                        fields: fields(count(0...6), enums: enums, reserved: GeneratedNameCheck.reservedFieldNames))
                }
            categories.append(Category(name: name, descriptions: descriptions(), file: "random/\(name).md", location: location, events: events))
        }
        let common = fields(count(0...4), enums: enums, reserved: GeneratedNameCheck.reservedFieldNames)
        return Schema(categories: categories.sorted { $0.name < $1.name }, common: common, types: enums)
    }
}
