// swift-tools-version:6.1
// The store and the definitions reader alone, for `make asan-store` (mk/asan.mk): LogCore (the
// platform layer, whose directory listing both use), LogStore, logstore-stress, LogMarkdown and
// their tests built with `--sanitize=address`. Its Sources/ and Tests/ are symlinks to the root
// package's, so the code is the same; only the build is smaller (about 130 steps instead of
// the whole package's 620: under a minute on two cores instead of eight). The targets below
// copy the root manifest's; a change there that this copy lacks fails `make asan-store` at its
// build, so the two cannot drift apart unnoticed.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// The root manifest's choice of cmark (`LOGGEN_CMARK`), for the two libraries Linux has:
// `make check-cmark-gfm` runs the reader's tests here over Debian's libcmark-gfm.
let cmarkTarget: Target =
    switch Context.environment["LOGGEN_CMARK"] ?? "" {
    case "", "libcmark":
        .systemLibrary(name: "CCmark", path: "Sources/CCmark/libcmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])])
    case "gfm":
        .systemLibrary(name: "CCmark", path: "Sources/CCmark/gfm")  // as the root manifest: no pkg-config
    case let other:
        fatalError("LOGGEN_CMARK=\(other): ASan/ builds with libcmark or gfm")
    }

let package = Package(
    // The root package's name, so that resource bundles are named as there (BehaviorLog_LogStore).
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
        // The definitions' reader: its folder listing read `d_name` as the store's did, and it
        // hands cmark's C strings to Swift. A copy of the root manifest's "Definitions" targets.
        cmarkTarget,
        .target(name: "LogSchema", dependencies: ["LogCore", "LogCoreTools"], swiftSettings: swiftSettings),
        .target(name: "LogMarkdown", dependencies: ["CCmark", "LogCore", "LogSchema"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LogMarkdownTests", dependencies: ["LogMarkdown", "LogSchema", "TestSupport"],
            resources: [.copy("Resources")], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
