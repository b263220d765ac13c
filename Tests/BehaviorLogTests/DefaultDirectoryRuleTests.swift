@testable import BehaviorLog
import Foundation
import Testing

/// `BehaviorLogger.defaultDirectory` on every platform, from stand-in system folders and bundle
/// identifiers (issue 24): the rule is a function of them, so Linux tests what only a device would show.
@Suite struct DefaultDirectoryRuleTests {
    private static func rule(_ platform: DefaultDirectory.Platform, bundle: String?, process: String = "recipe-demo") -> URL {
        DefaultDirectory.url(
            platform: platform,
            applicationSupport: URL(fileURLWithPath: "/Users/ann/Library/Application Support"),
            caches: URL(fileURLWithPath: "/var/mobile/Containers/Data/Application/X/Library/Caches"),
            dataHome: URL(fileURLWithPath: "/home/ann/.local/share"),
            bundleIdentifier: bundle, processName: process)
    }

    @Test func twoMacAppsDoNotShareAFolder() {
        let recipes = Self.rule(.macOS, bundle: "com.example.recipes").path
        let notes = Self.rule(.macOS, bundle: "com.example.notes").path
        #expect(recipes == "/Users/ann/Library/Application Support/com.example.recipes/BehaviorLog")
        #expect(notes == "/Users/ann/Library/Application Support/com.example.notes/BehaviorLog")
    }

    @Test func aMacToolWithoutABundleIdentifierUsesItsNameAndSharesWithNoApp() {
        let tool = Self.rule(.macOS, bundle: nil, process: "recipe-demo").path
        #expect(tool == "/Users/ann/Library/Application Support/recipe-demo/BehaviorLog")
        #expect(tool != Self.rule(.macOS, bundle: "com.example.recipes").path)
        #expect(Self.rule(.macOS, bundle: nil, process: "a/b").path.hasSuffix("/a_b/BehaviorLog"), "a name stays one folder")
        #expect(Self.rule(.macOS, bundle: "", process: "x").path.hasSuffix("/BehaviorLogApp/BehaviorLog"))
    }

    @Test func anIPhoneAppKeepsItsContainersApplicationSupport() {
        #expect(
            Self.rule(.appContainer, bundle: "com.example.recipes").path
                == "/Users/ann/Library/Application Support/BehaviorLog")
    }

    @Test func tvOSKeepsLogsInCachesTheOnlyPlaceItLetsAnAppWrite() {
        #expect(
            Self.rule(.tvOS, bundle: "com.example.recipes").path
                == "/var/mobile/Containers/Data/Application/X/Library/Caches/BehaviorLog")
    }

    @Test func linuxFollowsXDG() {
        #expect(Self.rule(.linux, bundle: nil).path == "/home/ann/.local/share/BehaviorLog")
    }

    @Test func thisProcessHasTheLinuxRule() {
        #if os(Linux)
        let dataHome =
            ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        #expect(DefaultDirectory.current.path == dataHome.appendingPathComponent("BehaviorLog").path)
        #expect(BehaviorLogger.defaultDirectory == DefaultDirectory.current)
        #endif
    }
}
