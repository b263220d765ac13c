extension Schema {
    /// The payload names a field may not take: the keys of the envelope the runtime wraps
    /// every log in, and the identifiers the warehouse table uses.
    public static let reservedNames: [String] = [
        "id", "log_id", "event_name", "event_category", "uuid", "seq", "time", "tag", "schema",
        "common", "violations", "payload",
    ]
}
