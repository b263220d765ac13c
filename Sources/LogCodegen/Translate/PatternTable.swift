import LogSchema

/// The patterns of one generated type, each compiled once in a `private static let`.
struct PatternTable {
    private var names: [String: String] = [:]
    private var order: [String] = []

    mutating func add(_ field: Field) {
        guard let pattern = SwiftTypeMapping.pattern(of: field), names[pattern] == nil else { return }
        order.append(pattern)
        // A leading `_` keeps the name apart from every case and property name.
        names[pattern] = "_pattern\(order.count)"
    }

    func reference(_ pattern: String) -> SwiftExpression {
        .member(.selfType, names[pattern] ?? "_pattern")
    }

    /// The `N` of the pattern's `_patternN`.
    func number(_ pattern: String) -> Int {
        (order.firstIndex(of: pattern) ?? 0) + 1
    }

    var isEmpty: Bool { order.isEmpty }

    /// Every pattern, `Self._pattern1` first.
    var references: [SwiftExpression] { order.map(reference) }

    var declarations: [SwiftDeclaration] {
        order.map { pattern in
            .property(
                SwiftProperty(
                    documentation: [], isExposed: false, isStatic: true, name: names[pattern]!, type: "LogPattern",
                    value: .constant(.call(.identifier("LogPattern"), [SwiftArgument(nil, .string(pattern))]))))
        }
    }
}
