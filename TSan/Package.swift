// swift-tools-version:6.1
// The runtime alone, for `make tsan-runtime` (mk/tsan.mk): the store, the logger and its outputs,
// the HTTP backends, and their tests (LogStoreTests, BehaviorLogTests, BehaviorLogHTTPTests),
// built with `--sanitize=thread`. Its Sources/ and Tests/ are symlinks to the root package's
// (RecipeLogs is the root's Generated/), so the code is the same; only the build is smaller:
// the root package's single test bundle would put every test target (the generator, the
// viewer, the warehouse) under ThreadSanitizer too. The targets below copy the root manifest's;
// a change there that this copy lacks fails `make tsan-runtime` at its build, so the two
// cannot drift apart unnoticed.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    // The root package's name, so that resource bundles are named as there (BehaviorLog_LogCore).
    name: "BehaviorLog",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    targets: [
        .target(name: "CLogStoreAtomics"),
        .target(
            name: "LogCore", dependencies: ["CLogStoreAtomics"],
            resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: swiftSettings),
        .target(name: "LogCoreTools", dependencies: ["LogCore"], swiftSettings: swiftSettings),
        .target(name: "CLogStoreCRC"),
        .target(name: "LogStore", dependencies: ["LogCore", "CLogStoreCRC"], swiftSettings: swiftSettings),
        .target(name: "CommandLineSupport", dependencies: ["LogCore"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "logstore-stress", dependencies: ["LogCore", "LogCoreTools", "LogStore", "CommandLineSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LogStoreTests", dependencies: ["LogCore", "LogStore", "CLogStoreCRC", "logstore-stress", "LogStoreTestSupport", "TestSupport"],
            swiftSettings: swiftSettings),
        .target(name: "TestSupport", dependencies: ["LogCore"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .target(
            name: "LogStoreTestSupport", dependencies: ["LogCore", "LogStore", "TestSupport"], path: "Tests/LogStoreTestSupport", swiftSettings: swiftSettings),

        .target(name: "BehaviorLog", dependencies: ["LogCore", "LogStore"], swiftSettings: swiftSettings),
        .target(name: "BehaviorLogTesting", dependencies: ["LogCore", "BehaviorLog", "LogStore"], swiftSettings: swiftSettings),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "LogGzip", dependencies: ["CZlib"], swiftSettings: swiftSettings),
        .target(name: "BehaviorLogHTTP", dependencies: ["BehaviorLog", "LogCore", "LogCoreTools", "LogStore", "LogGzip"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "consent-probe", dependencies: ["LogCore", "BehaviorLog", "LogStore", "CommandLineSupport"], swiftSettings: swiftSettings),
        .target(name: "RecipeLogs", dependencies: ["BehaviorLog", "RecipeAppTypes"], swiftSettings: swiftSettings),
        .target(name: "RecipeAppTypes", dependencies: ["BehaviorLog"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BehaviorLogTests",
            dependencies: [
                "BehaviorLog", "BehaviorLogTesting", "LogCore", "LogStore", "RecipeLogs", "TestSupport", "LogStoreTestSupport",
                "consent-probe",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BehaviorLogHTTPTests",
            dependencies: ["LogCore", "BehaviorLogHTTP", "BehaviorLog", "BehaviorLogTesting", "LogStore", "LogGzip", "RecipeLogs", "TestSupport"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
