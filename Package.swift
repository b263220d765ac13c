// swift-tools-version:6.1
// 6.1 is needed by the build plugin (`PluginContext.pluginWorkDirectoryURL`, `directoryURL`).
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

// What an app depends on: the runtime, its test support, shipping over HTTP, the store and
// its query library (for an in-app debug screen), the two commands and the build plugin.
let products: [Product] = [
    .library(name: "BehaviorLog", targets: ["BehaviorLog"]),
    .library(name: "BehaviorLogTesting", targets: ["BehaviorLogTesting"]),
    .library(name: "BehaviorLogHTTP", targets: ["BehaviorLogHTTP"]),
    .library(name: "LogStore", targets: ["LogStore"]),
    .library(name: "LogQuery", targets: ["LogQuery"]),
    .executable(name: "loggen", targets: ["loggen"]),
    .executable(name: "logview", targets: ["logview"]),
    .plugin(name: "LoggenPlugin", targets: ["LoggenPlugin"]),
]

var targets: [Target] = []

// MARK: - Core
// CLogStoreAtomics → LogCore, the bottom library every other target links.

targets += [
    // A C11 atomic counter: `Synchronization.Atomic` needs iOS 18 / macOS 15.
    .target(name: "CLogStoreAtomics"),
    // The one home of the low-level mechanisms, `package` API only. Platform/: the platform
    // layer, the only files that call the system (`System`, `Locked`, `AtomicCounter`, sockets).
    // The privacy manifest: the layer calls stat/fstat/lstat, a required-reason API (docs/Platforms.md).
    .target(
        name: "LogCore", dependencies: ["CLogStoreAtomics"],
        resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: swiftSettings),
]

// MARK: - Definitions, `loggen` and the build plugin
// CCmark → LogMarkdown → LogSchema → LogCodegen → loggen / LoggenPlugin (file I/O through LogCore's System)

targets += [
    .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
    // The schema model, diagnostics and the schema's JSON: no cmark, no I/O.
    .target(name: "LogSchema", swiftSettings: swiftSettings),
    // Markdown → Schema; the only module that calls cmark_*.
    .target(name: "LogMarkdown", dependencies: ["CCmark", "LogSchema", "LogCore"], swiftSettings: swiftSettings),
    // Schema → Swift (translate, then render).
    .target(name: "LogCodegen", dependencies: ["LogSchema", "LogCore"], swiftSettings: swiftSettings),
    // Schema → the warehouse table: ClickHouse DDL and migrations (`loggen ddl`).
    .target(name: "LogWarehouse", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .executableTarget(
        name: "loggen",
        dependencies: ["CommandLineSupport", "LogCore", "LogMarkdown", "LogSchema", "LogCodegen", "LogWarehouse"],
        swiftSettings: swiftSettings),
    .plugin(name: "LoggenPlugin", capability: .buildTool(), dependencies: ["loggen"]),

    .testTarget(name: "LogSchemaTests", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogMarkdownTests", dependencies: ["LogMarkdown", "LogSchema"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogCodegenTests", dependencies: ["LogCodegen", "LogMarkdown", "LogSchema", "TestSupport"],
        exclude: ["Resources"], swiftSettings: swiftSettings),
    .testTarget(name: "LogWarehouseTests", dependencies: ["LogWarehouse"], swiftSettings: swiftSettings),
    // Runs the built `loggen` (a dependency, so that it is built first).
    .testTarget(
        name: "LoggenTests", dependencies: ["loggen", "TestSupport"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
]

// MARK: - Store
// LogStore: the crash-safe segment store (Foundation + LogCore's platform layer, CRC-32C in a small C target).

targets += [
    .target(name: "CLogStoreCRC"),
    .target(name: "LogStore", dependencies: ["LogCore", "CLogStoreCRC"], swiftSettings: swiftSettings),
    .executableTarget(
        name: "logstore-stress", dependencies: ["LogStore", "LogCore", "CommandLineSupport"], swiftSettings: swiftSettings),
    // The fault tests run the built logstore-stress; depending on it makes `swift build --build-tests` build it.
    .testTarget(name: "LogStoreTests", dependencies: ["LogStore", "LogCore", "logstore-stress", "LogStoreTestSupport"], swiftSettings: swiftSettings),
]

// MARK: - Runtime
// LogCore → LogStore → BehaviorLog → BehaviorLogHTTP

targets += [
    // What an app imports: the logger, filters, outputs; links neither cmark nor networking.
    .target(name: "BehaviorLog", dependencies: ["LogStore", "LogCore"], swiftSettings: swiftSettings),
    // A recording output and typed assertions for an app's tests.
    .target(name: "BehaviorLogTesting", dependencies: ["BehaviorLog", "LogStore", "LogCore"], swiftSettings: swiftSettings),
    // zlib, for gzip request bodies (Debian's zlib1g-dev).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // HTTPOutput and ClickHouseOutput: the only target that links FoundationNetworking.
    .target(name: "BehaviorLogHTTP", dependencies: ["BehaviorLog", "LogStore", "LogCore", "CZlib"], swiftSettings: swiftSettings),

    // Posts numbered logs and denies consent midway; the consent crash test kills it.
    .executableTarget(
        name: "consent-probe", dependencies: ["BehaviorLog", "LogStore", "LogCore", "CommandLineSupport"], swiftSettings: swiftSettings),
    // Depends on consent-probe so that `swift build --build-tests` builds it.
    .testTarget(
        name: "BehaviorLogTests",
        dependencies: ["BehaviorLog", "BehaviorLogTesting", "LogStore", "LogCore", "TestSupport", "LogStoreTestSupport", "consent-probe"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "BehaviorLogHTTPTests", dependencies: ["BehaviorLogHTTP", "BehaviorLog", "LogStore", "LogCore"],
        swiftSettings: swiftSettings),
]

// MARK: - Inspection
// LogStore + LogSchema (+ LogMarkdown) → LogQuery → logview

targets += [
    // Filters, time parsing, aggregation and formatting over a store; reusable by an app's debug screen.
    .target(name: "LogQuery", dependencies: ["LogStore", "LogCore", "LogSchema"], swiftSettings: swiftSettings),
    // `logview serve`: a small HTTP/1.1 server, the browser viewer and the collector (not app-linked;
    // its socket calls are the platform layer's, LogCore/Platform/ServerSocket.swift).
    .target(
        name: "LogServer", dependencies: ["LogQuery", "LogStore", "LogCore", "LogSchema", "BehaviorLogHTTP"],
        swiftSettings: swiftSettings),
    .executableTarget(
        name: "logview", dependencies: ["LogQuery", "LogServer", "LogStore", "LogCore", "LogSchema", "LogMarkdown", "CommandLineSupport"],
        swiftSettings: swiftSettings),
    .testTarget(name: "LogServerTests", dependencies: ["LogServer", "LogQuery", "LogStore", "BehaviorLogHTTP", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(name: "LogQueryTests", dependencies: ["LogQuery", "LogMarkdown", "LogSchema", "LogStore", "LogCore", "TestSupport"], swiftSettings: swiftSettings),
    // Runs the built `logview` (and `recipe-demo` for real stores) as a user would.
    .testTarget(name: "LogviewTests", dependencies: ["logview", "recipe-demo", "LogQuery", "TestSupport"], swiftSettings: swiftSettings),
]

// MARK: - The sample app, the generated code's proofs, and the benchmarks

targets += [
    // The sample app's logs: `loggen generate LogDefinitions --output Generated
    // --import RecipeAppTypes`, checked in (`make test` fails when it is stale).
    .target(name: "RecipeLogs", dependencies: ["BehaviorLog", "RecipeAppTypes"], path: "Generated"),
    // The external types the sample definitions name (`NetworkKind`, `ReferrerScreen`).
    .target(name: "RecipeAppTypes", dependencies: ["BehaviorLog"], swiftSettings: swiftSettings),
    // Simulated sessions of the sample app through the whole pipeline (`make demo`).
    .target(
        name: "RecipeDemo",
        dependencies: ["BehaviorLog", "BehaviorLogHTTP", "LogStore", "LogCore", "RecipeLogs", "RecipeAppTypes"],
        swiftSettings: swiftSettings),
    .executableTarget(
        name: "recipe-demo", dependencies: ["RecipeDemo", "BehaviorLogHTTP", "LogCore", "CommandLineSupport"],
        swiftSettings: swiftSettings),
    // Proves the plugin: its LogDefinitions/ become Swift during the build; LogCodegenTests
    // runs it. (An executable, not a test target: SwiftPM would link `loggen` into the test
    // bundle twice, once as the plugin's tool and once for LoggenTests.)
    .executableTarget(
        name: "LoggenPluginExample", dependencies: ["BehaviorLog"], exclude: ["LogDefinitions"],
        swiftSettings: swiftSettings, plugins: [.plugin(name: "LoggenPlugin")]),
    // `make bench-runtime` and `make bench-clickhouse`.
    .executableTarget(
        name: "runtime-bench", dependencies: ["BehaviorLog", "LogStore", "LogCore", "RecipeDemo"], swiftSettings: swiftSettings),
    // `make bench-energy`: syncs, wake-ups and bytes per log at 100 and 1 logs/s, and idle.
    .executableTarget(
        name: "energy-bench", dependencies: ["BehaviorLog", "LogStore", "LogCore", "RecipeDemo", "RecipeLogs"], swiftSettings: swiftSettings),
    .executableTarget(
        name: "clickhouse-bench", dependencies: ["BehaviorLog", "BehaviorLogHTTP", "LogStore", "LogCore", "RecipeDemo"],
        swiftSettings: swiftSettings),

    // Compiles and exercises the reference output of the hostile fixture (through the
    // symlink HostileReference → LogCodegenTests/Resources/hostile/expected) and RecipeLogs.
    .testTarget(
        name: "GeneratedCodeTests",
        dependencies: ["BehaviorLog", "BehaviorLogTesting", "LogCore", "RecipeLogs", "RecipeAppTypes"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "RecipeDemoTests", dependencies: ["RecipeDemo", "BehaviorLog", "LogStore", "LogCore"], swiftSettings: swiftSettings),
    // Against a real ClickHouse (Tests/Support/clickhouse-sandbox): the DDL, recipe-demo's
    // 10 K logs round-tripping, a server killed mid-run. It runs the executables loggen,
    // recipe-demo and logview, which `swift build --build-tests` builds (a second test target
    // that links an executable clashes on Linux).
    .testTarget(
        name: "WarehouseIntegrationTests", dependencies: ["BehaviorLogHTTP", "BehaviorLog", "LogStore", "TestSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - Shared by the executables

targets += [
    // Command-line parsing in swift-argument-parser's conventions (which cannot be fetched here).
    .target(name: "CommandLineSupport", dependencies: ["LogCore"], swiftSettings: swiftSettings),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "LogCore"], swiftSettings: swiftSettings),
]

// MARK: - Shared by the tests

targets += [
    // Running programs from the outside, and seeded random data: one copy for every test target.
    .target(name: "TestSupport", dependencies: ["LogCore"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
    // A file system that loses power (`PowerLossFileSystem`) and the power-loss scenarios run
    // on it, for the store's tests and the buffered output's.
    .target(name: "LogStoreTestSupport", dependencies: ["LogStore", "LogCore", "TestSupport"], path: "Tests/LogStoreTestSupport", swiftSettings: swiftSettings),
]

let package = Package(
    name: "BehaviorLog",
    // The deployment floor of everything an app links (docs/Platforms.md): Swift `Regex`,
    // `ContinuousClock` and `Duration` need iOS 16 / macOS 13 / tvOS 16 / watchOS 9; nothing
    // newer is used without `@available` (no `Synchronization`, no task executors).
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
