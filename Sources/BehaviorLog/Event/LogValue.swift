import Foundation

/// One value of a log's payload.
///
/// Generated code builds payloads from these cases directly, so that posting a log
/// never goes through Foundation's JSON serialization.
public enum LogValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    /// A `!real`: written as the shortest text that reads back as the same `Float` (`0.98`),
    /// not as its `Double` widening (`0.9800000190734863`).
    case float(Float)
    case string(String)
    /// A calendar date (year, month, day), with no time zone.
    case date(LogDate)
    /// A moment in time.
    case timestamp(Date)
    case array([LogValue])
}

/// A value that can stand in a log's payload.
///
/// The builtin types conform; an external type named in the definitions (a custom type
/// not declared in `types.md`) must conform too, or the generated code does not compile.
public protocol LogValueConvertible {
    /// The value as it is logged.
    var logValue: LogValue { get }
}

extension Bool: LogValueConvertible { public var logValue: LogValue { .bool(self) } }
extension Int16: LogValueConvertible { public var logValue: LogValue { .integer(Int64(self)) } }
extension Int32: LogValueConvertible { public var logValue: LogValue { .integer(Int64(self)) } }
extension Int64: LogValueConvertible { public var logValue: LogValue { .integer(self) } }
extension Int: LogValueConvertible { public var logValue: LogValue { .integer(Int64(self)) } }
extension Float: LogValueConvertible { public var logValue: LogValue { .float(self) } }
extension Double: LogValueConvertible { public var logValue: LogValue { .double(self) } }
extension String: LogValueConvertible { public var logValue: LogValue { .string(self) } }
extension Date: LogValueConvertible { public var logValue: LogValue { .timestamp(self) } }
extension LogDate: LogValueConvertible { public var logValue: LogValue { .date(self) } }

extension Optional: LogValueConvertible where Wrapped: LogValueConvertible {
    public var logValue: LogValue { self?.logValue ?? .null }
}

extension Array: LogValueConvertible where Element: LogValueConvertible {
    // A loop over indices, not `map`: called through a protocol (unspecialized), `map` looks
    // up the metadata of its generic types on every call (a lock and a hash; a key path
    // would even be instantiated from its mangled name), while this loop's types are
    // concrete.
    public var logValue: LogValue {
        var values: [LogValue] = []
        values.reserveCapacity(count)
        for index in 0..<count { values.append(self[index].logValue) }
        return .array(values)
    }
}

extension LogValueConvertible where Self: RawRepresentable, RawValue == String {
    /// An enum from `types.md` is logged as its raw value, the case's name as written.
    public var logValue: LogValue { .string(rawValue) }
}
