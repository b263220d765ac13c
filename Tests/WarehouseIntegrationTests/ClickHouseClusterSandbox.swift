import Foundation
import Testing
import TestSupport

/// A throwaway ClickHouse cluster on loopback (`Tests/Support/clickhouse-cluster-sandbox`): a
/// ZooKeeper and three servers. `two_shards` is s1 and s2, one shard each; `one_shard_two_replicas`
/// is s1 and s3, two replicas of one shard. Stopped with the test process at the latest.
final class ClickHouseClusterSandbox: Sendable {
    /// The cluster of the suite running now (see `.clickHouseCluster`).
    @TaskLocal static var current: ClickHouseClusterSandbox?

    static let script = URL(fileURLWithPath: ClickHouseSandbox.script).deletingLastPathComponent()
        .appendingPathComponent("clickhouse-cluster-sandbox").path

    /// Whether the cluster tests can run: clickhouse-server and zookeeper are installed, or the
    /// run requires them (`BEHAVIORLOG_REQUIRE_CLICKHOUSE=1`) and must fail without them.
    static let isAvailable: Bool =
        (ClickHouseSandbox.isAvailable
            && FileManager.default.fileExists(atPath: "/usr/share/java/zookeeper.jar"))
        || ProcessInfo.processInfo.environment["BEHAVIORLOG_REQUIRE_CLICKHOUSE"] == "1"

    let directory: String
    /// s1, s2, s3.
    let servers: [ClickHouseSandbox]

    init() throws {
        let directory = TemporaryDirectory("clickhouse-cluster").path
        self.directory = directory
        let output = try ClickHouseSandbox.runScript(
            ["start", directory, String(ProcessInfo.processInfo.processIdentifier)], script: Self.script)
        let servers = output.split(separator: "\n").enumerated().compactMap { index, line -> ClickHouseSandbox? in
            let ports = line.split(separator: " ").compactMap { Int($0) }
            guard ports.count == 2 else { return nil }
            return ClickHouseSandbox(directory: directory + "/s\(index + 1)", httpPort: ports[0], tcpPort: ports[1])
        }
        guard servers.count == 3 else {
            _ = try? ClickHouseSandbox.runScript(["stop", directory], script: Self.script)
            throw SandboxError("clickhouse-cluster-sandbox printed \(servers.count) servers, not 3: \(output)")
        }
        self.servers = servers
    }

    func stop() { _ = try? ClickHouseSandbox.runScript(["stop", directory], script: Self.script) }
}

/// Runs a suite with one cluster for all its tests (`ClickHouseClusterSandbox.current`).
struct ClickHouseClusterTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let cluster = try ClickHouseClusterSandbox()
        defer { cluster.stop() }
        try await ClickHouseClusterSandbox.$current.withValue(cluster) { try await function() }
    }
}

extension Trait where Self == ClickHouseClusterTrait {
    /// One throwaway cluster for the suite.
    static var clickHouseCluster: Self { Self() }
}
