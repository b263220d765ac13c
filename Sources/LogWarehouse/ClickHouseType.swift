/// A column type of ClickHouse, limited to what the DDL generator writes and what the
/// oldest supported server (Debian's 18.16) accepts.
///
/// 18.16 has no `DateTime64` and keeps `LowCardinality` behind an experimental setting,
/// so moments are `DateTime('UTC')` (whole seconds; the milliseconds go to a companion
/// column) and enums are `Enum8`/`Enum16`.
public indirect enum ClickHouseType: Hashable, Sendable, CustomStringConvertible {
    case int16, int32, int64, uint8, uint16, uint64
    case float32, float64
    case string
    case uuid
    /// A calendar date.
    case date
    /// A moment to the second, in UTC.
    case dateTime
    /// An enum of named values; `Enum8` up to 127 cases, `Enum16` beyond.
    case enumeration([(name: String, value: Int)])
    case nullable(ClickHouseType)
    case array(ClickHouseType)
    /// Parallel arrays under one name (`violations.field`, `violations.kind`, …).
    case nested([(name: String, type: ClickHouseType)])

    /// The type as written in DDL: `Nullable(Int64)`, `Enum8('latest' = 1, 'popular' = 2)`.
    public var description: String {
        switch self {
        case .int16: "Int16"
        case .int32: "Int32"
        case .int64: "Int64"
        case .uint8: "UInt8"
        case .uint16: "UInt16"
        case .uint64: "UInt64"
        case .float32: "Float32"
        case .float64: "Float64"
        case .string: "String"
        case .uuid: "UUID"
        case .date: "Date"
        case .dateTime: "DateTime('UTC')"
        case .enumeration(let cases):
            (cases.count <= 127 ? "Enum8(" : "Enum16(")
                + cases.map { "\(ClickHouseSQL.literal($0.name)) = \($0.value)" }.joined(separator: ", ") + ")"
        case .nullable(let wrapped): "Nullable(\(wrapped))"
        case .array(let element): "Array(\(element))"
        case .nested(let members):
            "Nested(" + members.map { "\(ClickHouseSQL.identifier($0.name)) \($0.type)" }.joined(separator: ", ") + ")"
        }
    }

    /// Whether the type holds moments (`DateTime`, possibly inside `Nullable` or `Array`).
    public var holdsMoments: Bool {
        switch self {
        case .dateTime: true
        case .nullable(let wrapped), .array(let wrapped): wrapped.holdsMoments
        default: false
        }
    }

    /// The same shape with the innermost scalar replaced: `Array(DateTime)` → `Array(UInt16)`.
    func replacingScalar(with scalar: ClickHouseType) -> ClickHouseType {
        switch self {
        case .nullable(let wrapped): .nullable(wrapped.replacingScalar(with: scalar))
        case .array(let element): .array(element.replacingScalar(with: scalar))
        default: scalar
        }
    }

    public static func == (lhs: ClickHouseType, rhs: ClickHouseType) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
