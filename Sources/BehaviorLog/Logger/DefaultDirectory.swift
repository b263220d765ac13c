import Foundation

/// The rule behind ``BehaviorLogger/defaultDirectory``, as a function: the platform and the
/// folders the system gives are inputs, so every platform's answer is tested on any machine.
/// (A namespace, not a struct holding the inputs: each struct costs an app its value witnesses.)
enum DefaultDirectory {
    /// What decides where an app may keep its logs.
    enum Platform: Equatable {
        /// iOS, iPadOS, watchOS, visionOS: every app has a container of its own.
        case appContainer
        /// macOS and Mac Catalyst: an app that is not sandboxed, and every command-line tool,
        /// shares `~/Library/Application Support` with every other.
        case macOS
        /// tvOS: an app may write only to its caches and temporary folders, which the system
        /// purges when it needs the space.
        case tvOS
        /// Linux (the tests, the demo): `$XDG_DATA_HOME`.
        case linux
    }

    /// The directory the logger's stores go under.
    /// - Parameters:
    ///   - applicationSupport, caches, dataHome: `Application Support` of the app (macOS: of the
    ///     user), caches, and Linux's data home.
    ///   - bundleIdentifier, processName: The app's bundle identifier (nil for a command-line
    ///     tool), and the process's name.
    static func url(
        platform: Platform, applicationSupport: URL, caches: URL, dataHome: URL?, bundleIdentifier: String?, processName: String
    ) -> URL {
        switch platform {
        case .appContainer:
            applicationSupport.appendingPathComponent("BehaviorLog", isDirectory: true)
        case .macOS:
            // Apple's guidance for Application Support on macOS: a folder named after the
            // bundle identifier. A sandboxed app's container already is its own; an unsandboxed
            // app or a tool would otherwise share its stores, their lock and the PII salt with
            // every other program that links BehaviorLog.
            applicationSupport.appendingPathComponent(Self.folderName(bundleIdentifier ?? processName), isDirectory: true)
                .appendingPathComponent("BehaviorLog", isDirectory: true)
        case .tvOS:
            caches.appendingPathComponent("BehaviorLog", isDirectory: true)
        case .linux:
            (dataHome ?? applicationSupport).appendingPathComponent("BehaviorLog", isDirectory: true)
        }
    }

    /// A name that is one path component: no `/`, not empty, not `.` or `..`.
    static func folderName(_ name: String) -> String {
        let cleaned = name.replacingOccurrences(of: "/", with: "_")
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "BehaviorLogApp" : cleaned
    }

    /// This process's directory.
    static var current: URL {
        let files = FileManager.default
        var dataHome: URL? = nil
        #if os(macOS) || targetEnvironment(macCatalyst)
        let platform = Platform.macOS
        #elseif os(tvOS)
        let platform = Platform.tvOS
        #elseif canImport(Darwin)
        let platform = Platform.appContainer
        #else
        let platform = Platform.linux
        // (`homeDirectoryForCurrentUser` is macOS and Linux only.)
        dataHome =
            ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? files.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        #endif
        return url(
            platform: platform,
            applicationSupport: files.urls(for: .applicationSupportDirectory, in: .userDomainMask).first ?? files.temporaryDirectory,
            caches: files.urls(for: .cachesDirectory, in: .userDomainMask).first ?? files.temporaryDirectory,
            dataHome: dataHome,
            bundleIdentifier: Bundle.main.bundleIdentifier,
            processName: ProcessInfo.processInfo.processName)
    }
}
