// swift-tools-version:6.1
// The benchmarks, beside the root package (as swift-nio keeps its own): they depend on the root
// by path and use only its products' public API, so what they measure is what an app can call.
// `make bench-*` builds them with `swift build --package-path Benchmarks -c release`; the
// scripts those rules run are in Scripts/.
//
// The sample app's generated logs and simulated sessions come from the root's `_RecipeDemo`
// product (the sample app, a product only for this package; apps have no use for it).
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// The root package, named so that it resolves wherever the checkout lives (its identity would
// otherwise be the name of the folder it was cloned into).
let root = "BehaviorLog"
let behaviorLog: Target.Dependency = .product(name: "BehaviorLog", package: root)
let behaviorLogHTTP: Target.Dependency = .product(name: "BehaviorLogHTTP", package: root)
let logStore: Target.Dependency = .product(name: "LogStore", package: root)
// RecipeDemo (SessionSimulator), RecipeLogs (the generated events) and RecipeAppTypes.
let sampleApp: Target.Dependency = .product(name: "_RecipeDemo", package: root)

var targets: [Target] = []

// MARK: - Benchmarks

targets += [
    // What every benchmark shares: reading its `--name value` arguments.
    .target(name: "BenchmarkSupport", swiftSettings: swiftSettings),
    // The backend of the benchmarks that ship logs: accepts at once, counts.
    .target(name: "BenchmarkBackend", dependencies: [behaviorLog], swiftSettings: swiftSettings),
    // `make bench-runtime`: 1 M generated events through three filters into a BufferedOutput.
    .executableTarget(
        name: "runtime-bench", dependencies: ["BenchmarkSupport", behaviorLog, logStore, sampleApp],
        swiftSettings: swiftSettings),
    // `make bench-energy`: syncs, wake-ups and bytes per log at 100 and 1 logs/s, and idle.
    .executableTarget(
        name: "energy-bench", dependencies: ["BenchmarkBackend", "BenchmarkSupport", behaviorLog, logStore, sampleApp],
        swiftSettings: swiftSettings),
    // `make bench-device`: what an app pays on its own thread, in syncs and wake-ups, in RSS.
    .executableTarget(
        name: "device-bench", dependencies: ["BenchmarkBackend", "BenchmarkSupport", behaviorLog, sampleApp],
        swiftSettings: swiftSettings),
    // `make bench-clickhouse`: post() to rows visible in a real ClickHouse.
    .executableTarget(
        name: "clickhouse-bench", dependencies: ["BenchmarkSupport", behaviorLog, behaviorLogHTTP, logStore, sampleApp],
        swiftSettings: swiftSettings),
    // `make bench-store`: group-committed appends, a verify scan, append cost with a backlog.
    .executableTarget(name: "store-bench", dependencies: ["BenchmarkSupport", logStore], swiftSettings: swiftSettings),
]

let package = Package(
    name: "Benchmarks",
    // Not app-linked: the standard library's `Mutex` and `Atomic` (Synchronization) need macOS 15.
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: root, path: "..")],
    targets: targets,
    swiftLanguageModes: [.v6]
)
