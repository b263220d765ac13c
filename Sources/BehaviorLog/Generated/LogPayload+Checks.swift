// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// The constraint checks of ``LogPayloadLayout``, the one path by which generated code's
/// payloads (an event's and the common payload's) are checked.
///
/// Each applies the constraint policy described at ``ConstraintViolation/handler``: the
/// value is made valid where that is safe, the violation is recorded in
/// ``LogPayload/violations`` and reported to the handler.
extension LogPayload {
    /// Never inlined: one copy for the checks' rare violations, not one in each check.
    @inline(never)
    mutating func record(_ key: String, _ kind: ConstraintViolation.Kind, element: Int?, _ detail: String) {
        let violation = ConstraintViolation(
            field: key, kind: kind, detail: element.map { "element \($0): " + detail } ?? detail)
        violations.append(violation)
        ConstraintViolation.report(violation)
    }

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

    mutating func cut(_ values: [LogValue], key: String, maxCount: Int?) -> ArraySlice<LogValue> {
        guard let maxCount, values.count > maxCount else { return values[...] }
        record(key, .maxCount, element: nil, "\(values.count) elements, limit \(maxCount); cut to \(maxCount)")
        return values.prefix(maxCount)
    }
}
