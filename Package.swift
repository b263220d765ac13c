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
    // Runs the built `loggen` (a dependency, so that it is built first).
    .testTarget(
        name: "LoggenTests", dependencies: ["loggen"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
]


// MARK: - Code generation

// (the code-generation work adds LogCodegen, LoggenPlugin and their tests here)


// MARK: - Store

// LogStore: the crash-safe segment store (Foundation + Glibc, CRC-32C in a small C target).
targets += [
    .target(name: "CLogStoreCRC"),
    .target(name: "LogStore", dependencies: ["CLogStoreCRC"], swiftSettings: swiftSettings),
    .executableTarget(name: "logstore-stress", dependencies: ["LogStore", "CommandLineSupport"], swiftSettings: swiftSettings),
    // The fault tests run the built logstore-stress; depending on it makes `swift build --build-tests` build it.
    .testTarget(name: "LogStoreTests", dependencies: ["LogStore", "logstore-stress"], swiftSettings: swiftSettings),
]


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

// (the warehouse work adds BehaviorLogHTTP, the DDL generator and their tests here)


let package = Package(
    name: "BehaviorLog",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
