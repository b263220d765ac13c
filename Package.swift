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

// MARK: - Runtime
// LogStore → BehaviorLog → BehaviorLogHTTP

targets += [
    .target(name: "BehaviorLog", swiftSettings: swiftSettings),
]

let package = Package(
    name: "BehaviorLog",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
