// swift-tools-version:6.1
// 6.1 is needed by the build plugin (`PluginContext.pluginWorkDirectoryURL`, `directoryURL`).
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

var products: [Product] = []
var targets: [Target] = []

// MARK: - Definitions and `loggen`
// CCmark → LogMarkdown → LogSchema → LogCodegen → loggen / LoggenPlugin

targets += [
    .systemLibrary(
        name: "CCmark",
        pkgConfig: "libcmark",
        providers: [.apt(["libcmark-dev"])]
    ),
    .target(name: "LogSchema", swiftSettings: swiftSettings),
]

targets += [
    .target(name: "LogMarkdown", dependencies: ["CCmark", "LogSchema"], swiftSettings: swiftSettings),
    .executableTarget(
        name: "loggen", dependencies: ["CommandLineSupport", "LogMarkdown", "LogSchema"], swiftSettings: swiftSettings),
    .testTarget(name: "LogSchemaTests", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogMarkdownTests", dependencies: ["LogMarkdown", "LogSchema"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
]


// MARK: - Code generation

// (the code-generation work adds LogCodegen, LoggenPlugin and their tests here)


// MARK: - Store

// (the store work adds LogStore, logstore-stress and their tests here)


// MARK: - Shared by the executables

targets += [
    // Command-line parsing in swift-argument-parser's conventions (which cannot be fetched here).
    .target(name: "CommandLineSupport", swiftSettings: swiftSettings),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"], swiftSettings: swiftSettings),
]

// MARK: - Runtime
// LogStore → BehaviorLog → BehaviorLogHTTP

targets += [
    .target(name: "BehaviorLog", swiftSettings: swiftSettings),
]

// (the runtime work adds BehaviorLogTesting, recipe-demo and their tests here)


// MARK: - Inspection

// (the logview work adds LogQuery, logview and their tests here)


// MARK: - Warehouse

targets += [
    // The warehouse table from the definitions: ClickHouse DDL and migrations (`loggen ddl`).
    .target(name: "LogWarehouse", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .testTarget(name: "LogWarehouseTests", dependencies: ["LogWarehouse"], swiftSettings: swiftSettings),
]
targets += [
    // zlib, for gzip request bodies (Debian's zlib1g-dev).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // Shipping logs over HTTP (URLSession): the only target that links FoundationNetworking.
    .target(name: "BehaviorLogHTTP", dependencies: ["BehaviorLog", "CZlib"], swiftSettings: swiftSettings),
    .testTarget(name: "BehaviorLogHTTPTests", dependencies: ["BehaviorLogHTTP"], swiftSettings: swiftSettings),
]
// `loggen ddl` is a thin command over LogWarehouse (added here so the sections merge cleanly).
targets.first { $0.name == "loggen" }!.dependencies.append("LogWarehouse")


let package = Package(
    name: "BehaviorLog",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
