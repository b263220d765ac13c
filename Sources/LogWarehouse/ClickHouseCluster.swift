/// A ClickHouse cluster that `loggen ddl --cluster` writes for: the name it has in the servers'
/// `remote_servers` configuration, and whether each shard keeps replicas.
///
/// The cluster form of a table `logs` is two tables on every server: `logs_local`, the
/// shard's `ReplacingMergeTree` (`ReplicatedReplacingMergeTree` when replicated), and `logs`,
/// a `Distributed` table over the shards that sends each row to the shard of its UUID
/// (``shardingKey``), so a redelivered copy lands beside the first and collapses there.
public struct ClickHouseCluster: Hashable, Sendable {
    /// The cluster's name in `remote_servers`.
    public var name: String
    /// Whether the shards' tables are `ReplicatedReplacingMergeTree`, with the `{shard}` and
    /// `{replica}` macros each server defines.
    public var isReplicated: Bool

    public init(name: String, isReplicated: Bool = false) {
        self.name = name
        self.isReplicated = isReplicated
    }

    /// The expression that picks a row's shard: a hash of its UUID. The UUID is hashed as
    /// text because ClickHouse 18.16 hashes no `UUID` values; every dialect uses the same key,
    /// so a cluster keeps routing each UUID to the same shard across server upgrades.
    public static let shardingKey = "cityHash64(toString(uuid))"

    /// The suffix of the shards' table: `logs` is the `Distributed` table, `logs_local` the shard's.
    public static let localSuffix = "_local"

    /// Whether `name` can name a cluster: letters, digits and `_`, not starting with a digit.
    public static func isValidName(_ name: String) -> Bool {
        ClickHouseSQL.isPlainIdentifier(name)
    }

    /// Whether the tables go without column comments: 18.16 stores a replicated table's
    /// comments in the keeper, then refuses to create the second replica, finding its columns
    /// "too different" from the keeper's (checked on a real cluster). So on the old dialect a
    /// replicated cluster's tables (and their migrations) carry no comments.
    func dropsComments(in dialect: WarehouseDialect) -> Bool {
        isReplicated && dialect == .clickhouse
    }

    /// ` ON CLUSTER <name>`, as every statement of the cluster form carries it.
    var onCluster: String { " ON CLUSTER \(ClickHouseSQL.identifier(name))" }
}
