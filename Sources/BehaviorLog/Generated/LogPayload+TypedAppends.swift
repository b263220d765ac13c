import Foundation

// MARK: - Support for generated code
//
// Not API: for the code `loggen` generates (swift-protobuf's convention). An app does not
// call these; they change with the runtime's `LoggenVersion` (LoggenGenerated.swift), which
// keeps code generated for an earlier version compiling or failing with a clear message.

/// The appends generated code uses for builtin fields without constraints: one
/// non-generic function per type, because a plain call type-checks faster than a generic
/// one — generated code for thousands of events must compile fast. A `nil` value (a
/// missing optional field) is appended as ``LogValue/null``.
extension LogPayload {
    /// Appends a `!smallint` field.
    public mutating func appendInt16(_ key: String, _ value: Int16?) {
        append(key, value.map { .integer(Int64($0)) } ?? .null)
    }

    /// Appends an `!integer` field.
    public mutating func appendInt32(_ key: String, _ value: Int32?) {
        append(key, value.map { .integer(Int64($0)) } ?? .null)
    }

    /// Appends a `!bigint` field.
    public mutating func appendInt64(_ key: String, _ value: Int64?) {
        append(key, value.map { .integer($0) } ?? .null)
    }

    /// Appends a `!real` field.
    public mutating func appendFloat(_ key: String, _ value: Float?) {
        append(key, value.map { .float($0) } ?? .null)
    }

    /// Appends a `!double` field.
    public mutating func appendDouble(_ key: String, _ value: Double?) {
        append(key, value.map { .double($0) } ?? .null)
    }

    /// Appends a `!boolean` field.
    public mutating func appendBool(_ key: String, _ value: Bool?) {
        append(key, value.map { .bool($0) } ?? .null)
    }

    /// Appends a `!date` field.
    public mutating func appendDate(_ key: String, _ value: LogDate?) {
        append(key, value.map { .date($0) } ?? .null)
    }

    /// Appends a `!timestamp` or `!timestamptz` field.
    public mutating func appendTimestamp(_ key: String, _ value: Date?) {
        append(key, value.map { .timestamp($0) } ?? .null)
    }
}
