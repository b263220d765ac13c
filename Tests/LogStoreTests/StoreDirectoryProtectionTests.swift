import Foundation
import LogCore
import LogStoreTestSupport
import Testing
import TestSupport
@testable import LogStore

/// A store protects its own directory and nothing above it (issue 24): the folders it creates on
/// the way there are the app's (`Application Support`, which iOS does not create at install), and
/// the app's own files in them must not inherit the store's backup exclusion or protection class.
@Suite struct StoreDirectoryProtectionTests {
    /// Every call the store makes through its seam, and the store's configuration using it.
    private static func recording(_ protection: LogFileProtection) -> (Locked<[FileSystemCall]>, LogStoreConfiguration) {
        let calls = Locked<[FileSystemCall]>([])
        var configuration = TemporaryStore.configuration()
        configuration.fileProtection = protection
        configuration.fileSystem = InterceptingFileSystem { call in calls.withLock { $0.append(call) } }
        return (calls, configuration)
    }

    @Test func onlyTheStoresOwnDirectoryIsProtectedNotTheParentsItCreates() throws {
        let temporary = TemporaryDirectory("store-protection")
        defer { temporary.remove() }
        let a = temporary.appending("A")
        try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: false)
        let store = a + "/B/C/store"
        let (calls, configuration) = Self.recording(.complete)

        let writer = try LogStoreWriter(directory: store, configuration: configuration)
        _ = try writer.append(sampleEntry(1))
        try writer.flush()

        let made = calls.withLock { $0.compactMap { if case .makeDirectory(let path) = $0 { path } else { nil } } }
        let protected = calls.withLock { $0.compactMap { if case .protect(let path, let protection) = $0 { "\(path) \(protection)" } else { nil } } }
        #expect(made == [a + "/B", a + "/B/C", store])
        #expect(protected == ["\(store) complete"], "A/B and A/B/C are the app's folders, not the store's")
        #expect(FileManager.default.fileExists(atPath: store + "/LOCK"))
    }

    @Test func anExistingStoreDirectoryIsNotProtectedAgain() throws {
        let temporary = TemporaryDirectory("store-protection-existing")
        defer { temporary.remove() }
        let store = temporary.appending("store")
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
        let (calls, configuration) = Self.recording(.completeUntilFirstUserAuthentication)

        _ = try LogStoreWriter(directory: store, configuration: configuration)

        #expect(
            calls.withLock { $0.filter { if case .protect = $0 { true } else { false } } }.isEmpty,
            "a directory the store did not create keeps the classes it has")
        #expect(calls.withLock { $0.filter { if case .makeDirectory = $0 { true } else { false } } }.isEmpty)
    }
}
