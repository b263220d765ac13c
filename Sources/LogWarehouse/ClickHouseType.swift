/// A column type of ClickHouse, limited to what the DDL generator writes.
///
/// The oldest supported server (Debian's 18.16, ``WarehouseDialect/clickhouse``) has no
/// `DateTime64` and keeps `LowCardinality` behind an experimental setting, so there moments
/// are `DateTime('UTC')` (whole seconds; the milliseconds go to a companion column) and enums
/// are `Enum8`/`Enum16`. Today's servers (``WarehouseDialect/clickhouse24``) get
/// `DateTime64(6, 'UTC')` and `LowCardinality(String)`.
public indirect enum ClickHouseType: Hashable, Sendable, CustomStringConvertible {
    case int16, int32, int64, uint8, uint16, uint64
    case float32, float64
    case string
    case uuid
    /// A calendar date.
    case date
    /// A moment to the second, in UTC.
    case dateTime
    /// A moment to the microsecond, in UTC: `DateTime64(6, 'UTC')`.
    case dateTime64
    /// An enum of named values; `Enum8` up to 127 cases, `Enum16` beyond.
    case enumeration([(name: String, value: Int)])
    case nullable(ClickHouseType)
    case array(ClickHouseType)
    /// A dictionary-encoded column, for values that repeat (tags, enum cases).
    case lowCardinality(ClickHouseType)
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
        case .dateTime64: "DateTime64(6, 'UTC')"
        case .enumeration(let cases):
            (cases.count <= 127 ? "Enum8(" : "Enum16(")
                + cases.map { "\(ClickHouseSQL.literal($0.name)) = \($0.value)" }.joined(separator: ", ") + ")"
        case .nullable(let wrapped): "Nullable(\(wrapped))"
        case .array(let element): "Array(\(element))"
        case .lowCardinality(let wrapped): "LowCardinality(\(wrapped))"
        case .nested(let members):
            "Nested(" + members.map { "\(ClickHouseSQL.identifier($0.name)) \($0.type)" }.joined(separator: ", ") + ")"
        }
    }

    /// Whether the type holds moments to the second (`DateTime`, possibly inside `Nullable` or
    /// `Array`), whose milliseconds need a companion column.
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
