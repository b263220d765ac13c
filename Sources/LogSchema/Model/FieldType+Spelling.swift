extension FieldType {
    /// The type as written in a definition, without the optional mark:
    /// `!string 32`, `SearchOrder[3]`, ``!string[5] 16 `^[a-z]+$` ``, `!integer 1..100`.
    public var spelling: String {
        var text = builtin != nil ? "!" + scalar.name : scalar.name
        if isArray { text += maxCount.map { "[\($0)]" } ?? "[]" }
        if let maxLength { text += " \(maxLength)" }
        if let range { text += " \(range.min)..\(range.max)" }
        if let pattern { text += " `\(pattern)`" }
        return text
    }

    /// Whether two types make the same warehouse column: same scalar, same array-ness,
    /// same maximum length. Ranges, patterns and counts are checks, not column types.
    public func hasSameColumn(as other: FieldType) -> Bool {
        scalar == other.scalar && isArray == other.isArray && maxLength == other.maxLength
    }
}
