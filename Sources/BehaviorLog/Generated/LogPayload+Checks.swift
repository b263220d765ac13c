// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// The checked appends that generated code calls for fields with constraints.
///
/// Each one applies the constraint policy described at ``ConstraintViolation/handler``:
/// the value is made valid where that is safe, the violation is recorded in
/// ``LogPayload/violations`` and reported to the handler. A `nil` value (an optional
/// field that is missing) is appended as ``LogValue/null`` and never violates.
/// Unconstrained fields go through ``append(_:value:)``.
extension LogPayload {
    /// Appends a field without constraints: its `logValue`.
    ///
    /// Generated code calls this rather than `append(key, value.logValue)`: one generic
    /// call type-checks faster than a member lookup plus a call, which adds up over
    /// thousands of fields.
    @inlinable
    public mutating func append(_ key: String, value: some LogValueConvertible) {
        append(key, value.logValue)
    }

    /// Appends a string, truncated on a character boundary to `maxLength` UTF-8 bytes and
    /// checked against `pattern` (a mismatch is recorded, the string is sent as it is).
    public mutating func appendString(
        _ key: String, _ value: String?, maxLength: Int? = nil, pattern: LogPattern? = nil
    ) {
        guard let value else { return append(key, .null) }
        append(key, .string(checked(value, key: key, element: nil, maxLength: maxLength, pattern: pattern)))
    }

    /// Appends a whole number, clamped into `min...max`.
    public mutating func appendInteger<Integer: BinaryInteger>(
        _ key: String, _ value: Integer?, min: Int64, max: Int64
    ) {
        guard let value else { return append(key, .null) }
        append(key, .integer(checked(Int64(clamping: value), key: key, element: nil, min: min, max: max)))
    }

    /// Appends a real number, clamped into `min...max` (NaN becomes `min`).
    public mutating func appendNumber<Number: BinaryFloatingPoint>(
        _ key: String, _ value: Number?, min: Double, max: Double
    ) {
        guard let value else { return append(key, .null) }
        append(key, .double(checked(Double(value), key: key, element: nil, min: min, max: max)))
    }

    /// Appends a `!real`, clamped into `min...max` compared as `Float` (so `0.1..0.3` keeps
    /// the `Float` nearest 0.3; NaN becomes `min`), and kept a `Float` (``LogValue/float(_:)``).
    public mutating func appendNumber(_ key: String, _ value: Float?, min: Double, max: Double) {
        guard let value else { return append(key, .null) }
        append(key, .float(checked(value, key: key, element: nil, min: Float(min), max: Float(max))))
    }

    /// Appends an array of strings, cut to `maxCount` elements, each element checked as
    /// ``appendString(_:_:maxLength:pattern:)`` checks a single string.
    public mutating func appendStrings(
        _ key: String, _ values: [String]?, maxCount: Int? = nil, maxLength: Int? = nil,
        pattern: LogPattern? = nil
    ) {
        guard let values else { return append(key, .null) }
        var elements: [LogValue] = []
        elements.reserveCapacity(values.count)
        for (index, value) in cut(values, key: key, maxCount: maxCount).enumerated() {
            elements.append(.string(checked(value, key: key, element: index, maxLength: maxLength, pattern: pattern)))
        }
        append(key, .array(elements))
    }

    /// Appends an array of whole numbers, cut to `maxCount` elements, each clamped into
    /// `min...max` when a range is given.
    public mutating func appendIntegers<Integer: BinaryInteger>(
        _ key: String, _ values: [Integer]?, maxCount: Int? = nil, min: Int64? = nil, max: Int64? = nil
    ) {
        guard let values else { return append(key, .null) }
        var elements: [LogValue] = []
        elements.reserveCapacity(values.count)
        for (index, value) in cut(values, key: key, maxCount: maxCount).enumerated() {
            var number = Int64(clamping: value)
            if let min, let max { number = checked(number, key: key, element: index, min: min, max: max) }
            elements.append(.integer(number))
        }
        append(key, .array(elements))
    }

    /// Appends an array of real numbers, cut to `maxCount` elements, each clamped into
    /// `min...max` when a range is given.
    public mutating func appendNumbers<Number: BinaryFloatingPoint>(
        _ key: String, _ values: [Number]?, maxCount: Int? = nil, min: Double? = nil, max: Double? = nil
    ) {
        guard let values else { return append(key, .null) }
        var elements: [LogValue] = []
        elements.reserveCapacity(values.count)
        for (index, value) in cut(values, key: key, maxCount: maxCount).enumerated() {
            var number = Double(value)
            if let min, let max { number = checked(number, key: key, element: index, min: min, max: max) }
            elements.append(.double(number))
        }
        append(key, .array(elements))
    }

    /// Appends an array of `!real`s, cut to `maxCount` elements, each checked as the single
    /// `!real` append above checks one (as `Float`) and kept a `Float`.
    public mutating func appendNumbers(
        _ key: String, _ values: [Float]?, maxCount: Int? = nil, min: Double? = nil, max: Double? = nil
    ) {
        guard let values else { return append(key, .null) }
        var elements: [LogValue] = []
        elements.reserveCapacity(values.count)
        for (index, value) in cut(values, key: key, maxCount: maxCount).enumerated() {
            var number = value
            if let min, let max { number = checked(number, key: key, element: index, min: Float(min), max: Float(max)) }
            elements.append(.float(number))
        }
        append(key, .array(elements))
    }

    /// Appends an array of any loggable values, cut to `maxCount` elements.
    public mutating func appendArray<Element: LogValueConvertible>(
        _ key: String, _ values: [Element]?, maxCount: Int
    ) {
        guard let values else { return append(key, .null) }
        append(key, .array(cut(values, key: key, maxCount: maxCount).map { $0.logValue }))  // a closure: a generic key path is instantiated on every call
    }

    // MARK: - The checks (shared with LogPayloadLayout)

    mutating func record(_ key: String, _ kind: ConstraintViolation.Kind, element: Int?, _ detail: String) {
        let violation = ConstraintViolation(
            field: key, kind: kind, detail: element.map { "element \($0): " + detail } ?? detail)
        violations.append(violation)
        ConstraintViolation.report(violation)
    }

    mutating func checked(
        _ value: String, key: String, element: Int?, maxLength: Int?, pattern: LogPattern?
    ) -> String {
        var value = value
        if let maxLength { value = truncated(value, key: key, element: element, maxLength: maxLength) }
        if let pattern, !pattern.matches(value) { recordPatternMismatch(key: key, element: element, pattern.source) }
        return value
    }

    /// `value` cut on a character boundary to `maxLength` UTF-8 bytes, the cut recorded.
    mutating func truncated(_ value: String, key: String, element: Int?, maxLength: Int) -> String {
        let bytes = value.utf8.count
        guard bytes > maxLength else { return value }
        let cut = value.truncatedToUTF8(count: maxLength)
        record(key, .maxLength, element: element, "\(bytes) bytes, limit \(maxLength); truncated to \(cut.utf8.count)")
        return cut
    }

    mutating func recordPatternMismatch(key: String, element: Int?, _ source: String) {
        record(key, .pattern, element: element, "does not match \(source); sent as it is")
    }

    mutating func checked(_ value: Int64, key: String, element: Int?, min: Int64, max: Int64) -> Int64 {
        if value >= min && value <= max { return value }
        let clamped = value < min ? min : max
        record(key, .range, element: element, "\(value) outside \(min)...\(max); clamped to \(clamped)")
        return clamped
    }

    mutating func checked(_ value: Double, key: String, element: Int?, min: Double, max: Double) -> Double {
        if value >= min && value <= max { return value }
        let clamped = value > max ? max : min
        record(key, .range, element: element, "\(value) outside \(min)...\(max); clamped to \(clamped)")
        return clamped
    }

    /// A `!real` compares as the `Float` it is: its bounds are the `Float`s nearest the
    /// definition's, so a value equal to one is inside.
    mutating func checked(_ value: Float, key: String, element: Int?, min: Float, max: Float) -> Float {
        if value >= min && value <= max { return value }
        let clamped = value > max ? max : min
        record(key, .range, element: element, "\(value) outside \(min)...\(max); clamped to \(clamped)")
        return clamped
    }

    mutating func cut<Element>(_ values: [Element], key: String, maxCount: Int?) -> ArraySlice<Element> {
        guard let maxCount, values.count > maxCount else { return values[...] }
        record(key, .maxCount, element: nil, "\(values.count) elements, limit \(maxCount); cut to \(maxCount)")
        return values.prefix(maxCount)
    }
}
