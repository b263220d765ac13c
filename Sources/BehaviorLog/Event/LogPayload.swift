/// The keyed values of one log, in the order the definitions list them.
///
/// Keys are the field names exactly as written in the Markdown (`recipe_id`). A payload
/// also carries the constraint violations found while it was built, so that a log whose
/// value had to be made valid (a string truncated, a number clamped) says so in its envelope.
public struct LogPayload: Equatable, Sendable {
    /// The fields, in order.
    public private(set) var fields: [(key: String, value: LogValue)]
    /// The constraint violations found while the payload was built.
    public internal(set) var violations: [ConstraintViolation]

    public init(capacity: Int = 0) {
        fields = []
        // Not for 0: reserving on the shared empty array allocates a buffer of its own.
        if capacity > 0 { fields.reserveCapacity(capacity) }
        violations = []
    }

    public init(_ fields: [(key: String, value: LogValue)], violations: [ConstraintViolation] = []) {
        self.fields = fields
        self.violations = violations
    }

    /// Adds a field at the end.
    public mutating func append(_ key: String, _ value: LogValue) {
        fields.append((key, value))
    }

    /// Adds a field at the end: a value of an enum or another ``LogValueConvertible`` type,
    /// as its ``LogValueConvertible/logValue``.
    @inlinable
    public mutating func append(_ key: String, value: some LogValueConvertible) {
        append(key, value.logValue)
    }

    /// Takes this payload's storage, emptied (its fields and violations released, the
    /// fields' buffer kept), and leaves an empty payload in its place. (When something else
    /// still holds the fields — an output that keeps logs — emptying makes a new buffer of
    /// the same capacity: an allocation, not a change to what the other holder sees.)
    mutating func emptiedStorage() -> LogPayload {
        var taken = LogPayload()
        swap(&taken, &self)
        taken.fields.removeAll(keepingCapacity: true)
        taken.violations = []
        return taken
    }

    /// Changes values in place, keys and order kept (the personal-data filter's hashing).
    mutating func updateValues(_ update: (String, inout LogValue) -> Void) {
        for index in fields.indices { update(fields[index].key, &fields[index].value) }
    }

    /// Removes the fields whose key is in `keys`, the others kept in order; returns how many.
    @discardableResult
    mutating func removeFields(in keys: [String]) -> Int {
        let count = fields.count
        fields.removeAll { keys.contains($0.key) }
        return count - fields.count
    }

    /// Whether `other` shares this payload's storage, fields and violations: then the two
    /// are equal, which this tells without comparing a field (an app hands the same common
    /// payload log after log).
    func sharesStorage(with other: LogPayload) -> Bool {
        sharesFieldStorage(with: other) && Self.identity(of: violations) == Self.identity(of: other.violations)
    }

    /// Whether `other` shares this payload's fields' storage (then it has the same fields).
    func sharesFieldStorage(with other: LogPayload) -> Bool {
        Self.identity(of: fields) == Self.identity(of: other.fields)
    }

    private static func identity<Element>(of array: [Element]) -> (UnsafeRawPointer?, Int) {
        array.withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
    }

    /// The value of the first field with this key.
    public subscript(key: String) -> LogValue? {
        fields.first { $0.key == key }?.value
    }

    /// The keys in order.
    public var keys: [String] { fields.map(\.key) }

    public static func == (lhs: LogPayload, rhs: LogPayload) -> Bool {
        guard lhs.fields.count == rhs.fields.count, lhs.violations == rhs.violations else { return false }
        // An index loop, not `zip(…).allSatisfy`: the same comparison in under half the code.
        for index in lhs.fields.indices where lhs.fields[index].key != rhs.fields[index].key || lhs.fields[index].value != rhs.fields[index].value {
            return false
        }
        return true
    }
}

/// A value that broke its definition's constraint, recorded in the log's envelope.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class ConstraintViolation: Equatable, Sendable, CustomStringConvertible {
    /// Which constraint the value broke.
    ///
    /// A one-byte struct with its values as static properties emitted into callers, not an
    /// enum: an enum's synthesised `Hashable` and its enum value witnesses were linked into
    /// every app (issue 26).
    public struct Kind: Sendable, Equatable {
        @usableFromInline let code: UInt8
        @usableFromInline init(code: UInt8) { self.code = code }

        /// A string longer than its `!string N` byte limit; it was truncated.
        @_alwaysEmitIntoClient public static var maxLength: Kind { Kind(code: 0) }
        /// A number outside its range; it was clamped.
        @_alwaysEmitIntoClient public static var range: Kind { Kind(code: 1) }
        /// A string that does not match its pattern; it was sent as it is.
        @_alwaysEmitIntoClient public static var pattern: Kind { Kind(code: 2) }
        /// An array with more elements than allowed; it was cut.
        @_alwaysEmitIntoClient public static var maxCount: Kind { Kind(code: 3) }

        /// The name the envelope writes (`"maxLength"`).
        public var rawValue: String {
            switch code {
            case 0: "maxLength"
            case 1: "range"
            case 2: "pattern"
            default: "maxCount"
            }
        }
    }

    /// The payload key of the field.
    public let field: String
    public let kind: Kind
    /// What was wrong, for people: `"300 bytes, limit 256"`.
    public let detail: String

    public init(field: String, kind: Kind, detail: String) {
        self.field = field
        self.kind = kind
        self.detail = detail
    }

    public var description: String { "\(field): \(kind.rawValue): \(detail)" }

    public static func == (lhs: ConstraintViolation, rhs: ConstraintViolation) -> Bool {
        lhs.field == rhs.field && lhs.kind == rhs.kind && lhs.detail == rhs.detail
    }
}
