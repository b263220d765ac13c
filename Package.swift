// swift-tools-version:6.1
// 6.1 is needed by the build plugin (`PluginContext.pluginWorkDirectoryURL`, `directoryURL`).
import PackageDescription
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// The map: the products, then one MARK section per product (or family of products) with the
// targets it needs and their tests; each target lists exactly the modules it imports
// (`make manifest-check`; README.md draws the same edges as a module map). Beside them: the sample app (its definitions, generated logs and
// `recipe-demo`, for `make demo`), the executables the tests run (test fixtures, in the
// section of what they test) and the test helpers. The benchmarks are a package of their own,
// Benchmarks/, that depends on this one by path.
//
// What an app depends on: the runtime, its test support, shipping over HTTP, the store and
// its query library (for an in-app debug screen), the in-app viewer (debug and internal builds),
// the two commands and the build plugin.
let products: [Product] = [
    .library(name: "BehaviorLog", targets: ["BehaviorLog"]),
    .library(name: "BehaviorLogTesting", targets: ["BehaviorLogTesting"]),
    .library(name: "BehaviorLogHTTP", targets: ["BehaviorLogHTTP"]),
    .library(name: "LogStore", targets: ["LogStore"]),
    .library(name: "LogQuery", targets: ["LogQuery"]),
    // The viewer of `logview serve` inside the app, for debug and internal builds only.
    .library(name: "BehaviorLogViewer", targets: ["BehaviorLogViewer"]),
    .executable(name: "loggen", targets: ["loggen"]),
    .executable(name: "logview", targets: ["logview"]),
    .plugin(name: "LoggenPlugin", targets: ["LoggenPlugin"]),
    // Not for apps: the sample app's generated logs and simulated sessions, a product only so
    // that the Benchmarks/ package can post them (a product is all another package can use).
    .library(name: "_RecipeDemo", targets: ["RecipeDemo", "RecipeLogs", "RecipeAppTypes"]),
]

var targets: [Target] = []

// MARK: - LogCore: the bottom library every other target links
// The one home of the low-level mechanisms; not a product (its API is `public` so that the
// optimizer inlines it into the modules above, see docs/Platforms.md). Platform/: the platform layer,
// the only files that call the system (`System`, `Locked`, `AtomicCounter`, sockets); JSON/,
// Time/, Text/: the wire format and time (JSON writer, CivilTime and ISO 8601, the Date↔µs
// rule, UUID text, hex). LogCoreTools: the JSON scanner and FNV-1a, which the runtime does not use.

targets += [
    // A C11 atomic counter: `Synchronization.Atomic` needs iOS 18 / macOS 15.
    .target(name: "CLogStoreAtomics"),
    // The privacy manifest: the layer calls stat/fstat/lstat, a required-reason API (docs/Platforms.md).
    .target(
        name: "LogCore", dependencies: ["CLogStoreAtomics"],
        resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: swiftSettings),
    // LogCore's mechanisms that only the tools and the HTTP backends use (the JSON scanner,
    // FNV-1a), in a module of their own so that the runtime an app links does not carry them:
    // Linux's linker keeps every object file of a module it links (docs/Performance.md).
    .target(name: "LogCoreTools", dependencies: ["LogCore"], swiftSettings: swiftSettings),
    // The golden formats: JSON control characters and doubles, years and rounding, UUIDs, FNV-1a.
    .testTarget(name: "LogCoreTests", dependencies: ["LogCore", "LogCoreTools"], swiftSettings: swiftSettings),
]

// MARK: - loggen and LoggenPlugin: definitions → Swift and the warehouse table

// CCmark: the CommonMark parser LogMarkdown reads with (Sources/CCmark/, docs/Platforms.md). One
// Swift source serves every variant: the C module is always `CCmark`, its header differs.
// `LOGGEN_CMARK` chooses; unset, a Mac takes the swift-cmark package (so adding BehaviorLog in
// Xcode fetches and builds everything the build plugin's `loggen` needs, no Homebrew) and Linux
// takes Debian's libcmark-dev.
enum CmarkSource: String {
    case libcmark, gfm, swiftCmark = "swift-cmark"

    static let fromEnvironment: CmarkSource = {
        guard let name = Context.environment["LOGGEN_CMARK"], !name.isEmpty else {
            #if os(macOS)
            return .swiftCmark
            #else
            return .libcmark
            #endif
        }
        guard let source = CmarkSource(rawValue: name) else {
            // One line and an exit status, not fatalError's crash and backtrace.
            let message = "error: LOGGEN_CMARK=\(name) is not a cmark this package knows: use libcmark, gfm or swift-cmark, or unset it\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(64)
        }
        return source
    }()
}

let cmarkSource = CmarkSource.fromEnvironment
var dependencies: [Package.Dependency] = []
let cmarkTarget: Target
switch cmarkSource {
case .libcmark:
    cmarkTarget = .systemLibrary(
        name: "CCmark", path: "Sources/CCmark/libcmark", pkgConfig: "libcmark",
        providers: [.apt(["libcmark-dev"]), .brew(["cmark"])])
case .gfm:
    // Debian's libcmark-gfm-dev (`make deps`): the header and API of swift-cmark, so Linux tests
    // that path. Its header is in /usr/include; not through pkg-config, whose libcmark-gfm.pc
    // also links the extensions' library, another package, which nothing here uses.
    cmarkTarget = .systemLibrary(name: "CCmark", path: "Sources/CCmark/gfm")
case .swiftCmark:
    // 0.5.0 is the release built and tested with this package (docs/Platforms.md); a range, not
    // an exact pin, so that an app that also depends on swift-markdown (or another user of
    // swift-cmark) still resolves. The app's Package.resolved pins the version it builds.
    dependencies.append(.package(url: "https://github.com/swiftlang/swift-cmark.git", from: "0.5.0"))
    cmarkTarget = .target(
        name: "CCmark", dependencies: [.product(name: "cmark-gfm", package: "swift-cmark")],
        path: "Sources/CCmark/package")
}

targets += [
    cmarkTarget,
    // The schema model, diagnostics and the schema's JSON: no cmark, no I/O.
    .target(name: "LogSchema", dependencies: ["LogCore", "LogCoreTools"], swiftSettings: swiftSettings),
    // Markdown → Schema; the only module that calls cmark_*.
    .target(name: "LogMarkdown", dependencies: ["CCmark", "LogCore", "LogSchema"], swiftSettings: swiftSettings),
    // Schema → Swift (translate, then render).
    .target(name: "LogCodegen", dependencies: ["LogCore", "LogSchema"], swiftSettings: swiftSettings),
    // Schema → the warehouse table: ClickHouse DDL and migrations (`loggen ddl`).
    .target(name: "LogWarehouse", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .executableTarget(
        name: "loggen",
        dependencies: ["CommandLineSupport", "LogCore", "LogMarkdown", "LogSchema", "LogCodegen", "LogWarehouse"],
        swiftSettings: swiftSettings),
    .plugin(name: "LoggenPlugin", capability: .buildTool(), dependencies: ["loggen"]),

    .testTarget(name: "LogSchemaTests", dependencies: ["LogSchema"], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogMarkdownTests", dependencies: ["LogMarkdown", "LogSchema", "TestSupport"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogCodegenTests", dependencies: ["LogCodegen", "LogCore", "LogCoreTools", "LogMarkdown", "LogSchema", "TestSupport"],
        exclude: ["Resources"], swiftSettings: swiftSettings),
    .testTarget(name: "LogWarehouseTests", dependencies: ["LogWarehouse", "LogSchema"], swiftSettings: swiftSettings),
    // Runs the built `loggen` (a dependency, so that it is built first).
    .testTarget(
        name: "LoggenTests", dependencies: ["loggen", "TestSupport"],
        resources: [.copy("Resources")], swiftSettings: swiftSettings),
]

// MARK: - LogStore: the crash-safe segment store

targets += [
    .target(name: "CLogStoreCRC"),
    .target(name: "LogStore", dependencies: ["LogCore", "CLogStoreCRC"], swiftSettings: swiftSettings),
    // A test fixture, not a tool: the crash loops and fault tests run it and kill it mid-write
    // (`write`), then check what survived (`verify`); `make fuzz-store` takes its seed store.
    .executableTarget(
        name: "logstore-stress", dependencies: ["LogCore", "LogCoreTools", "LogStore", "CommandLineSupport"], swiftSettings: swiftSettings),
    // Depends on logstore-stress so that `swift build --build-tests` builds it; CLogStoreCRC
    // for the CRC-32C tables test.
    .testTarget(
        name: "LogStoreTests", dependencies: ["LogCore", "LogStore", "CLogStoreCRC", "logstore-stress", "LogStoreTestSupport", "TestSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - BehaviorLog, BehaviorLogTesting, BehaviorLogHTTP: the runtime an app links

// zlib: Linux finds Debian's zlib1g-dev through pkg-config. A Mac (Xcode, or `swift build` there)
// builds every Apple platform against its SDK's libz and asks pkg-config nothing: a Homebrew
// `zlib.pc` would otherwise add a macOS dylib to an iOS or simulator link.
#if os(macOS)
let zlibTarget: Target = .systemLibrary(name: "CZlib")
#else
let zlibTarget: Target = .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])])
#endif

targets += [
    // What an app imports: the logger, filters, outputs; links neither cmark nor networking.
    .target(name: "BehaviorLog", dependencies: ["LogCore", "LogStore"], swiftSettings: swiftSettings),
    // A recording output and typed assertions for an app's tests.
    .target(name: "BehaviorLogTesting", dependencies: ["LogCore", "BehaviorLog", "LogStore"], swiftSettings: swiftSettings),
    // zlib, for gzip request bodies (below).
    zlibTarget,
    // HTTPBackend and ClickHouseBackend: the only target that links FoundationNetworking.
    // gzip over zlib, for HTTP bodies: BehaviorLogHTTP compresses what it posts, LogServer
    // reads what an app posts to `logview serve`. A target of its own so that the server (and
    // with it logview) does not link the app's HTTP outputs and the networking they bring.
    .target(name: "LogGzip", dependencies: ["CZlib"], swiftSettings: swiftSettings),
    .target(name: "BehaviorLogHTTP", dependencies: ["BehaviorLog", "LogCore", "LogCoreTools", "LogStore", "LogGzip"], swiftSettings: swiftSettings),

    // A test fixture: posts numbered logs and denies consent midway; the consent crash test
    // (BehaviorLogTests) runs it and kills it.
    .executableTarget(
        name: "consent-probe", dependencies: ["LogCore", "BehaviorLog", "LogStore", "CommandLineSupport"], swiftSettings: swiftSettings),
    // Depends on consent-probe so that `swift build --build-tests` builds it.
    .testTarget(
        name: "BehaviorLogTests",
        dependencies: [
            "BehaviorLog", "BehaviorLogTesting", "LogCore", "LogStore", "RecipeLogs", "TestSupport", "LogStoreTestSupport", "consent-probe",
        ],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "BehaviorLogHTTPTests",
        dependencies: ["LogCore", "BehaviorLogHTTP", "BehaviorLog", "BehaviorLogTesting", "LogStore", "LogGzip", "RecipeLogs", "TestSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - LogQuery and logview: inspecting a store

targets += [
    // Filters, time parsing, aggregation and formatting over a store; reusable by an app's debug screen.
    .target(name: "LogQuery", dependencies: ["LogCore", "LogCoreTools", "LogStore", "LogSchema"], swiftSettings: swiftSettings),
    // `logview serve`: a small HTTP/1.1 server and the browser viewer, read-only; app-linked
    // through BehaviorLogViewer (its socket calls are the platform layer's,
    // LogCore/Platform/ServerSocket.swift).
    .target(
        name: "LogServer", dependencies: ["LogCore", "LogQuery", "LogStore", "LogSchema"],
        swiftSettings: swiftSettings),
    // `logview serve --collect`: `POST /v1/logs` (gzip bodies) appended to the store. Apart from
    // LogServer, so that an app that links the viewer carries no writer and no gzip.
    .target(
        name: "LogIngest", dependencies: ["LogCore", "LogCoreTools", "LogQuery", "LogStore", "LogServer", "LogGzip"],
        swiftSettings: swiftSettings),
    .executableTarget(
        name: "logview", dependencies: ["LogCore", "LogQuery", "LogServer", "LogIngest", "LogStore", "LogSchema", "LogMarkdown", "CommandLineSupport"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "LogServerTests", dependencies: ["LogServer", "LogIngest", "LogQuery", "LogStore", "LogGzip", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(
        name: "LogQueryTests", dependencies: ["LogCore", "LogCoreTools", "LogQuery", "LogMarkdown", "LogSchema", "LogStore", "TestSupport"],
        swiftSettings: swiftSettings),
    // Runs the built `logview` (and `recipe-demo` for real stores) as a user would.
    .testTarget(
        name: "LogviewTests", dependencies: ["logview", "recipe-demo", "LogQuery", "LogStore", "LogSchema", "LogMarkdown", "TestSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - BehaviorLogViewer: the viewer inside the app (debug and internal builds)

targets += [
    // LogServer's viewer over the app's own store, on loopback with a random port and token,
    // with the definitions `loggen generate --embed-schema` compiled in (no Markdown, no cmark);
    // and the screens that show it (SwiftUI and UIKit, under `#if canImport(WebKit)`).
    .target(
        name: "BehaviorLogViewer", dependencies: ["LogCore", "LogSchema", "LogServer"], swiftSettings: swiftSettings),
    // Against RecipeLogs' embedded definitions and a store recipe-demo's sessions wrote.
    .testTarget(
        name: "BehaviorLogViewerTests",
        dependencies: ["BehaviorLogViewer", "LogSchema", "RecipeDemo", "RecipeLogs", "TestSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - The sample app: what `make demo` runs (`_RecipeDemo` is for Benchmarks/ only)
// LogDefinitions/ (its log definitions) → `loggen generate` → Generated/ (the RecipeLogs
// target, checked in; `make test` fails when it is stale). RecipeAppTypes holds the external
// types the definitions name; RecipeDemo simulates its sessions; recipe-demo runs them.

targets += [
    .target(name: "RecipeLogs", dependencies: ["BehaviorLog", "RecipeAppTypes"], path: "Generated", swiftSettings: swiftSettings),
    // The external types the sample definitions name (`NetworkKind`, `ReferrerScreen`).
    .target(name: "RecipeAppTypes", dependencies: ["BehaviorLog"], swiftSettings: swiftSettings),
    // Simulated sessions of the sample app through the whole pipeline (`make demo`).
    .target(
        name: "RecipeDemo",
        dependencies: ["BehaviorLog", "BehaviorLogHTTP", "LogCore", "LogStore", "RecipeLogs", "RecipeAppTypes"],
        swiftSettings: swiftSettings),
    .executableTarget(
        name: "recipe-demo", dependencies: ["LogCore", "RecipeDemo", "RecipeLogs", "BehaviorLogHTTP", "BehaviorLogViewer", "CommandLineSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - Proofs of the generated code

targets += [
    // Proves the plugin: its LogDefinitions/ become Swift during the build; LogCodegenTests
    // runs it. (An executable, not a test target: SwiftPM would link `loggen` into the test
    // bundle twice, once as the plugin's tool and once for LoggenTests.)
    .executableTarget(
        name: "LoggenPluginExample", dependencies: ["BehaviorLog"], exclude: ["LogDefinitions"],
        swiftSettings: swiftSettings, plugins: [.plugin(name: "LoggenPlugin")]),
    // Compiles and exercises the reference output of the hostile fixture (through the
    // symlink HostileReference → LogCodegenTests/Resources/hostile/expected) and RecipeLogs.
    .testTarget(
        name: "GeneratedCodeTests",
        dependencies: ["LogCore", "BehaviorLog", "BehaviorLogTesting", "RecipeLogs", "RecipeAppTypes"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "RecipeDemoTests", dependencies: ["LogCore", "RecipeDemo", "BehaviorLog", "LogStore", "TestSupport"], swiftSettings: swiftSettings),
    // Every ```swift snippet of README.md, docs/*.md and the DocC catalogs, compiled (mk/doc-snippets.py writes
    // DocSnippets.swift; `make test` fails when it is stale). Snippets leave values unused, so
    // their warnings are off; an error still fails the build.
    .testTarget(
        name: "DocSnippetTests",
        dependencies: ["BehaviorLog", "BehaviorLogHTTP", "BehaviorLogTesting", "BehaviorLogViewer", "LogQuery", "LogStore", "RecipeLogs"],
        swiftSettings: swiftSettings + [.unsafeFlags(["-suppress-warnings"])]),
    // Against a real ClickHouse (Tests/Support/clickhouse-sandbox): the DDL, recipe-demo's
    // 10 K logs round-tripping, a server killed mid-run. It runs the executables loggen,
    // recipe-demo and logview, which `swift build --build-tests` builds (a second test target
    // that links an executable clashes on Linux).
    .testTarget(
        name: "WarehouseIntegrationTests", dependencies: ["BehaviorLogHTTP", "BehaviorLog", "TestSupport"],
        swiftSettings: swiftSettings),
]

// MARK: - Shared by the executables

targets += [
    // Command-line parsing in swift-argument-parser's conventions (which cannot be fetched here).
    .target(name: "CommandLineSupport", dependencies: ["LogCore"], swiftSettings: swiftSettings),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["LogCore", "CommandLineSupport"], swiftSettings: swiftSettings),
]

// MARK: - Shared by the tests

targets += [
    // The one copy of what many test targets need: running programs and finding the built ones
    // (ProcessRunner), temporary directories, golden files (one re-record switch, RECORD_GOLDENS=1),
    // seeded random data, a raw HTTP client, a small file system.
    .target(name: "TestSupport", dependencies: ["LogCore"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
    // A file system that loses power (`PowerLossFileSystem`) and the power-loss scenarios run
    // on it, for the store's tests and the buffered output's.
    .target(
        name: "LogStoreTestSupport", dependencies: ["LogCore", "LogStore", "TestSupport"], path: "Tests/LogStoreTestSupport", swiftSettings: swiftSettings),
]

let package = Package(
    name: "BehaviorLog",
    // The deployment floor of everything an app links (docs/Platforms.md): Swift `Regex`,
    // `ContinuousClock` and `Duration` need iOS 16 / macOS 13 / tvOS 16 / watchOS 9; nothing
    // newer is used without `@available` (no `Synchronization`, no task executors).
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: products,
    dependencies: dependencies,
    targets: targets,
    swiftLanguageModes: [.v6]
)
