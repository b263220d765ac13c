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
    .testTarget(name: "LogSchemaTests", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogMarkdownTests", dependencies: ["LogMarkdown", "LogSchema"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
]


// MARK: - Code generation

// (the code-generation work adds LogCodegen, LoggenPlugin and their tests here)


// MARK: - Store

// (the store work adds LogStore, logstore-stress and their tests here)


// MARK: - Runtime
// LogStore → BehaviorLog → BehaviorLogHTTP

targets += [
    .target(name: "BehaviorLog", swiftSettings: swiftSettings),
]

// (the runtime work adds BehaviorLogTesting, recipe-demo and their tests here)


// MARK: - Inspection and warehouse

// (LogQuery, logview, BehaviorLogHTTP come here)


let package = Package(
    name: "BehaviorLog",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
