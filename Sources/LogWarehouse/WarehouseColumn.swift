import LogSchema

/// One column of the warehouse table.
public struct WarehouseColumn: Hashable, Sendable {
    /// Where a column's values come from.
    public enum Role: Hashable, Sendable {
        /// A key of the runtime's envelope (`uuid`, `time`, …).
        case envelope
        /// A field of the common payload (`common.md`).
        case common
        /// A field of one or more events.
        case payload
        /// The milliseconds (0–999) of the moment column named here, which ClickHouse's
        /// `DateTime` cannot hold.
        case milliseconds(of: String)
    }

    public var name: String
    public var type: ClickHouseType
    /// The column's comment, from the definitions' descriptions.
    public var comment: String
    public var role: Role
    /// Where the field is first defined (`nil` for envelope columns).
    public var location: SourceLocation?

    public init(name: String, type: ClickHouseType, comment: String, role: Role, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.comment = comment
        self.role = role
        self.location = location
    }

    /// The column as written in `CREATE TABLE` and `ADD COLUMN`: `keyword String COMMENT '…'`.
    public var definition: String { definition(withComment: true) }

    /// The column as written in `CREATE TABLE`, with or without its comment.
    func definition(withComment: Bool) -> String {
        var text = "\(ClickHouseSQL.identifier(name)) \(type)"
        if withComment, !comment.isEmpty { text += " COMMENT \(ClickHouseSQL.literal(comment))" }
        return text
    }
}
