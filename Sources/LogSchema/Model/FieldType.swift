/// The builtin scalar types, written with a leading `!` (`!bigint`).
public enum BuiltinType: String, Hashable, Sendable, CaseIterable {
    case smallint, integer, bigint, real, double, boolean, string, date, timestamp, timestamptz

    /// Whether the type is a number (ranges apply to it).
    public var isNumeric: Bool {
        switch self {
        case .smallint, .integer, .bigint, .real, .double: true
        default: false
        }
    }

    /// Whether the type is a whole number.
    public var isInteger: Bool {
        switch self {
        case .smallint, .integer, .bigint: true
        default: false
        }
    }
}

/// A scalar type: a builtin, or a custom type named without `!`.
public enum ScalarType: Hashable, Sendable {
    case builtin(BuiltinType)
    /// A custom type: an enum declared in `types.md`, or an external type the app provides.
    case custom(String)

    /// The type's name as written, without `!`.
    public var name: String {
        switch self {
        case .builtin(let builtin): builtin.rawValue
        case .custom(let name): name
        }
    }
}

/// A number bound of a range (`!integer 1..100`, `!double 0..1`), kept exact.
public enum NumberBound: Hashable, Sendable, CustomStringConvertible {
    case integer(Int64)
    case real(Double)

    /// The bound as a `Double`, for comparisons.
    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        }
    }

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): String(value)
        }
    }
}

/// An inclusive range of allowed numbers.
public struct NumericRange: Hashable, Sendable {
    public var min: NumberBound
    public var max: NumberBound

    public init(min: NumberBound, max: NumberBound) {
        self.min = min
        self.max = max
    }
}

/// A field's full type: a scalar, its constraints, and whether it is an array of them.
///
/// Constraints apply to the scalar, so for an array they apply to each element.
public struct FieldType: Hashable, Sendable {
    /// The scalar type (for an array, the element type).
    public var scalar: ScalarType
    /// The maximum length in UTF-8 bytes (`!string 256`).
    public var maxLength: Int?
    /// The allowed numbers (`!integer 1..100`).
    public var range: NumericRange?
    /// A regular expression the whole string must match (``!string `^[a-z]+$` ``).
    public var pattern: String?
    /// Whether the field is an array of the scalar.
    public var isArray: Bool
    /// The most elements an array may hold, if limited.
    public var maxCount: Int?

    public init(
        scalar: ScalarType, maxLength: Int? = nil, range: NumericRange? = nil, pattern: String? = nil,
        isArray: Bool = false, maxCount: Int? = nil
    ) {
        self.scalar = scalar
        self.maxLength = maxLength
        self.range = range
        self.pattern = pattern
        self.isArray = isArray
        self.maxCount = maxCount
    }

    /// The builtin type, if the scalar is one.
    public var builtin: BuiltinType? {
        if case .builtin(let builtin) = scalar { return builtin }
        return nil
    }
}
