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
///
/// Most fields have no constraint or one, so the constraints are stored out of line
/// (copied on write): a `FieldType` is 32 bytes instead of 105, which keeps a schema of
/// 50,000 events in a fraction of the memory.
public struct FieldType: Hashable, Sendable {
    /// The scalar type (for an array, the element type).
    public var scalar: ScalarType
    /// Whether the field is an array of the scalar.
    public var isArray: Bool
    private var constraints: Constraints?

    public init(
        scalar: ScalarType, maxLength: Int? = nil, range: NumericRange? = nil, pattern: String? = nil,
        isArray: Bool = false, maxCount: Int? = nil
    ) {
        self.scalar = scalar
        self.isArray = isArray
        let values = Constraints.Values(maxLength: maxLength, range: range, pattern: pattern, maxCount: maxCount)
        self.constraints = values.isEmpty ? nil : Constraints(values)
    }

    /// The maximum length in UTF-8 bytes (`!string 256`).
    public var maxLength: Int? {
        get { constraints?.values.maxLength }
        set { update { $0.maxLength = newValue } }
    }

    /// The allowed numbers (`!integer 1..100`).
    public var range: NumericRange? {
        get { constraints?.values.range }
        set { update { $0.range = newValue } }
    }

    /// A regular expression the whole string must match (``!string `^[a-z]+$` ``).
    public var pattern: String? {
        get { constraints?.values.pattern }
        set { update { $0.pattern = newValue } }
    }

    /// The most elements an array may hold, if limited.
    public var maxCount: Int? {
        get { constraints?.values.maxCount }
        set { update { $0.maxCount = newValue } }
    }

    /// The builtin type, if the scalar is one.
    public var builtin: BuiltinType? {
        if case .builtin(let builtin) = scalar { return builtin }
        return nil
    }

    private mutating func update(_ change: (inout Constraints.Values) -> Void) {
        var values = constraints?.values ?? Constraints.Values()
        change(&values)
        constraints = values.isEmpty ? nil : Constraints(values)
    }

    public static func == (lhs: FieldType, rhs: FieldType) -> Bool {
        lhs.scalar == rhs.scalar && lhs.isArray == rhs.isArray
            && (lhs.constraints?.values ?? Constraints.Values()) == (rhs.constraints?.values ?? Constraints.Values())
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scalar)
        hasher.combine(isArray)
        hasher.combine(constraints?.values ?? Constraints.Values())
    }

    /// The constraints, immutable once built (a change makes a new box).
    private final class Constraints: Sendable {
        struct Values: Hashable, Sendable {
            var maxLength: Int?
            var range: NumericRange?
            var pattern: String?
            var maxCount: Int?

            var isEmpty: Bool { maxLength == nil && range == nil && pattern == nil && maxCount == nil }
        }

        let values: Values

        init(_ values: Values) { self.values = values }
    }
}
