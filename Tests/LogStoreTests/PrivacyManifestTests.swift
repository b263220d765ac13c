import Foundation
import Testing
@testable import LogCore

/// LogCore's privacy manifest (Sources/LogCore/PrivacyInfo.xcprivacy: the platform layer makes
/// the system calls): a valid property list, bundled with the target, that declares no tracking and collects nothing, and gives a reason
/// for every required-reason API the app-linked targets call. App Store Connect rejects an app
/// whose SDKs call such an API without one.
@Suite struct PrivacyManifestTests {
    /// The root package's folder, also when these tests are built through ASan/'s symlinks (`make asan-store`).
    static let packageRoot = URL(filePath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Apple's required-reason API categories, the names that put code in them
    /// (developer.apple.com, "Describing use of required reason API"), and the reasons that fit
    /// a logging SDK writing inside the app's container.
    static let categories: [(category: String, names: [String], reasons: Set<String>)] = [
        (
            "NSPrivacyAccessedAPICategoryFileTimestamp",
            [
                "stat(", "fstat(", "lstat(", "fstatat(", "getattrlist", "creationDate", "modificationDate",
                "fileModificationDate", "contentModificationDateKey", "creationDateKey",
            ],
            ["C617.1"]
        ),
        ("NSPrivacyAccessedAPICategorySystemBootTime", ["systemUptime", "mach_absolute_time"], ["35F9.1"]),
        (
            "NSPrivacyAccessedAPICategoryDiskSpace",
            [
                "statfs(", "statvfs(", "fstatfs(", "fstatvfs(", "volumeAvailableCapacity", "volumeTotalCapacityKey",
                "systemFreeSize", "systemSize",
            ],
            ["E174.1", "85F4.1"]
        ),
        ("NSPrivacyAccessedAPICategoryUserDefaults", ["UserDefaults"], ["CA92.1"]),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["activeInputModes"], ["54BD.1"]),
    ]

    static func manifest(at url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require(plist as? [String: Any], "\(url.path): the top level is not a dictionary")
    }

    /// The declared categories and their reasons.
    static func declaredReasons(_ manifest: [String: Any]) throws -> [String: Set<String>] {
        let types = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: Set<String>] = [:]
        for entry in types {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            let reasons = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
            declared[category, default: []].formUnion(reasons)
        }
        return declared
    }

    @Test func theManifestDeclaresNoTrackingAndNoCollectedData() throws {
        let manifest = try Self.manifest(at: Self.packageRoot.appending(path: "Sources/LogCore/PrivacyInfo.xcprivacy"))
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        #expect(try Self.declaredReasons(manifest) == ["NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"]])
    }

    /// The copy SwiftPM bundles with the target (what an app's build embeds) is the same file.
    @Test func theManifestIsBundledWithLogCore() throws {
        let bundled = try #require(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        let source = Self.packageRoot.appending(path: "Sources/LogCore/PrivacyInfo.xcprivacy")
        #expect(try Data(contentsOf: bundled) == Data(contentsOf: source))
    }

    /// Every required-reason API the app-linked targets name is declared, with a reason that
    /// fits, in a manifest of the target that calls it; a new call without one fails here.
    @Test func everyRequiredReasonAPICalledIsDeclared() throws {
        for target in ["LogCore", "LogStore", "BehaviorLog", "BehaviorLogTesting", "BehaviorLogHTTP", "LogQuery"] {
            let folder = Self.packageRoot.appending(path: "Sources/\(target)")
            let manifestURL = folder.appending(path: "PrivacyInfo.xcprivacy")
            let declared =
                FileManager.default.fileExists(atPath: manifestURL.path)
                ? try Self.declaredReasons(Self.manifest(at: manifestURL)) : [:]
            for (file, text) in try Self.swiftSources(in: folder) {
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                for (category, names, reasons) in Self.categories {
                    guard let name = names.first(where: { code.contains($0) }) else { continue }
                    let given = declared[category] ?? []
                    #expect(
                        !given.isDisjoint(with: reasons),
                        "\(file) calls \(name) (\(category)): add it to \(target)/PrivacyInfo.xcprivacy with one of \(reasons.sorted())")
                }
            }
        }
    }

    static func swiftSources(in folder: URL) throws -> [(String, String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var sources: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            sources.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return sources.sorted { $0.0 < $1.0 }
    }
}
