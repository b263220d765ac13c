/// The columns every row has, filled from the runtime's envelope (docs/Runtime.md).
///
/// The envelope's `tag` is split into `event_category` and `event_name` (the names the
/// definitions reserve for this); `common` and `payload` are flattened into one column per
/// field; `violations` becomes a `Nested` column.
public enum EnvelopeColumns {
    /// The envelope's columns for a dialect, in table order: for today's servers, the tag's
    /// parts are `LowCardinality(String)` and the time is one `DateTime64(6, 'UTC')` column.
    public static func columns(for dialect: WarehouseDialect) -> [WarehouseColumn] {
        switch dialect {
        case .clickhouse: all
        case .clickhouse24: modern
        }
    }

    /// The envelope's columns on ClickHouse 18.16 and later, in table order.
    public static let all: [WarehouseColumn] = [
        column("uuid", .uuid, "The log's identity (a version 7 UUID); redelivered copies share it and collapse into one row."),
        column("event_category", .string, "The event's category: its definition document, such as recipe_search."),
        column("event_name", .string, "The event's name within its category, such as search."),
        column("time", .dateTime, "When the log was posted, in UTC, to the second."),
        WarehouseColumn(name: "time_ms", type: .uint16, comment: "The milliseconds of time (0-999).", role: .milliseconds(of: "time")),
        column("seq", .uint64, "The log's sequence number on the device that posted it."),
        column("schema", .string, "The version or hash of the definitions the app was built with."),
        column(
            "violations", .nested([("field", .string), ("kind", .string), ("detail", .string)]),
            "The constraint violations found while the log was built (a string truncated, a number clamped, ...)."),
    ]

    private static let modern: [WarehouseColumn] = [
        column("uuid", .uuid, "The log's identity (a version 7 UUID); redelivered copies share it and collapse into one row."),
        column("event_category", .lowCardinality(.string), "The event's category: its definition document, such as recipe_search."),
        column("event_name", .lowCardinality(.string), "The event's name within its category, such as search."),
        column("time", .dateTime64, "When the log was posted, in UTC, to the microsecond."),
        column("seq", .uint64, "The log's sequence number on the device that posted it."),
        column("schema", .string, "The version or hash of the definitions the app was built with."),
        column(
            "violations", .nested([("field", .string), ("kind", .string), ("detail", .string)]),
            "The constraint violations found while the log was built (a string truncated, a number clamped, ...)."),
    ]

    /// The sorting key: logs of one event together, in time order; the UUID last, so that
    /// `ReplacingMergeTree` collapses redelivered copies (which share every key column).
    public static let sortingKey = ["event_category", "event_name", "time", "uuid"]

    /// The partition expression: one partition per day.
    public static let partitionKey = "toYYYYMMDD(time)"

    private static func column(_ name: String, _ type: ClickHouseType, _ comment: String) -> WarehouseColumn {
        WarehouseColumn(name: name, type: type, comment: comment, role: .envelope)
    }
}
